import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';

const BIN = fileURLToPath(new URL('../bin/citable.mjs', import.meta.url));

export interface StdioSession {
  client: Client;
  /** What the server wrote on stderr so far (its logs). */
  stderr(): string;
  /**
   * Errors the client met reading the server's stdout (anything there that is not an MCP
   * message), less one the SDK's client raises itself: it handles a notification a microtask
   * after a response read in the same chunk, so a call's last progress notifications, written
   * before its result, can find their token already forgotten.
   */
  transportErrors: Error[];
  close(): Promise<void>;
}

/**
 * The official MCP SDK client connected to `citable mcp`, spawned from the real binary as an
 * assistant spawns it. The child gets this process's environment without CITABLE_* and
 * FETCH_ALLOW_HOSTS, plus `env`.
 */
export async function connectCitableMcp(env: Record<string, string> = {}): Promise<StdioSession> {
  const inherited = Object.fromEntries(Object.entries(process.env).filter((entry): entry is [string, string] => entry[1] !== undefined && !/^(CITABLE_|FETCH_ALLOW_HOSTS$)/.test(entry[0])));
  const transport = new StdioClientTransport({ command: process.execPath, args: [BIN, 'mcp'], env: { ...inherited, ...env }, stderr: 'pipe' });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const transportErrors: Error[] = [];
  const client = new Client({ name: 'citable-cli-test', version: '1.0.0' });
  client.onerror = (error) => {
    if (!error.message.startsWith('Received a progress notification for an unknown token')) transportErrors.push(error);
  };
  try {
    await client.connect(transport);
  } catch (error) {
    throw new Error(`citable mcp did not start: ${error instanceof Error ? error.message : String(error)}\n${stderr}`);
  }
  return { client, stderr: () => stderr, transportErrors, close: () => client.close() };
}
