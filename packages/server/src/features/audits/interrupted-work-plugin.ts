import fp from 'fastify-plugin';
import { recoverInterruptedWork, SWEEP_INTERVAL_MS } from './recover-interrupted';

/**
 * Fails the audit runs and reports a crashed process left with no job to finish them
 * (recover-interrupted.ts): once at start-up, after pg-boss has requeued what it can; on
 * PostgreSQL also every SWEEP_INTERVAL_MS, since another instance may crash while this one runs.
 */
export const interruptedWorkPlugin = fp(
  async (app) => {
    const embedded = Boolean(app.dbHandle.pglite);
    await recoverInterruptedWork(app.db, { embedded, log: app.log });
    if (embedded) return;
    let sweeping = false;
    const timer = setInterval(() => {
      if (sweeping) return;
      sweeping = true;
      recoverInterruptedWork(app.db, { embedded, log: app.log })
        .catch((error: unknown) => app.log.warn({ err: error }, 'could not check for interrupted audit runs and reports'))
        .finally(() => (sweeping = false));
    }, SWEEP_INTERVAL_MS);
    timer.unref();
    app.addHook('preClose', async () => clearInterval(timer));
  },
  { name: 'interrupted-work', dependencies: ['db', 'jobs'] },
);
