import { afterAll, beforeAll, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { citationHistoryResponseSchema, siteSummaryResponseSchema, trendsResponseSchema } from '@citable/contract';
import { setPlan } from '../../src/features/profile/profile';
import { startHttpFake, type HttpFake } from '../fakes/http-fake';
import { hnSearch } from '../fakes/search-apis';
import { serveSite, teaShopPages, type ServedSite } from '../fixtures/tool-sites';
import { api, signUpVerified, startTestServer, STRONG_PASSWORD, uniqueEmail, type TestServer } from '../helpers';

let server: TestServer;
let shop: ServedSite;
let hackerNews: HttpFake;

const TOOLS = ['audit_site', 'check_citations', 'generate_llms_txt', 'generate_schema', 'get_citations', 'get_issues', 'get_latest_scores', 'get_score_history', 'run_audit'];
/** The account budget for audits and tool runs here: each test's account stays within it, but one. */
const EXPENSIVE_PER_MINUTE = 5;
/** Tools that only read the account's stored results; every other one reaches the open web. */
const READS = ['get_citations', 'get_issues', 'get_latest_scores', 'get_score_history'];

beforeAll(async () => {
  shop = await serveSite(teaShopPages([]));
  // The only citation source without a key: Hacker News, faked, with a story that cites the shop.
  hackerNews = await startHttpFake(() => ({ json: hnSearch([{ id: '301', title: 'Lantern Tea ships sencha across Europe', url: 'https://lanterntea.example/sencha', story_text: 'Lantern Tea is great.' }]) }));
  server = await startTestServer({
    env: { FETCH_ALLOW_HOSTS: '127.0.0.1,localhost', HN_SEARCH_URL: hackerNews.url, REDDIT_SEARCH_URL: 'off', RATE_LIMIT_EXPENSIVE_PER_MINUTE: String(EXPENSIVE_PER_MINUTE) },
  });
});
afterAll(async () => {
  await Promise.all([server?.close(), shop?.close(), hackerNews?.close()]);
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

const textOf = (result: Record<string, unknown>) => (result.content as { text: string }[])[0].text;

it('describes every tool with an output schema and truthful annotations', async () => {
  const client = await connect(await keyFor('free'));
  try {
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual(TOOLS);
    for (const tool of tools) {
      expect(tool.outputSchema, tool.name).toMatchObject({ type: 'object' });
      expect(Object.keys(tool.outputSchema?.properties ?? {}).length, tool.name).toBeGreaterThan(0);
      const reads = READS.includes(tool.name);
      expect(tool.annotations, tool.name).toEqual({ title: tool.title, readOnlyHint: reads, destructiveHint: false, idempotentHint: reads, openWorldHint: !reads });
      expect(tool.annotations?.title, tool.name).toBeTruthy();
    }
    const byName = Object.fromEntries(tools.map((tool) => [tool.name, tool]));
    expect(byName.run_audit.inputSchema.required).toEqual(['url']);
    expect(byName.audit_site.inputSchema.required).toEqual(['url']);
    expect(byName.audit_site.outputSchema?.required).toEqual(expect.arrayContaining(['id', 'status', 'progress']));
    expect(byName.generate_llms_txt.outputSchema?.required).toEqual(expect.arrayContaining(['llms', 'summary']));
  } finally {
    await client.close();
  }
});

it('runs every tool, each answer matching its output schema', async () => {
  const client = await connect(await keyFor('core'));
  try {
    // The client validates each structured result against the tool's output schema once listed.
    await client.listTools();

    const audit = await client.callTool({ name: 'run_audit', arguments: { url: shop.url } });
    expect(audit.isError, JSON.stringify(audit.content)).toBeFalsy();
    const result = audit.structuredContent as { overallScore: number; subscores: Record<string, number>; topIssues: unknown[]; httpStatus?: number };
    expect(result.overallScore).toBeGreaterThan(0);
    expect(result.httpStatus).toBe(200);
    expect(Object.keys(result.subscores)).toHaveLength(4);
    expect(textOf(audit)).toContain(`${result.overallScore}/100`);

    const latest = await client.callTool({ name: 'get_latest_scores', arguments: {} });
    expect((latest.structuredContent as { audits: { overall_score: number }[] }).audits[0].overall_score).toBe(result.overallScore);
    const issues = await client.callTool({ name: 'get_issues', arguments: { url: shop.url } });
    expect(issues.isError).toBeFalsy();
    expect((issues.structuredContent as { audit: { overall_score: number } }).audit.overall_score).toBe(result.overallScore);

    const history = await client.callTool({ name: 'get_score_history', arguments: { url: shop.url } });
    expect(history.isError, JSON.stringify(history.content)).toBeFalsy();
    const { series } = trendsResponseSchema.parse(history.structuredContent);
    expect(series).toHaveLength(1);
    expect(series[0].points.map((point) => point.overallScore)).toEqual([result.overallScore]);
    expect(textOf(history)).toContain(`${result.overallScore}/100`);

    const schema = await client.callTool({ name: 'generate_schema', arguments: { url: `${shop.url}/faq` } });
    expect(schema.isError, JSON.stringify(schema.content)).toBeFalsy();

    const llms = await client.callTool({ name: 'generate_llms_txt', arguments: { url: shop.url } });
    expect(llms.isError, JSON.stringify(llms.content)).toBeFalsy();
    const summary = siteSummaryResponseSchema.parse(llms.structuredContent);
    expect(summary.llms.llmsTxt).toMatch(/^# /);
    expect(summary.pagesAnalyzed).toBeGreaterThan(0);
    expect(textOf(llms)).toContain(summary.llms.llmsTxt);

    const noneYet = await client.callTool({ name: 'get_citations', arguments: {} });
    expect(noneYet.structuredContent).toEqual({ runs: [] });
    const check = await client.callTool({ name: 'check_citations', arguments: { domain: 'lanterntea.example', keywords: ['sencha'] } });
    expect(check.isError, JSON.stringify(check.content)).toBeFalsy();
    const citations = await client.callTool({ name: 'get_citations', arguments: { domain: 'https://lanterntea.example/' } });
    expect(citations.isError, JSON.stringify(citations.content)).toBeFalsy();
    const { runs } = citationHistoryResponseSchema.parse(citations.structuredContent);
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ domain: 'lanterntea.example', mentions: (check.structuredContent as { overall: { mentions: number } }).overall.mentions });
    expect((await client.callTool({ name: 'get_citations', arguments: { domain: 'other.example' } })).structuredContent).toEqual({ runs: [] });

  } finally {
    await client.close();
  }
});

it('states your score as the dashboard does: a page audit named as one page, then the site audit', async () => {
  const cookie = await signUpVerified(server.baseUrl, { name: 'Mcp Score', email: uniqueEmail('mcp-score'), password: STRONG_PASSWORD });
  await setPlan(server.db, (await api(server.baseUrl, '/api/profile', { cookie })).body.user_id, 'core');
  const onboarding = await api(server.baseUrl, '/api/profile/onboarding', { cookie, body: { websites: [{ name: 'Lantern Tea', url: shop.url }], industry: 'Food & Beverage', competitors: [{ name: 'Rival Tea', url: 'https://rival-tea.example' }], goals: ['increase_citations'] } });
  expect(onboarding.status, JSON.stringify(onboarding.body)).toBe(200);
  const client = await connect((await api(server.baseUrl, '/api/api-keys', { cookie, body: { name: 'Assistant' } })).body.secret);
  try {
    await client.listTools();
    const none = await client.callTool({ name: 'get_latest_scores', arguments: {} });
    expect(none.structuredContent).toEqual({ yourScore: null, audits: [] });
    expect(textOf(none)).toBe('No audits yet. Run one with run_audit.');

    const page = await client.callTool({ name: 'run_audit', arguments: { url: `${shop.url}/faq` } });
    expect(page.isError, JSON.stringify(page.content)).toBeFalsy();
    const afterPage = await client.callTool({ name: 'get_latest_scores', arguments: {} });
    const pageScore = (afterPage.structuredContent as { yourScore: { kind: string; label: string; score: number } }).yourScore;
    expect(pageScore).toMatchObject({ kind: 'page', score: (page.structuredContent as { overallScore: number }).overallScore });
    expect(pageScore.label).toContain('one page');
    expect(textOf(afterPage)).toContain(`Your score: ${pageScore.score}/100 (${pageScore.label}).`);
    expect(textOf(afterPage)).toContain('(page audit)');

    const site = await client.callTool({ name: 'audit_site', arguments: { url: shop.url, maxPages: 1 } });
    expect(site.isError, JSON.stringify(site.content)).toBeFalsy();
    const afterSite = await client.callTool({ name: 'get_latest_scores', arguments: {} });
    const siteScore = (afterSite.structuredContent as { yourScore: { kind: string; pageCount: number } }).yourScore;
    expect(siteScore).toMatchObject({ kind: 'site', pageCount: 1 });
    expect(textOf(afterSite)).toContain('(site audit, 1 page)');
    // A page audit after the site audit is listed, but your score stays the site's.
    await client.callTool({ name: 'run_audit', arguments: { url: `${shop.url}/faq` } });
    const latest = await client.callTool({ name: 'get_latest_scores', arguments: {} });
    expect((latest.structuredContent as { yourScore: { kind: string } }).yourScore.kind).toBe('site');
  } finally {
    await client.close();
  }
});

it('gates the tools as the dashboard does, with an error and no structured content', async () => {
  const client = await connect(await keyFor('free'));
  try {
    await client.listTools();
    for (const [name, args] of [
      ['generate_schema', { content: '<h1>Tea</h1>' }],
      ['generate_llms_txt', { content: '<h1>Tea</h1><p>Lantern Tea sells sencha.</p>' }],
      ['get_citations', {}],
      ['check_citations', { domain: 'lanterntea.example' }],
    ] as const) {
      const refused = await client.callTool({ name, arguments: args });
      expect(refused.isError, name).toBe(true);
      expect(textOf(refused), name).toMatch(/Core/);
      expect(refused.structuredContent, name).toBeUndefined();
    }
    // Reading one's own score history is every plan's.
    const history = await client.callTool({ name: 'get_score_history', arguments: { url: shop.url } });
    expect(history.isError).toBeFalsy();
    expect(trendsResponseSchema.parse(history.structuredContent).series[0].points).toEqual([]);
  } finally {
    await client.close();
  }
});

it('counts each call of a tool that audits, crawls or asks models against the account budget, and no read', async () => {
  const client = await connect(await keyFor('free'));
  try {
    // Five expensive calls, each refused quickly after being counted (nothing to read, or the plan).
    const calls = [
      ['run_audit', { url: 'http://127.0.0.1:1/' }],
      ['audit_site', { url: shop.url, maxPages: 500 }],
      ['generate_schema', { content: '<h1>Tea</h1>' }],
      ['generate_llms_txt', { content: '<h1>Tea</h1>' }],
      ['check_citations', { domain: 'lanterntea.example' }],
    ] as const;
    expect(calls).toHaveLength(EXPENSIVE_PER_MINUTE);
    for (const [name, args] of calls) expect((await client.callTool({ name, arguments: args })).isError, name).toBe(true);
    for (const name of READS) expect((await client.callTool({ name, arguments: {} })).content, name).toBeDefined();
    // The budget is spent by those five alone: the reads took nothing from it.
    await expect(client.callTool({ name: 'run_audit', arguments: { url: shop.url } })).rejects.toMatchObject({ code: 429 });
  } finally {
    await client.close();
  }
});

it('refuses a missing or wrong key', async () => {
  await expect(connect('ck_live_wrong')).rejects.toThrow();
  const bare = await fetch(`${server.baseUrl}/api/mcp`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
  expect(bare.status).toBe(401);
});
