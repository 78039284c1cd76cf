import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';

/**
 * `npm run worker`: a process that handles jobs (audits, reports, schedules) from the shared
 * PostgreSQL queue and serves no HTTP. Run any number beside API processes started with JOBS=off
 * (or without it: API processes then work jobs too). The app is built as the API builds it, so
 * every job definition is registered in one place; it is never listened on.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  if (!config.databaseUrl) {
    throw new ConfigError(
      'a worker needs DATABASE_URL (PostgreSQL). The embedded database (PGlite) allows one process per data folder, and `npm start` already works its jobs; set DATABASE_URL to run separate workers.',
    );
  }
  const app = await buildApp({ ...config, jobsEnabled: true });
  await app.ready();

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    // pg-boss stops fetching, lets running jobs finish (up to its timeout), then the pool closes.
    app.log.info(`${signal} received, draining jobs`);
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'error while shutting down');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
  console.log(`Citable worker ${process.pid} is handling jobs from PostgreSQL`);
}

main().catch((error: unknown) => {
  console.error(`Citable worker cannot start: ${error instanceof ConfigError ? error.message : error}`);
  process.exit(1);
});
