import type { FastifyInstance } from 'fastify';
import { ConfigError } from './config';
import { LockHeldError } from './lib/lock-file';

/**
 * Start-up failure and signal handling shared by `npm start` (server.ts) and `npm run worker`
 * (worker.ts).
 *
 * SIGTERM or SIGINT drains: `app.close()` stops accepting connections at once (the HTTP server
 * closes; requests arriving on kept-alive connections get 503), lets in-flight requests finish,
 * stops pg-boss from taking new jobs and lets running ones finish, then closes the database and
 * exits 0. The drain is bounded by `drainTimeoutMs` (SHUTDOWN_TIMEOUT_SECONDS): requests still
 * running then are cut and jobs still running are failed back to the queue for a retry (pg-boss
 * does that itself at the same deadline), and the process still exits cleanly. Should closing hang
 * past the deadline plus a margin, or a second signal arrive, the process exits 1 at once.
 */
export function drainOnSignals(app: FastifyInstance, options: { drainTimeoutMs: number; what: string }): void {
  let closing = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (closing) {
      app.log.warn(`${signal} received again while draining: exiting now`);
      process.exit(1);
    }
    closing = true;
    app.log.info(`${signal} received: draining ${options.what} (up to ${options.drainTimeoutMs / 1000} s), then exiting`);
    // Past the deadline a request still running is cut, so the server can close and the database
    // after it; unref'd timers never keep a drained process alive.
    // Node closes the connections that are idle when the server closes, but not those that become
    // idle later: a kept-alive connection whose request was in flight would hold the close open for
    // Fastify's 72 s keep-alive timeout. Closing idle ones as they appear ends the drain with the
    // last response.
    const reap = setInterval(() => app.server.closeIdleConnections(), 250);
    reap.unref();
    const cut = setTimeout(() => {
      app.log.warn('drain deadline reached: closing the connections still open');
      app.server.closeAllConnections();
    }, options.drainTimeoutMs);
    cut.unref();
    const stuck = setTimeout(() => {
      app.log.error('shutdown did not finish after the drain deadline: exiting without closing');
      process.exit(1);
    }, options.drainTimeoutMs + 15_000);
    stuck.unref();
    app.close().then(
      () => {
        app.log.info('drained: exiting');
        process.exit(0);
      },
      (error: unknown) => {
        app.log.error({ err: error }, 'error while shutting down');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', shutdown);
  process.on('SIGINT', shutdown);
}

/** Runs a process's main(); a configuration or data-folder problem is one clear line, anything else the full error. */
export function runMain(label: string, main: () => Promise<void>): void {
  main().catch((error: unknown) => {
    if (error instanceof ConfigError || error instanceof LockHeldError) console.error(`${label} cannot start: ${error.message}`);
    else console.error(`${label} failed to start:`, error);
    process.exit(1);
  });
}
