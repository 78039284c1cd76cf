import { buildApp } from './app';
import { loadConfig } from './config';
import { drainOnSignals, runMain } from './process-lifecycle';

runMain('Citable', async () => {
  const config = loadConfig();
  const app = await buildApp(config);
  drainOnSignals(app, { drainTimeoutMs: config.shutdownTimeoutMs, what: config.jobsEnabled ? 'requests and jobs' : 'requests' });

  const address = await app.listen({ port: config.port, host: config.host });
  const port = new URL(address).port;
  console.log(`Citable is running at ${config.publicUrl} (listening on ${config.host}:${port}, data in ${config.databaseUrl ? 'PostgreSQL' : config.dataDir})`);
});
