import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { setPlan } from '../../src/features/profile/profile';
import { api, signIn, signUpVerified, startTestServer, STRONG_PASSWORD, uniqueEmail, type TestServer } from '../helpers';

/**
 * The budget for expensive work (audits, tool runs) is the account's, whatever the credential:
 * its sessions, every one of its API keys and its MCP tool calls draw on one count, so neither
 * more keys nor more sessions buy more crawls. The per-key limit stays on top. Each test counts
 * its own calls on a fresh account; no test waits for a clock.
 */
const LIMIT = 3;
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ env: { RATE_LIMIT_EXPENSIVE_PER_MINUTE: String(LIMIT) } });
});
afterAll(async () => {
  await server?.close();
});

interface Account {
  id: string;
  email: string;
  cookie: string;
}

/** A verified user on Core (the schema generator's plan), signed in once. */
async function newAccount(): Promise<Account> {
  const email = uniqueEmail('budget');
  const cookie = await signUpVerified(server.baseUrl, { name: 'Budget Tester', email, password: STRONG_PASSWORD });
  const id = (await api(server.baseUrl, '/api/profile', { cookie })).body.user_id as string;
  await setPlan(server.db, id, 'core');
  return { id, email, cookie };
}

async function newKey(account: Account, name: string): Promise<string> {
  const created = await api(server.baseUrl, '/api/api-keys', { cookie: account.cookie, body: { name } });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body.secret as string;
}

/** The schema generator on pasted content: an expensive route that needs no network. */
const CONTENT = { content: '<h1>Green tea</h1><p>Store green tea cool and dark, in an airtight tin.</p>' };
const viaKey = (key: string) => api(server.baseUrl, '/api/v1/tools/schema-generator', { headers: { authorization: `Bearer ${key}` }, body: CONTENT });
const viaSession = (cookie: string) => api(server.baseUrl, '/api/functions/schema-generator', { cookie, body: CONTENT });

async function connect(key: string): Promise<Client> {
  const client = new Client({ name: 'budget-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${server.baseUrl}/api/mcp`), { requestInit: { headers: { Authorization: `Bearer ${key}` } } }));
  return client;
}

const ACCOUNT_REFUSAL = /Too many audits and tool runs for this account: at most 3 per minute/;

describe('the account budget for expensive work', () => {
  it('is shared by every API key and session of an account, and leaves other accounts alone', async () => {
    const alice = await newAccount();
    const [keyA, keyB] = [await newKey(alice, 'A'), await newKey(alice, 'B')];

    // Key A twice, key B once, then the session: the fourth call of the account is refused.
    const answers = [await viaKey(keyA), await viaKey(keyA), await viaKey(keyB), await viaSession(alice.cookie)];
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 429]);
    const refused = answers[3];
    expect(refused.body.error).toMatch(ACCOUNT_REFUSAL);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(refused.headers.get('ratelimit-remaining')).toBe('0');
    // The keys' answers report the policy closest to exhaustion: the account's 3, not the key's 60.
    expect(answers.slice(0, 3).map((answer) => answer.headers.get('ratelimit-limit'))).toEqual(['3', '3', '3']);
    expect(answers.slice(0, 3).map((answer) => answer.headers.get('ratelimit-remaining'))).toEqual(['2', '1', '0']);

    // Every credential of the account is refused now, in its surface's error shape.
    const byKey = await viaKey(keyB);
    expect(byKey.status).toBe(429);
    // The public API answers RFC 9457 problem details, its `error` member kept for older clients.
    expect(byKey.body).toMatchObject({ status: 429, detail: expect.stringMatching(ACCOUNT_REFUSAL), error: expect.stringMatching(ACCOUNT_REFUSAL) });
    expect(Number(byKey.headers.get('retry-after'))).toBeGreaterThan(0);
    const fresh = await newKey(alice, 'C');
    expect((await viaKey(fresh)).status).toBe(429);
    expect((await api(server.baseUrl, '/api/v1/audits', { headers: { authorization: `Bearer ${fresh}` }, body: { url: 'https://example.com/' } })).status).toBe(429);

    // Cheap reads are not expensive work: the keys still read.
    expect((await api(server.baseUrl, '/api/v1/audits', { headers: { authorization: `Bearer ${keyA}` } })).status).toBe(200);

    // Another account has its whole budget.
    const bob = await newAccount();
    expect((await viaKey(await newKey(bob, 'Bob'))).status).toBe(200);
    expect((await viaSession(bob.cookie)).status).toBe(200);
  });

  it('is one budget for all the sessions of a user', async () => {
    const carol = await newAccount();
    const second = await signIn(server.baseUrl, carol.email, STRONG_PASSWORD);
    expect(second).not.toBe(carol.cookie);

    const answers = [await viaSession(carol.cookie), await viaSession(second), await viaSession(carol.cookie), await viaSession(second)];
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 429]);
    expect(answers.map((answer) => answer.headers.get('ratelimit-remaining'))).toEqual(['2', '1', '0', '0']);
    expect(answers[3].body.error).toMatch(ACCOUNT_REFUSAL);
    expect(Number(answers[3].headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('counts one MCP tool call once, whatever the transport sends around it, and shares the budget', async () => {
    const dave = await newAccount();
    const key = await newKey(dave, 'Assistant');
    const client = await connect(key);
    try {
      // initialize, notifications/initialized and tools/list cost nothing.
      expect((await client.listTools()).tools.length).toBeGreaterThan(0);
      for (let call = 0; call < LIMIT - 1; call++) {
        const result = await client.callTool({ name: 'generate_schema', arguments: CONTENT });
        expect(result.isError, JSON.stringify(result.content)).toBeFalsy();
      }
      // Reads of past audits are not expensive work either.
      expect((await client.callTool({ name: 'get_latest_scores', arguments: {} })).isError).toBeFalsy();

      // The third expensive call of the account comes from another key over REST.
      expect((await viaKey(await newKey(dave, 'Script'))).status).toBe(200);

      // The fourth, over MCP again: a 429 the client reports with the message.
      await expect(client.callTool({ name: 'generate_schema', arguments: CONTENT })).rejects.toMatchObject({ code: 429, message: expect.stringMatching(ACCOUNT_REFUSAL) });
      await expect(client.callTool({ name: 'run_audit', arguments: { url: 'https://example.com/' } })).rejects.toThrow(ACCOUNT_REFUSAL);
      expect((await client.callTool({ name: 'get_issues', arguments: {} })).isError).toBeFalsy();
    } finally {
      await client.close();
    }
    expect((await viaSession(dave.cookie)).status).toBe(429);
  });

  it('refuses an MCP tool call with 429, Retry-After and a JSON-RPC error', async () => {
    const erin = await newAccount();
    for (let call = 0; call < LIMIT; call++) expect((await viaSession(erin.cookie)).status).toBe(200);
    const response = await fetch(`${server.baseUrl}/api/mcp`, {
      method: 'POST',
      headers: { authorization: `Bearer ${await newKey(erin, 'Raw')}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'check_citations', arguments: { domain: 'example.com' } } }),
    });
    expect(response.status).toBe(429);
    expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await response.json()).toMatchObject({ jsonrpc: '2.0', id: 7, error: { code: -32000, message: expect.stringMatching(ACCOUNT_REFUSAL) } });
  });
});

describe('the per-key limit', () => {
  it('stays on top of the account budget, and what it refuses costs the account nothing', async () => {
    const keyed = await startTestServer({ env: { RATE_LIMIT_EXPENSIVE_PER_MINUTE: '4', API_RATE_LIMIT_PER_MINUTE: '2' } });
    try {
      const email = uniqueEmail('perkey');
      const cookie = await signUpVerified(keyed.baseUrl, { name: 'Key Tester', email, password: STRONG_PASSWORD });
      await setPlan(keyed.db, (await api(keyed.baseUrl, '/api/profile', { cookie })).body.user_id, 'core');
      const key = async (name: string) => (await api(keyed.baseUrl, '/api/api-keys', { cookie, body: { name } })).body.secret as string;
      const call = (secret: string) => api(keyed.baseUrl, '/api/v1/tools/schema-generator', { headers: { authorization: `Bearer ${secret}` }, body: CONTENT });

      const first = await key('First');
      const answers = [await call(first), await call(first), await call(first)];
      expect(answers.map((answer) => answer.status)).toEqual([200, 200, 429]);
      expect(answers[2].body.error).toMatch(/Rate limit exceeded/);
      // Two calls spent of the account's four: another key makes the other two, then the account refuses.
      const second = await key('Second');
      expect([(await call(second)).status, (await call(second)).status]).toEqual([200, 200]);
      const third = await call(await key('Third'));
      expect(third.status).toBe(429);
      expect(third.body.error).toMatch(/Too many audits and tool runs for this account: at most 4 per minute/);
    } finally {
      await keyed.close();
    }
  });
});
