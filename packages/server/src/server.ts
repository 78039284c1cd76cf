import { createServer } from 'node:net';
import { buildApp } from './app';
import { loadConfig, type Config } from './config';
import { drainOnSignals, runMain } from './process-lifecycle';

/**
 * A port the kernel hands out for `host` now. With PORT=0 and no PUBLIC_URL, the app's address
 * (auth links, trusted origins, e-mail links, the API's server URL) must name the real port, and
 * those are read while the app is built, before it listens: so the port is chosen first. Another
 * process could take it in the meantime; listen() then fails with EADDRINUSE rather than serving
 * under a wrong address.
 */
function portFreeOn(host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen({ port: 0, host }, () => {
      const address = probe.address();
      probe.close(() => (address && typeof address === 'object' ? resolve(address.port) : reject(new Error(`no port for ${host}`))));
    });
  });
}

async function configForListening(): Promise<Config> {
  const config = loadConfig();
  if (config.port !== 0 || config.publicUrlSet) return config;
  return loadConfig({ ...process.env, PORT: String(await portFreeOn(config.host)) });
}

runMain('Citable', async () => {
  const config = await configForListening();
  const app = await buildApp(config);
  drainOnSignals(app, { drainTimeoutMs: config.shutdownTimeoutMs, what: config.jobsEnabled ? 'requests and jobs' : 'requests' });

  const address = await app.listen({ port: config.port, host: config.host });
  const port = new URL(address).port;
  console.log(`Citable is running at ${app.publicUrl()} (listening on ${config.host}:${port}, data in ${config.databaseUrl ? 'PostgreSQL' : config.dataDir})`);
});
