import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { resolve } from 'node:path';
import { citableCommand } from '../../packages/server/test/support/citable-bundle';

// The server as a child process: the same entry point and start-up as `npm start`, from the bundle
// the global setup builds (packages/server/test/support/citable-bundle.ts) rather than through tsx.
// Kept free of vitest imports so the global setup (main process) can use it as well as the test files.

const repoRoot = resolve(import.meta.dirname, '../..');

export async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolvePort(address.port) : reject(new Error('no port'))));
    });
  });
}

export interface ServerProcess {
  /** Stops the process with SIGTERM (it drains), SIGKILL if it outlives the drain deadline. */
  stop(): Promise<void>;
}

/** Spawns the bundled `packages/server/src/server.ts` on 127.0.0.1:port and resolves once /api/health answers. */
export async function spawnServer(port: number, dataDir: string, env: Record<string, string>): Promise<ServerProcess> {
  const baseUrl = `http://127.0.0.1:${port}`;
  const { command, args } = citableCommand('server');
  const child: ChildProcess = spawn(command, args, {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: baseUrl,
      FETCH_ALLOW_HOSTS: '127.0.0.1,localhost',
      // Scheduled monitoring would add audits the tests did not ask for.
      JOB_SCHEDULES: 'off',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout?.on('data', (chunk) => (log += chunk));
  child.stderr?.on('data', (chunk) => (log += chunk));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    // Longer than the server's own drain deadline (SHUTDOWN_TIMEOUT_SECONDS, 25 s), so a drain is never cut short.
    await Promise.race([exited, new Promise((r) => setTimeout(r, 40_000))]);
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  };

  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${log}`);
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`server did not start in 180 s:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { stop };
}
