import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { describe, expect, it } from 'vitest';

const DOC = readFileSync(fileURLToPath(new URL('../../web/content/docs/mcp-local-assistants.md', import.meta.url)), 'utf8');
const REPO = fileURLToPath(new URL('../../..', import.meta.url)).replace(/\/$/, '');

interface StdioEntry {
  type?: string;
  command: string;
  args: string[];
  env?: Record<string, string>;
}

/** The configuration blocks of the page, after the heading they sit under. */
function blocks(): { section: string; config: Record<string, Record<string, StdioEntry & { url?: string; headers?: Record<string, string> }>> }[] {
  return [...DOC.matchAll(/^## (.+)$|^```json\n([\s\S]*?)^```$/gm)].reduce<{ section: string; found: ReturnType<typeof blocks> }>(
    (state, match) => (match[1] ? { ...state, section: match[1] } : { ...state, found: [...state.found, { section: state.section, config: JSON.parse(match[2]) }] }),
    { section: '', found: [] },
  ).found;
}

describe('the "Use Citable from Claude Desktop, Cursor and VS Code" docs page', () => {
  it('has each client\'s file shape: mcpServers for Claude Desktop and Cursor, servers with a type for VS Code', () => {
    const bySection = new Map(blocks().map((block) => [block.section, block.config]));
    expect(Object.keys(bySection.get('Claude Desktop')!)).toEqual(['mcpServers']);
    expect(Object.keys(bySection.get('Cursor')!)).toEqual(['mcpServers']);
    expect(bySection.get('VS Code')!.servers.citable.type).toBe('stdio');
    const http = blocks().filter((block) => block.section.includes('HTTP endpoint'));
    expect(http.map((block) => (block.config.mcpServers ?? block.config.servers).citable.url)).toEqual(['https://citable.example.com/api/mcp', 'https://citable.example.com/api/mcp']);
  });

  it('starts citable mcp with each stdio block\'s command and arguments, as the assistant would', async () => {
    const stdio = blocks().flatMap((block) => Object.values(block.config.mcpServers ?? block.config.servers).filter((entry) => 'command' in entry));
    expect(stdio).toHaveLength(3);
    for (const entry of stdio) {
      expect(entry.env).toHaveProperty('CITABLE_API_KEY');
      // Without the placeholder key: the local tools, which need no server.
      const { CITABLE_API_KEY: _key, CITABLE_SERVER: _server, ...inherited } = process.env as Record<string, string>;
      const transport = new StdioClientTransport({ command: entry.command, args: entry.args.map((arg) => arg.replace('/path/to/citable', REPO)), env: inherited, cwd: '/', stderr: 'ignore' });
      const client = new Client({ name: 'docs-test', version: '1.0.0' });
      await client.connect(transport);
      expect((await client.listTools()).tools.map((tool) => tool.name)).toContain('run_audit');
      await client.close();
    }
  });
});
