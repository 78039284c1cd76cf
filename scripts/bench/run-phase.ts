import { fork, spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const TSX = ['--import', 'tsx'];

/** Runs a benchmark phase script in its own Node process and resolves to what it sends. */
export function runPhase<T>(script: string, args: string[] = [], env: NodeJS.ProcessEnv = {}): Promise<T> {
  return new Promise((resolve, reject) => {
    const child = fork(fileURLToPath(new URL(script, import.meta.url)), args, { execArgv: TSX, env: { ...process.env, ...env }, stdio: 'inherit' });
    let result: T | undefined;
    child.once('message', (message) => {
      result = message as T;
    });
    child.once('error', reject);
    child.once('exit', (code) => (result !== undefined ? resolve(result) : reject(new Error(`${script} exited with code ${code} without a result`))));
  });
}

/** Starts the generated site in a child process; resolves once it prints its origin. */
export function serveGeneratedSite(pages: number): Promise<{ origin: string; child: ChildProcess }> {
  return new Promise((resolve, reject) => {
    const script = fileURLToPath(new URL('./serve-generated-site.ts', import.meta.url));
    const child = spawn(process.execPath, [...TSX, script, String(pages)], { stdio: ['ignore', 'pipe', 'inherit'] });
    let output = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      output += chunk;
      const newline = output.indexOf('\n');
      if (newline >= 0) resolve({ origin: output.slice(0, newline).trim(), child });
    });
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`the generated site exited with code ${code}`)));
  });
}
