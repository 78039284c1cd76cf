/** Where a command writes and what it may read from its environment; tests and main share it. */
export interface Io {
  stdout: NodeJS.WritableStream & { isTTY?: boolean; columns?: number };
  stderr: NodeJS.WritableStream & { isTTY?: boolean; columns?: number };
  env: NodeJS.ProcessEnv;
}
