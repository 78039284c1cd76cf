import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { drainOnSignals, runMain } from './process-lifecycle';

/**
 * `npm run worker`: a process that handles jobs (audits, reports, schedules) from the shared
 * PostgreSQL queue and serves no HTTP. Run any number beside API processes started with JOBS=off
 * (or without it: API processes then work jobs too). The app is built as the API builds it, so
 * every job definition is registered in one place; it is never listened on.
 */
runMain('Citable worker', async () => {
  const config = loadConfig();
  if (!config.databaseUrl) {
    throw new ConfigError(
      'a worker needs DATABASE_URL (PostgreSQL). The embedded database (PGlite) allows one process per data folder, and `npm start` already works its jobs; set DATABASE_URL to run separate workers.',
    );
  }
  const app = await buildApp({ ...config, jobsEnabled: true });
  drainOnSignals(app, { drainTimeoutMs: config.shutdownTimeoutMs, what: 'jobs' });
  await app.ready();
  console.log(`Citable worker ${process.pid} is handling jobs from PostgreSQL`);
});
