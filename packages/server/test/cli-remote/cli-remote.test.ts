import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectCitableMcp } from '../../../cli/test/mcp-client';
import { ALLOW_LOCAL, runCitable } from '../../../cli/test/run-citable';
import { setPlan } from '../../src/features/profile/profile';
import { serveSite, teaShopPages, type ServedSite } from '../fixtures/tool-sites';
import { api, signUpVerified, startTestServer, STRONG_PASSWORD, uniqueEmail, type TestServer } from '../helpers';

// The real `citable` binary against a real server: remote mode of `citable audit` through
// /api/v1, and `citable mcp` with a key, reached by the MCP SDK client over stdio.
let server: TestServer;
let shop: ServedSite;
let folder: string;

beforeAll(async () => {
  folder = mkdtempSync(path.join(tmpdir(), 'citable-remote-'));
  shop = await serveSite(teaShopPages([]));
  server = await startTestServer({ env: { FETCH_ALLOW_HOSTS: '127.0.0.1,localhost' } });
});
afterAll(async () => {
  await Promise.all([server?.close(), shop?.close()]);
  rmSync(folder, { recursive: true, force: true });
});

async function keyFor(plan: 'free' | 'core'): Promise<string> {
  const cookie = await signUpVerified(server.baseUrl, { name: 'Cli Tester', email: uniqueEmail('cli'), password: STRONG_PASSWORD });
  const me = await api(server.baseUrl, '/api/profile', { cookie });
  if (plan !== 'free') await setPlan(server.db, me.body.user_id, plan);
  const created = await api(server.baseUrl, '/api/api-keys', { cookie, body: { name: 'CI' } });
  expect(created.status).toBe(201);
  return created.body.secret as string;
}

const remoteEnv = (key: string) => ({ CITABLE_API_KEY: key, CITABLE_SERVER: server.baseUrl });
const history = async (key: string) => (await api(server.baseUrl, '/api/v1/audits?limit=5', { headers: { authorization: `Bearer ${key}` } })).body.audits as { id: string; website_url: string; overall_score: number }[];

describe('citable audit with CITABLE_API_KEY', () => {
  it('audits on the server: the engine\'s result as a local audit gives it, in the dashboard\'s history', async () => {
    const key = await keyFor('core');
    const [remote, local] = await Promise.all([runCitable(['audit', shop.url, '--json'], remoteEnv(key)), runCitable(['audit', shop.url, '--json'], ALLOW_LOCAL)]);
    expect(remote.stderr).toBe('');
    expect(remote.code).toBe(0);
    const result = JSON.parse(remote.stdout);
    const expected = JSON.parse(local.stdout);
    expect(result.overallScore).toBe(expected.overallScore);
    expect(result.subscores).toEqual(expected.subscores);
    expect(result.issues).toEqual(expected.issues);
    expect(result.checks.map((check: { id: string; score: number | null }) => [check.id, check.score])).toEqual(expected.checks.map((check: { id: string; score: number | null }) => [check.id, check.score]));
    expect(result.page.url).toBe(expected.page.url);
    expect((await history(key))[0]).toMatchObject({ website_url: expect.stringContaining(shop.url), overall_score: result.overallScore });
  });

  it('applies the gates and the baseline to the server\'s result', async () => {
    const key = await keyFor('core');
    const baseline = path.join(folder, 'baseline.json');
    const first = await runCitable(['audit', shop.url, '--out', baseline], remoteEnv(key));
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toContain('Overall');
    const failing = (JSON.parse((await import('node:fs')).readFileSync(baseline, 'utf8')) as { issues: { checkId: string }[] }).issues[0].checkId;
    const gated = await runCitable(['audit', shop.url, '--baseline', baseline, '--fail-on-regression', '--assert', `check:${failing}=pass`], remoteEnv(key));
    expect(gated.code).toBe(1);
    expect(gated.stderr).toContain(`check ${failing}`);
    expect(gated.stderr).not.toContain('regression since');
    expect(await history(key)).toHaveLength(2);
  });

  it('audits many pages one after the other, carrying on past an error page', async () => {
    const key = await keyFor('core');
    const run = await runCitable(['audit', shop.url, `${shop.url}/no-such-page`, '--json'], remoteEnv(key));
    expect(run.code).toBe(3);
    const results = JSON.parse(run.stdout) as { page: { url: string } }[];
    expect(results.map((result) => result.page.url)).toEqual([expect.stringContaining(shop.url)]);
    expect(run.stderr).toMatch(new RegExp(`^citable: ${shop.url}/no-such-page answered 404 Not Found; error pages are not audited\\.\\n$`));
  });

  it('says in one line that the key was refused, without printing it', async () => {
    const key = await keyFor('core');
    const wrong = `${key.slice(0, -4)}xxxx`;
    const run = await runCitable(['audit', shop.url], remoteEnv(wrong));
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(new RegExp(`^citable: the Citable server at ${server.baseUrl} refused the API key \\(401 Unauthorized: [^)]+\\); check CITABLE_API_KEY or create a key in Settings > API keys\\n$`));
    expect(run.stderr).not.toContain(wrong.slice(8));
  });

  it('says what the free plan hides, once the audit is in the history', async () => {
    const key = await keyFor('free');
    const run = await runCitable(['audit', shop.url], remoteEnv(key));
    expect(run.code).toBe(2);
    const [latest] = await history(key);
    expect(run.stderr).toBe(`citable: ${shop.url} was audited on ${server.baseUrl} (${latest.overall_score}/100, in the dashboard's history), but the account's plan reveals only the overall score; subscores and checks need the core plan or above\n`);
  });
});

describe('citable mcp with CITABLE_API_KEY (the SDK client over stdio)', () => {
  it('offers exactly the server\'s tools and forwards the calls', async () => {
    const key = await keyFor('core');
    const direct = new Client({ name: 'citable-test', version: '1.0.0' });
    await direct.connect(new StreamableHTTPClientTransport(new URL(`${server.baseUrl}/api/mcp`), { requestInit: { headers: { authorization: `Bearer ${key}` } } }));
    const session = await connectCitableMcp(remoteEnv(key));
    try {
      const [proxied, own] = await Promise.all([session.client.listTools(), direct.listTools()]);
      expect(proxied).toEqual(own);
      expect(session.client.getInstructions()).toBe(direct.getInstructions());
      // The same capabilities, less the notifications a stateless endpoint never sends.
      const { listChanged: _tools, ...tools } = direct.getServerCapabilities()?.tools ?? {};
      expect(session.client.getServerCapabilities()?.tools).toEqual(tools);
      expect(JSON.stringify(session.client.getServerCapabilities())).not.toContain('listChanged');

      const audited = await session.client.callTool({ name: 'run_audit', arguments: { url: shop.url } });
      expect(audited.isError, JSON.stringify(audited.content)).toBeFalsy();
      const { id, overallScore } = audited.structuredContent as { id: string; overallScore: number };
      expect((await history(key))[0]).toMatchObject({ id, overall_score: overallScore });
      const [viaProxy, viaServer] = await Promise.all([session.client.callTool({ name: 'get_latest_scores', arguments: { limit: 3 } }), direct.callTool({ name: 'get_latest_scores', arguments: { limit: 3 } })]);
      expect(viaProxy).toEqual(viaServer);
      // The resources too, and a site audit, whose crawl the server runs as its dashboard would.
      const [proxiedResources, ownResources] = await Promise.all([session.client.listResources(), direct.listResources()]);
      expect(proxiedResources).toEqual(ownResources);
      const site = await session.client.callTool({ name: 'audit_site', arguments: { url: shop.url, maxPages: 3 } }, undefined, { onprogress: () => {} });
      expect(site.isError, JSON.stringify(site.content)).toBeFalsy();
      expect(site.structuredContent).toMatchObject({ status: 'completed', scope: 'site' });
      expect((await history(key))[0]).toMatchObject({ id: (site.structuredContent as { id: string }).id });
      expect(session.transportErrors).toEqual([]);
    } finally {
      await Promise.all([session.close(), direct.close()]);
    }
  });

  it('runs without a key the tools the server has of the same names and schemas', async () => {
    const key = await keyFor('core');
    const direct = new Client({ name: 'citable-test', version: '1.0.0' });
    await direct.connect(new StreamableHTTPClientTransport(new URL(`${server.baseUrl}/api/mcp`), { requestInit: { headers: { authorization: `Bearer ${key}` } } }));
    const local = await connectCitableMcp();
    try {
      const [{ tools: localTools }, { tools: serverTools }] = await Promise.all([local.client.listTools(), direct.listTools()]);
      expect(localTools.map((tool) => tool.name)).toEqual(['run_audit', 'audit_site']);
      for (const tool of localTools) {
        const twin = serverTools.find((candidate) => candidate.name === tool.name);
        expect(twin, tool.name).toBeDefined();
        expect({ name: tool.name, title: tool.title, inputSchema: tool.inputSchema, outputSchema: tool.outputSchema }).toEqual({ name: twin!.name, title: twin!.title, inputSchema: twin!.inputSchema, outputSchema: twin!.outputSchema });
      }
      // Every tool the server has and the local server has not is named as needing the key.
      for (const tool of serverTools.filter((candidate) => !localTools.some((own) => own.name === candidate.name))) expect(local.client.getInstructions()).toContain(tool.name);
    } finally {
      await Promise.all([local.close(), direct.close()]);
    }
  });

  it('exits 2 with one line when the server refuses the key', async () => {
    const run = await runCitable(['mcp'], { CITABLE_API_KEY: 'ck_live_not-a-key', CITABLE_SERVER: server.baseUrl });
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toBe(`citable: the Citable server at ${server.baseUrl}/api/mcp refused the API key (401); check CITABLE_API_KEY or create a key in Settings > API keys\n`);
  });
});
