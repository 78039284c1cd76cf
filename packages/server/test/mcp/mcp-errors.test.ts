import { Writable } from 'node:stream';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setPlan } from '../../src/features/profile/profile';
import { api, signUpVerified, startTestServer, STRONG_PASSWORD, uniqueEmail, type TestServer } from '../helpers';

/**
 * Issue #35, finding 2: a tool that failed inside answered with the thrown error's text, which for
 * a failed query is the SQL and its parameters (a user id). MCP maps errors as REST does: a short
 * public line with the request id; the detail goes to the log under that id.
 */

const lines: Record<string, any>[] = [];
const stream = new Writable({
  write(chunk, _encoding, callback) {
    for (const line of String(chunk).split('\n')) if (line.trim()) lines.push(JSON.parse(line));
    callback();
  },
});

let server: TestServer;
let key = '';
let userId = '';

beforeAll(async () => {
  server = await startTestServer({ logger: { level: 'info', stream } });
  const cookie = await signUpVerified(server.baseUrl, { name: 'Mcp Errors', email: uniqueEmail('mcp-errors'), password: STRONG_PASSWORD });
  userId = (await api(server.baseUrl, '/api/profile', { cookie })).body.user_id as string;
  await setPlan(server.db, userId, 'pro');
  key = (await api(server.baseUrl, '/api/api-keys', { cookie, body: { name: 'Assistant' } })).body.secret as string;
});
afterAll(() => server?.close());

async function withClient<T>(use: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ name: 'citable-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${server.baseUrl}/api/mcp`), { requestInit: { headers: { authorization: `Bearer ${key}` } } }));
  try {
    return await use(client);
  } finally {
    await client.close();
  }
}

/** Runs `use` while `table` cannot be read, so every query of it fails inside (a bug, to the caller). */
async function whileTableIsMissing<T>(table: string, use: () => Promise<T>): Promise<T> {
  await server.db.execute(sql.raw(`alter table "${table}" rename to "${table}_away"`));
  try {
    return await use();
  } finally {
    await server.db.execute(sql.raw(`alter table "${table}_away" rename to "${table}"`));
  }
}

const INTERNAL = /^Internal server error \(request id ([^)]+)\)\.$/;

describe('an MCP tool that fails inside', () => {
  it('answers a short public line with the request id, never the SQL or its parameters; the detail is logged', async () => {
    const result = await whileTableIsMissing('citation_runs', () => withClient((client) => client.callTool({ name: 'get_citations', arguments: { domain: 'example.com' } })));
    expect(result.isError).toBe(true);
    const text = (result.content as { text: string }[])[0].text;
    expect(text).toMatch(INTERNAL);
    expect(text).not.toMatch(/select|citation_runs|params/i);
    expect(text).not.toContain(userId);
    const requestId = INTERNAL.exec(text)![1];
    const logged = lines.find((line) => line.reqId === requestId && line.level === 50);
    expect(logged?.msg).toBe('MCP tool failed');
    expect(JSON.stringify(logged?.err)).toMatch(/citation_runs/);
  });

  it('reads a resource that fails inside with the same public line', async () => {
    const error = await whileTableIsMissing('audit_runs', () =>
      withClient((client) => client.readResource({ uri: 'citable://audits/0b7c6a52-3f0e-4a63-9a45-2f7c1d1f8e01' }).then(() => null, (thrown: Error) => thrown)),
    );
    expect(error?.message).toMatch(/Internal server error \(request id [^)]+\)\./);
    expect(error?.message).not.toMatch(/select|audit_runs|params/i);
  });
});
