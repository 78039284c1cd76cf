import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { TOOL_FUNCTIONS, type PlanId, type ToolFunctionName } from '@citable/contract';
import { auditHistory, userActivity } from '../../src/db/schema';
import { setPlan } from '../../src/features/profile/profile';
import { RIVAL_TEA_PAGES, serveSite, teaShopPages, UNRELATED_PAGES, type ServedSite } from '../fixtures/tool-sites';
import { api, signUpVerified, startTestServer, STRONG_PASSWORD, uniqueEmail, type TestServer } from '../helpers';

let server: TestServer;
let base: string;
let shop: ServedSite;
let rival: ServedSite;
let unrelated: ServedSite;
let blocked: ServedSite;

interface TestUser {
  cookie: string;
  id: string;
}

async function newUser(plan: PlanId): Promise<TestUser> {
  const cookie = await signUpVerified(base, { name: 'Tool Tester', email: uniqueEmail('tools'), password: STRONG_PASSWORD });
  const onboarding = await api(base, '/api/profile/onboarding', {
    cookie,
    body: {
      websites: [{ name: 'Lantern Tea', url: shop.url }],
      industry: 'Food & Beverage',
      competitors: [{ name: 'Kettle & Leaf', url: rival.altUrl }],
      goals: ['voice_search'],
    },
  });
  expect(onboarding.status, JSON.stringify(onboarding.body)).toBe(200);
  const id = onboarding.body.user_id as string;
  if (plan !== 'free') await setPlan(server.db, id, plan);
  return { cookie, id };
}

const call = (name: ToolFunctionName, cookie: string | undefined, body: unknown) => api(base, `/api/functions/${name}`, { cookie, body });

beforeAll(async () => {
  [rival, unrelated] = await Promise.all([serveSite(RIVAL_TEA_PAGES), serveSite(UNRELATED_PAGES)]);
  [shop, blocked] = await Promise.all([serveSite(teaShopPages([rival.altUrl, unrelated.altUrl])), serveSite(RIVAL_TEA_PAGES, { robots: 'User-agent: *\nDisallow: /\n' })]);
  server = await startTestServer({ env: { FETCH_ALLOW_HOSTS: '127.0.0.1,localhost' } });
  base = server.baseUrl;
});
afterAll(async () => {
  await server?.close();
  await Promise.all([shop, rival, unrelated, blocked].map((site) => site?.close()));
});

/** A valid request per function, against the served sites. */
function validBodies(): Record<ToolFunctionName, unknown> {
  return {
    'schema-generator': { url: `${shop.url}/faq`, scope: 'page' },
    'entity-coverage-analyzer': { url: shop.url, competitors: [rival.altUrl] },
    'llm-site-summaries': { url: shop.url, summaryType: 'overview' },
    'prompt-match-suggestions': { topic: 'green tea', contentType: 'guide', userIntent: 'informational' },
    'voice-assistant-tester': { query: 'How long does green tea stay fresh?', assistants: ['siri', 'alexa', 'google'] },
    'competitive-analysis': { primaryUrl: shop.url, competitorUrls: [rival.altUrl] },
    // A tracked competitor is never suggested; this one is not the served rival, so the rival can be found.
    'competitor-discovery': { url: shop.url, analysisDepth: 'basic', existingCompetitors: ['https://tracked.example'] },
    'enhanced-audit-insights': { url: `${shop.url}/brewing-guide` },
  };
}

const NAMES = Object.keys(TOOL_FUNCTIONS) as ToolFunctionName[];

describe('tool functions', () => {
  let agency: TestUser;
  let core: TestUser;
  let free: TestUser;
  beforeAll(async () => {
    [agency, core, free] = await Promise.all([newUser('agency'), newUser('core'), newUser('free')]);
  });

  it('require a session (401)', async () => {
    for (const name of NAMES) expect((await call(name, undefined, validBodies()[name])).status, name).toBe(401);
  });

  it('refuse plans below the tool with 403 and the plan required', async () => {
    for (const name of NAMES) {
      const required = (await import('@citable/contract')).TOOLS[TOOL_FUNCTIONS[name].toolId].requiredPlan;
      const response = await call(name, free.cookie, validBodies()[name]);
      expect(response.status, name).toBe(403);
      expect(response.body.requiredPlan).toBe(required);
    }
    for (const name of ['entity-coverage-analyzer', 'prompt-match-suggestions', 'competitive-analysis'] as const) {
      const response = await call(name, core.cookie, validBodies()[name]);
      expect(response.status, name).toBe(403);
      expect(response.body).toMatchObject({ requiredPlan: 'pro' });
    }
  });

  it('refuse bad input with 400', async () => {
    const bad: [ToolFunctionName, unknown][] = [
      ['schema-generator', {}],
      ['schema-generator', { url: shop.url, scope: 'everything' }],
      ['entity-coverage-analyzer', { industry: 'Tea' }],
      ['llm-site-summaries', { url: shop.url, summaryType: 'poem' }],
      ['prompt-match-suggestions', { topic: '   ' }],
      ['prompt-match-suggestions', { topic: 'tea', userIntent: 'curious' }],
      ['voice-assistant-tester', { query: 'tea', assistants: ['cortana'] }],
      ['voice-assistant-tester', { query: '' }],
      ['competitive-analysis', { primaryUrl: shop.url, competitorUrls: [] }],
      ['competitive-analysis', { primaryUrl: shop.url, competitorUrls: ['a.com', 'b.com', 'c.com', 'd.com'] }],
      ['competitor-discovery', { url: shop.url, analysisDepth: 'infinite' }],
      ['enhanced-audit-insights', { previousScore: 50 }],
      ['schema-generator', { url: 'ftp://example.com/file', scope: 'page' }],
      ['schema-generator', { content: 'x', scope: 'page', extra: true }],
    ];
    for (const [name, body] of bad) {
      const response = await call(name, agency.cookie, body);
      expect(response.status, `${name} ${JSON.stringify(body)}`).toBe(400);
      expect(typeof response.body.error).toBe('string');
    }
  });

  it('answer 422 with the crawler reason for private, unreachable and robots-disallowed sites', async () => {
    const privateUrl = await call('schema-generator', agency.cookie, { url: 'http://10.1.2.3/', scope: 'page' });
    expect(privateUrl.status).toBe(422);
    expect(privateUrl.body.error).toMatch(/private address and cannot be audited/);
    const unreachable = await call('llm-site-summaries', agency.cookie, { url: 'http://127.0.0.1:9/', summaryType: 'overview' });
    expect(unreachable.status).toBe(422);
    expect(unreachable.body.error).toMatch(/could not be reached/);
    const disallowed = await call('competitor-discovery', agency.cookie, { url: blocked.url });
    expect(disallowed.status).toBe(422);
    expect(disallowed.body.error).toMatch(/robots\.txt does not allow/);
  });

  for (const name of NAMES) {
    it(`${name}: the contract's result shape, the same result twice, one tool_used activity`, async () => {
      const user = await newUser('agency');
      const first = await call(name, user.cookie, validBodies()[name]);
      expect(first.status, JSON.stringify(first.body)).toBe(200);
      expect(() => TOOL_FUNCTIONS[name].response.parse(first.body)).not.toThrow();
      const second = await call(name, user.cookie, validBodies()[name]);
      expect(second.status).toBe(200);
      expect(second.body).toEqual(first.body);
      const logged = await server.db
        .select()
        .from(userActivity)
        .where(and(eq(userActivity.userId, user.id), eq(userActivity.activityType, 'tool_used')));
      expect(logged).toHaveLength(1);
      expect(logged[0].toolId).toBe(TOOL_FUNCTIONS[name].toolId);
    });
  }

  it('competitor discovery suggests the linked tea shop and not the unrelated site, nor a tracked competitor', async () => {
    const found = await call('competitor-discovery', agency.cookie, validBodies()['competitor-discovery']);
    expect(found.status).toBe(200);
    expect(found.body.competitorSuggestions.map((s: { url: string }) => s.url)).toEqual([rival.altUrl]);
    const tracked = await call('competitor-discovery', agency.cookie, { url: shop.url, analysisDepth: 'basic' });
    expect(tracked.body.competitorSuggestions).toEqual([]);
  });

  it('competitive analysis names sites as stored and averages the industry from 5 audited sites on', async () => {
    const body = validBodies()['competitive-analysis'];
    const before = await call('competitive-analysis', agency.cookie, body);
    expect(before.body.competitorAnalyses[0].name).toBe('Kettle & Leaf');
    expect(before.body.benchmarks).toMatchObject({ industryAverageSource: 'competitors', industryAverage: before.body.summary.averageCompetitorScore });
    // Five other sites audited on this installation by a user in the same industry.
    const scores = [40, 50, 60, 70, 80];
    const stub = { kind: 'content', result: { overallScore: 0 } } as never;
    await server.db.insert(auditHistory).values(
      scores.map((score, i) => ({
        userId: core.id,
        websiteUrl: `https://shop-${i}.example/`,
        websiteOrigin: `https://shop-${i}.example`,
        overallScore: score,
        aiUnderstanding: score,
        citationLikelihood: score,
        conversationalReadiness: score,
        contentStructure: score,
        recommendations: [],
        issues: [],
        auditData: stub,
      })),
    );
    const after = await call('competitive-analysis', agency.cookie, { ...(body as object), industry: 'Food & Beverage' });
    expect(after.body.benchmarks).toMatchObject({ industryAverageSource: 'industry', industryAverage: 60 });
  });

  it('voice answers come from the sites read, marked as simulated', async () => {
    const response = await call('voice-assistant-tester', agency.cookie, { query: 'How long does green tea stay fresh?', assistants: ['alexa'] });
    expect(response.body.simulated).toBe(true);
    expect(response.body.results).toHaveLength(1);
    expect(response.body.results[0].response).toMatch(/green tea stays fresh/i);
  });

  it('site summaries head llms.txt with the site\'s name, not its IP address, and summarise its prose', async () => {
    const response = await call('llm-site-summaries', agency.cookie, { url: shop.url, summaryType: 'brief' });
    expect(response.status).toBe(200);
    // The shop is served from 127.0.0.1; its titles name it "Lantern Tea".
    expect(response.body.llms.llmsTxt.startsWith('# Lantern Tea\n')).toBe(true);
    expect(response.body.llms.llmsFullTxt.startsWith('# Lantern Tea\n')).toBe(true);
    expect(response.body.summary).not.toMatch(/^\d|127\.0\.0\.1/);
    for (const entity of response.body.entities as { name: string }[]) expect(entity.name).not.toMatch(/[/@]|^-|-$/);
  });

  it('schema generator: sameAs only from profiles, warnings that agree with the markup', async () => {
    const response = await call('schema-generator', agency.cookie, { url: shop.url, scope: 'site' });
    expect(response.status).toBe(200);
    const graph = (response.body.schema['@graph'] ?? [response.body.schema]) as Record<string, unknown>[];
    const org = graph.find((n) => n['@type'] === 'Organization')!;
    expect(org.name).toBe('Lantern Tea');
    expect(org.url).toBeDefined();
    expect(response.body.validationWarnings.map((w: { field: string }) => w.field)).not.toContain('Organization.url');
  });

  it('audit insights compare with the previous audit of the same URL', async () => {
    const user = await newUser('core');
    const url = `${shop.url}/faq`;
    const audited = await api(base, '/api/functions/ai-visibility-audit', { cookie: user.cookie, body: { url } });
    expect(audited.status).toBe(200);
    const insights = await call('enhanced-audit-insights', user.cookie, { url });
    expect(insights.status).toBe(200);
    expect(insights.body).toMatchObject({ previousScore: audited.body.overallScore, scoreDelta: 0, trend: 'unchanged' });
    expect(insights.body.subscoreDeltas).not.toBeNull();
  });
});
