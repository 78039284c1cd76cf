import { spawn, type ChildProcess } from 'node:child_process';
import { connect } from 'node:net';
import path from 'node:path';
import { createTestStorage, freePort, type TestStorage } from '../helpers';
import { citableCommand } from '../support/citable-bundle';

/**
 * Real Citable processes for fault tests: `src/server.ts` and `src/worker.ts`, from the bundle the
 * test run's global setup builds (support/citable-bundle.ts), started on a test storage, so
 * signals, exits and restarts are the operating system's, not an in-process imitation. Every
 * process started here is recorded and can be killed by `killAll()` in an afterAll, so a failed
 * test never leaves one running.
 */
export const repoRoot = path.resolve(import.meta.dirname, '../../../..');

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface CitableProcess {
  child: ChildProcess;
  pid: number;
  /** Everything the process wrote to stdout and stderr so far. */
  output(): string;
  /** Settles when the process has exited (never rejects). */
  exited: Promise<Exit>;
  /** True once the process has exited. */
  hasExited(): boolean;
  /** Resolves with the first match of `pattern` in the output; rejects on timeout or early exit. */
  waitForOutput(pattern: RegExp, timeoutMs?: number): Promise<RegExpMatchArray>;
  /** Sends a signal (no-op once exited). */
  signal(signal: NodeJS.Signals): void;
  /** Resolves with the exit; rejects (after SIGKILLing it) if the process is still up after `timeoutMs`. */
  waitForExit(timeoutMs?: number): Promise<Exit>;
}

export interface ServerProcess extends CitableProcess {
  port: number;
  baseUrl: string;
}

export interface SpawnOptions {
  storage: Pick<TestStorage, 'dataDir' | 'databaseUrl'>;
  /** Extra environment, applied last (e.g. JOBS, FETCH_ALLOW_HOSTS, TRUST_PROXY, SHUTDOWN_TIMEOUT_SECONDS). */
  env?: Record<string, string>;
  /** Reuse a port (a restart behind the same URL); a free one otherwise. */
  port?: number;
  /** How long start-up may take (PGlite migrations on a busy machine are slow). */
  readyTimeoutMs?: number;
}

const started = new Set<CitableProcess>();

/**
 * Storage on the embedded database (PGlite) whatever DATABASE_URL says, or on PostgreSQL (a fresh
 * database on DATABASE_URL's server), for tests that run on both.
 */
export async function createStorageOn(kind: 'pglite' | 'postgres'): Promise<TestStorage> {
  if (kind === 'postgres') {
    if (!process.env.DATABASE_URL) throw new Error('PostgreSQL storage needs DATABASE_URL');
    return createTestStorage();
  }
  return createTestStorage({ driver: 'pglite' });
}

export { freePort };

/** Polls `probe` until it returns something other than undefined. */
/** Whether a fresh TCP connection to the port is refused (nothing listens any more). */
export function connectionRefused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
  });
}

export async function until<T>(what: string, probe: () => Promise<T | undefined> | T | undefined, timeoutMs = 60_000, intervalMs = 200): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  for (;;) {
    try {
      const value = await probe();
      if (value !== undefined) return value;
    } catch (error) {
      // A probe may fail while the thing it watches is still coming up; the last error is reported on timeout.
      lastError = error;
    }
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}${lastError ? ` (last error: ${String(lastError)})` : ''}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

function baseEnv(options: SpawnOptions): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: 'test',
    DATA_DIR: options.storage.dataDir,
    // Empty means PGlite: the parent's DATABASE_URL must not leak into a PGlite child.
    DATABASE_URL: options.storage.databaseUrl ?? '',
    WEB_DIST_DIR: path.join(options.storage.dataDir, 'no-web-dist'),
    JOB_SCHEDULES: 'off',
    // A killed process's jobs come back after one missed heartbeat (pg-boss's minimum, 10 s) and the
    // next supervise pass, instead of up to 20 + 15 s: the same recovery, sooner.
    JOB_HEARTBEAT_SECONDS: '10',
    JOB_SUPERVISE_INTERVAL_SECONDS: '2',
    ...options.env,
  };
}

function track(child: ChildProcess): CitableProcess {
  let output = '';
  let exit: Exit | undefined;
  const listeners = new Set<() => void>();
  child.stdout?.on('data', (chunk) => {
    output += chunk;
    for (const listener of listeners) listener();
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
    for (const listener of listeners) listener();
  });
  const exited = new Promise<Exit>((resolve) =>
    child.on('exit', (code, signal) => {
      exit = { code, signal };
      for (const listener of listeners) listener();
      resolve(exit);
    }),
  );
  const handle: CitableProcess = {
    child,
    pid: child.pid!,
    output: () => output,
    exited,
    hasExited: () => exit !== undefined,
    waitForOutput(pattern, timeoutMs = 120_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const match = output.match(pattern);
          if (match) return finish(() => resolve(match));
          if (exit) return finish(() => reject(new Error(`process ${child.pid} exited (${JSON.stringify(exit)}) before printing ${pattern}:\n${output}`)));
        };
        const timer = setTimeout(() => finish(() => reject(new Error(`timed out after ${timeoutMs} ms waiting for ${pattern} from process ${child.pid}:\n${output}`))), timeoutMs);
        const finish = (settle: () => void) => {
          clearTimeout(timer);
          listeners.delete(check);
          settle();
        };
        listeners.add(check);
        check();
      });
    },
    signal(signal) {
      if (!exit) child.kill(signal);
    },
    async waitForExit(timeoutMs = 60_000) {
      let timer: NodeJS.Timeout | undefined;
      const timedOut = new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), timeoutMs)));
      const result = await Promise.race([exited, timedOut]);
      clearTimeout(timer);
      if (result === 'timeout') {
        child.kill('SIGKILL');
        await exited;
        throw new Error(`process ${child.pid} did not exit within ${timeoutMs} ms:\n${output}`);
      }
      return result;
    },
  };
  started.add(handle);
  void exited.then(() => started.delete(handle));
  return handle;
}

/**
 * `npm start` as a child process, on 127.0.0.1 and a free port, resolved once it prints that it is
 * running (database open, migrations applied, listening).
 */
export async function spawnServer(options: SpawnOptions): Promise<ServerProcess> {
  const port = options.port ?? (await freePort());
  const baseUrl = `http://127.0.0.1:${port}`;
  const { command, args } = citableCommand('server');
  const child = spawn(command, args, {
    cwd: repoRoot,
    env: { ...baseEnv(options), PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: baseUrl, ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const handle = track(child);
  try {
    await handle.waitForOutput(/Citable is running at/, options.readyTimeoutMs ?? 180_000);
  } catch (error) {
    handle.signal('SIGKILL');
    await handle.exited;
    throw error;
  }
  return { ...handle, port, baseUrl };
}

/** `npm run worker` as a child process (PostgreSQL only), resolved once it handles jobs. */
export async function spawnWorker(options: SpawnOptions): Promise<CitableProcess> {
  const { command, args } = citableCommand('worker');
  const child = spawn(command, args, {
    cwd: repoRoot,
    env: baseEnv(options),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const handle = track(child);
  try {
    await handle.waitForOutput(/is handling jobs/, options.readyTimeoutMs ?? 180_000);
  } catch (error) {
    handle.signal('SIGKILL');
    await handle.exited;
    throw error;
  }
  return handle;
}

/** SIGKILLs every process started here that is still running; for afterAll. */
export async function killAll(): Promise<void> {
  const running = [...started];
  for (const handle of running) handle.signal('SIGKILL');
  await Promise.all(running.map((handle) => handle.exited));
}
