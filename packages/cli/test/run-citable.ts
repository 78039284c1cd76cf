import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const BIN = fileURLToPath(new URL('../bin/citable.mjs', import.meta.url));

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

export interface RunOptions {
  /** The working folder (where citable.config.json is looked for); this process's by default. */
  cwd?: string;
  /** Written to the child's standard input, which is then closed; without it stdin is /dev/null. */
  input?: string;
}

/**
 * Runs the real `citable` binary in a child process. The child's environment is this one's
 * minus FETCH_ALLOW_HOSTS (so refusals are tested as a user meets them), plus `env`.
 */
export function runCitable(args: string[], env: Record<string, string> = {}, options: RunOptions = {}): Promise<CliRun> {
  const { FETCH_ALLOW_HOSTS: _ignored, ...inherited } = process.env;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], {
      env: { ...inherited, ...env },
      cwd: options.cwd,
      stdio: [options.input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr }));
    if (options.input !== undefined) child.stdin!.end(options.input);
  });
}

/** The env that lets the child reach the test servers on 127.0.0.1. */
export const ALLOW_LOCAL = { FETCH_ALLOW_HOSTS: '127.0.0.1' };
