import { afterAll, beforeAll, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { setPlan } from '../../src/features/profile/profile';
import { serveSite, teaShopPages, type ServedSite } from '../fixtures/tool-sites';
import { api, signUpVerified, startTestServer, STRONG_PASSWORD, uniqueEmail, type TestServer } from '../helpers';

let server: TestServer;
let shop: ServedSite;

beforeAll(async () => {
  shop = await serveSite(teaShopPages([]));
  server = await startTestServer({ env: { FETCH_ALLOW_HOSTS: '127.0.0.1,localhost' } });
});
afterAll(async () => {
  await Promise.all([server?.close(), shop?.close()]);
});

async function keyFor(plan: 'free' | 'core'): Promise<string> {
  const cookie = await signUpVerified(server.baseUrl, { name: 'Mcp Tester', email: uniqueEmail('mcp'), password: STRONG_PASSWORD });
  const me = await api(server.baseUrl, '/api/profile', { cookie });
  if (plan !== 'free') await setPlan(server.db, me.body.user_id, plan);
  return (await api(server.baseUrl, '/api/api-keys', { cookie, body: { name: 'Assistant' } })).body.secret;
}

/** Connects as the documented client configuration does: the endpoint and a Bearer header. */
async function connect(key: string): Promise<Client> {
  const config = { mcpServers: { citable: { url: `${server.baseUrl}/api/mcp`, headers: { Authorization: `Bearer ${key}` } } } };
  const { url, headers } = config.mcpServers.citable;
  const client = new Client({ name: 'citable-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers } }));
  return client;
}

it('lists the tools and runs an audit of a served site', async () => {
  const client = await connect(await keyFor('core'));
  const { tools } = await client.listTools();
  expect(tools.map((tool) => tool.name).sort()).toEqual(['check_citations', 'generate_schema', 'get_issues', 'get_latest_scores', 'run_audit']);
  expect(tools.find((tool) => tool.name === 'run_audit')?.inputSchema.required).toEqual(['url']);

  const audit = await client.callTool({ name: 'run_audit', arguments: { url: shop.url } });
  expect(audit.isError, JSON.stringify(audit.content)).toBeFalsy();
  const result = audit.structuredContent as { overallScore: number; subscores: Record<string, number>; topIssues: unknown[] };
  expect(result.overallScore).toBeGreaterThan(0);
  expect(Object.keys(result.subscores)).toHaveLength(4);
  expect((audit.content as { text: string }[])[0].text).toContain(`${result.overallScore}/100`);

  const latest = await client.callTool({ name: 'get_latest_scores', arguments: {} });
  expect((latest.structuredContent as { audits: { overall_score: number }[] }).audits[0].overall_score).toBe(result.overallScore);
  const issues = await client.callTool({ name: 'get_issues', arguments: { url: shop.url } });
  expect(issues.isError).toBeFalsy();

  const schema = await client.callTool({ name: 'generate_schema', arguments: { url: `${shop.url}/faq` } });
  expect(schema.isError, JSON.stringify(schema.content)).toBeFalsy();
  await client.close();
});

it('respects the plan and refuses a missing or wrong key', async () => {
  const client = await connect(await keyFor('free'));
  const refused = await client.callTool({ name: 'generate_schema', arguments: { content: '<h1>Tea</h1>' } });
  expect(refused.isError).toBe(true);
  expect((refused.content as { text: string }[])[0].text).toMatch(/Core/);
  await client.close();

  await expect(connect('ck_live_wrong')).rejects.toThrow();
  const bare = await fetch(`${server.baseUrl}/api/mcp`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
  expect(bare.status).toBe(401);
});
