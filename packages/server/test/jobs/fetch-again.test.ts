import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromPglite, PgBoss } from 'pg-boss';
import { z } from 'zod';
import { JobRegistry, type JobDefinition } from '../../src/jobs/jobs-plugin';
import { startTestServer, type TestServer } from '../helpers';

/**
 * `work.fetchAgainAfterJob`: a loop that finished a job fetches the next at once, so a backlog is
 * worked through job after job rather than one job per poll (the audit queue, jobs/audit-run.ts).
 * Shown without a clock: the queue polls once an hour and is not woken by sends, and three jobs
 * wait in it before its worker starts; all three run only if each job's end fetches the next.
 * On PGlite, or PostgreSQL with DATABASE_URL.
 */

let server: TestServer;
let boss: PgBoss;
beforeAll(async () => {
  // The app works no jobs: this test's own pg-boss and registry do, on the app's database.
  server = await startTestServer({ env: { JOBS: 'off' } });
  const { pglite } = server.app.dbHandle;
  boss = pglite ? new PgBoss({ db: fromPglite(pglite), backend: 'pglite', schedule: false, supervise: false }) : new PgBoss({ connectionString: server.storage.databaseUrl, max: 2, schedule: false, supervise: false });
  boss.on('error', () => {});
  await boss.start();
}, 120_000);
afterAll(async () => {
  await boss?.stop({ graceful: false, close: true });
  await server?.close();
});

describe('a queue with fetchAgainAfterJob', () => {
  it('works through a backlog without waiting for a poll between jobs', async () => {
    const queue = 'test-fetch-again';
    await boss.createQueue(queue, { retryLimit: 0 });
    for (const n of [1, 2, 3]) await boss.send(queue, { n });
    const handled: number[] = [];
    let allDone: () => void = () => {};
    const done = new Promise<void>((resolve) => (allDone = resolve));
    const definition: JobDefinition<z.ZodObject<{ n: z.ZodNumber }>> = {
      id: queue,
      payload: z.object({ n: z.number() }),
      queue: { retryLimit: 0 },
      work: { pollingIntervalSeconds: 3600, fetchAgainAfterJob: true },
      handler: async ({ n }) => {
        handled.push(n);
        if (handled.length === 3) allDone();
      },
    };
    const registry = new JobRegistry(boss, server.app.log, {});
    await registry.define(definition);
    // Its worker's first fetch finds job 1; each job's end fetches the next.
    await registry.start();
    await done;
    expect(handled).toEqual([1, 2, 3]);
  }, 60_000);
});
