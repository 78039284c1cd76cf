import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { listenForMetrics } from './ops/metrics';
import { drainOnSignals, runMain } from './process-lifecycle';

/**
 * `npm run worker`: a process that handles jobs (audits, reports, schedules) from the shared
 * PostgreSQL queue and serves no HTTP. Run any number beside API processes started with JOBS=off
 * (or without it: API processes then work jobs too). The app is built as the API builds it, so
 * every job definition is registered in one place; it is never listened on (with METRICS_TOKEN,
 * only a metrics listener on METRICS_PORT is: ops/metrics.ts listenForMetrics).
 */
runMain('Citable worker', async () => {
  const config = loadConfig();
  if (!config.databaseUrl) {
    throw new ConfigError(
      'a worker needs DATABASE_URL (PostgreSQL). The embedded database (PGlite) allows one process per data folder, and `npm start` already works its jobs; set DATABASE_URL to run separate workers.',
    );
  }
  // A worker answers no requests: it keeps no read caches (and no change-feed connection).
  const app = await buildApp({ ...config, jobsEnabled: true, readCacheSeconds: 0 });
  drainOnSignals(app, { drainTimeoutMs: config.shutdownTimeoutMs, what: 'jobs' });
  // The worker's job and audit metrics live in its own registry: with METRICS_TOKEN, a listener on
  // METRICS_PORT serves them (GET /metrics only), closed at the start of the drain.
  const metrics = config.metricsToken ? await listenForMetrics(app, { port: config.metricsPort, host: config.host }) : null;
  await app.ready();
  console.log(`Citable worker ${process.pid} is handling jobs from PostgreSQL${metrics ? `; metrics on port ${metrics.port} (GET /metrics)` : ''}`);
});
