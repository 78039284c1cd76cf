import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';
import { freePort, spawnServer } from './server-process';

export { freePort } from './server-process';

export interface AppServer {
  baseUrl: string;
  dataDir: string;
  /** Messages the server would have e-mailed, newest last. */
  outbox(): Promise<OutboxMessage[]>;
  /**
   * Stops the server, runs `whileStopped` (an operator's offline work on the data folder, such as
   * `citable admin set-plan`), and starts it again on the same data and port: sessions, cookies
   * and the pages' addresses stay valid, as across any restart.
   */
  restart(whileStopped?: (dataDir: string) => Promise<void>): Promise<void>;
  /** Stops the server and removes its data. */
  stop(): Promise<void>;
}

export interface OutboxMessage {
  id: string;
  to: string;
  subject: string;
  text: string;
  links: string[];
}

/**
 * A new data folder. Its database starts as a copy of the migrated one the global setup made
 * (global-setup.ts): a fresh embedded database costs an initdb in WebAssembly, about 10 s a file.
 */
function newDataDir(): string {
  const dataDir = mkdtempSync(join(tmpdir(), 'citable-e2e-'));
  cpSync(join(inject('migratedDataDir'), 'pglite'), join(dataDir, 'pglite'), { recursive: true });
  return dataDir;
}

/** Starts the real server (built web app, embedded database) as a child process. */
export async function startAppServer(env: Record<string, string> = {}): Promise<AppServer> {
  const port = await freePort();
  const dataDir = newDataDir();
  let running = await spawnServer(port, dataDir, env).catch((error: unknown) => {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  return {
    baseUrl,
    dataDir,
    async outbox() {
      const response = await fetch(`${baseUrl}/api/dev/outbox`);
      const body = (await response.json()) as { messages: OutboxMessage[] };
      return body.messages;
    },
    async restart(whileStopped) {
      await running.stop();
      await whileStopped?.(dataDir);
      running = await spawnServer(port, dataDir, env);
    },
    async stop() {
      await running.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
