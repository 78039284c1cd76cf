/** Where a command writes and what it may read from its environment; tests and main share it. */
export interface Io {
  stdout: NodeJS.WritableStream & { isTTY?: boolean; columns?: number };
  stderr: NodeJS.WritableStream & { isTTY?: boolean; columns?: number };
  env: NodeJS.ProcessEnv;
  /** The page of `citable audit -`; absent where there is none to read. */
  stdin?: NodeJS.ReadableStream & { isTTY?: boolean };
}
