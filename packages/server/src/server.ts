import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { LockHeldError } from './lib/lock-file';

async function main(): Promise<void> {
  const config = loadConfig();
  const app = await buildApp(config);

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received, shutting down`);
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

  const address = await app.listen({ port: config.port, host: config.host });
  const port = new URL(address).port;
  console.log(`Citable is running at ${config.publicUrl} (listening on ${config.host}:${port}, data in ${config.databaseUrl ? 'PostgreSQL' : config.dataDir})`);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof LockHeldError) {
    console.error(`Citable cannot start: ${error.message}`);
  } else {
    console.error('Citable failed to start:', error);
  }
  process.exit(1);
});
