import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { citationTrackingSchema, LLM_MONTHLY_TOKEN_BUDGET, MONITOR_INTERVAL_MS, trackingHistorySchema, WEB_SEARCH_MONTHLY_BUDGET } from '@citable/contract';
import { llmUsage, user } from '../../src/db/schema';
import { setPlan } from '../../src/features/profile/profile';
import { anthropicWebSearchAnswer, geminiGroundedAnswer, geminiRedirectUri, openAiResponsesAnswer, promptOf } from '../fakes/answer-engines';
import { startHttpFake, type HttpFake } from '../fakes/http-fake';
import { api, signUpVerified, startTestServer, STRONG_PASSWORD, uniqueEmail, type TestServer } from '../helpers';

/**
 * Tracked prompts on a schedule (issue 21), end to end: a real server whose ChatGPT (OpenAI
 * Responses with web search), Claude (web search tool) and Gemini (Google Search grounding) are
 * local fakes of their documented APIs, reached through the AI SDK's own clients. The scheduler is
 * ticked with a clock the test moves; the runs themselves go through the job queue.
 */

const DOMAIN = 'acmetools.example';
const PROMPT = 'Which SEO crawler should a small agency use?';
const OTHER = 'What is the best log analyser for SEO?';
const MENTION = 'Acme Tools is the crawler most small agencies pick. Globex is the other common choice.';
const NO_MENTION = 'Globex is the crawler most small agencies pick.';

let chatgpt: HttpFake;
let claude: HttpFake;
let gemini: HttpFake;
let server: TestServer;
let pro: string;
let proId: string;
let core: string;
let freeUser: string;
let chatgptMentions = true;

async function signUp(name: string, plan: 'free' | 'core' | 'pro') {
  const email = uniqueEmail(name);
  const cookie = await signUpVerified(server.baseUrl, { name, email, password: STRONG_PASSWORD });
  const [row] = await server.db.select({ id: user.id }).from(user).where(eq(user.email, email));
  await setPlan(server.db, row.id, plan);
  return { cookie, id: row.id };
}

beforeAll(async () => {
  chatgpt = await startHttpFake(() => ({
    json: chatgptMentions
      ? openAiResponsesAnswer(MENTION, [{ url: `https://${DOMAIN}/crawler` }, { url: 'https://globex.example/crawler' }], { inputTokens: 100, outputTokens: 50 })
      : openAiResponsesAnswer(NO_MENTION, [{ url: 'https://globex.example/crawler' }, { url: 'https://reviews.example/crawlers' }], { inputTokens: 100, outputTokens: 50 }),
  }));
  claude = await startHttpFake(() => ({ json: anthropicWebSearchAnswer(NO_MENTION, [{ url: 'https://globex.example/crawler', title: 'Globex crawler' }]) }));
  gemini = await startHttpFake(() => ({ json: geminiGroundedAnswer(MENTION, [{ url: `https://${DOMAIN}/crawler` }], { redirectUris: true }) }));
  server = await startTestServer({
    env: {
      OPENAI_API_KEY: 'sk-openai-secret',
      OPENAI_BASE_URL: `${chatgpt.url}/v1`,
      ANTHROPIC_API_KEY: 'sk-ant-secret',
      ANTHROPIC_BASE_URL: `${claude.url}/v1`,
      GEMINI_API_KEY: 'gemini-secret',
      GEMINI_BASE_URL: `${gemini.url}/v1beta`,
      CITATION_ENGINE_RETRY_BASE_MS: '1',
      HN_SEARCH_URL: 'off',
      REDDIT_SEARCH_URL: 'off',
    },
  });
  const [p, c, f] = await Promise.all([signUp('pat', 'pro'), signUp('cora', 'core'), signUp('fay', 'free')]);
  [pro, proId, core, freeUser] = [p.cookie, p.id, c.cookie, f.cookie];
  for (const cookie of [pro, core]) {
    const profile = await api(server.baseUrl, '/api/profile', {
      method: 'PATCH',
      cookie,
      body: { websites: [{ name: 'Acme Tools', url: `https://${DOMAIN}` }], competitors: [{ name: 'Globex', url: 'https://globex.example' }] },
    });
    expect(profile.status).toBe(200);
  }
});

afterAll(async () => {
  await server?.close();
  await Promise.all([chatgpt, claude, gemini].map((fake) => fake?.close()));
});

const tracking = async (cookie: string) => citationTrackingSchema.parse((await api(server.baseUrl, '/api/citations/tracking', { cookie })).body);
const history = async (cookie: string) => trackingHistorySchema.parse((await api(server.baseUrl, `/api/citations/tracking/history?domain=${DOMAIN}`, { cookie })).body);

/** Waits for the website's `count`th run to be stored and its schedule to be free again. */
async function waitForRuns(cookie: string, count: number): Promise<void> {
  await expect.poll(async () => (await history(cookie)).runs.length, { timeout: 60_000, interval: 200 }).toBe(count);
  await expect.poll(async () => (await tracking(cookie)).sites[0]?.running, { timeout: 30_000, interval: 200 }).toBeNull();
}

describe('tracked prompts', () => {
  it('says which engines this server and the plan ask, without setting names', async () => {
    const proView = await tracking(pro);
    expect(proView.engines).toEqual([
      { id: 'chatgpt', name: 'ChatGPT', status: 'on' },
      { id: 'claude', name: 'Claude', status: 'on' },
      { id: 'gemini', name: 'Gemini', status: 'on' },
      { id: 'perplexity', name: 'Perplexity', status: 'not_set_up' },
      { id: 'answer-engine', name: 'AI answers', status: 'not_set_up' },
    ]);
    expect(proView.limits).toEqual({ trackedPrompts: 25, engines: 4, intervalDays: 1 });
    // Core asks two engines, weekly: the third one set up is over its plan.
    const coreView = await tracking(core);
    expect(coreView.engines.map((engine) => engine.status)).toEqual(['on', 'on', 'not_in_plan', 'not_set_up', 'not_set_up']);
    expect(coreView.limits.intervalDays).toBe(7);
    expect(JSON.stringify(coreView)).not.toMatch(/API_KEY|BASE_URL/);
    expect((await api(server.baseUrl, '/api/citations/tracking', { cookie: freeUser })).status).toBe(403);
  });

  it('adds prompts to one of the user’s websites only, skips repeats and keeps to the plan’s cap', async () => {
    const add = (cookie: string, body: unknown) => api(server.baseUrl, '/api/citations/tracking/prompts', { cookie, body });
    const created = await add(pro, { domain: `https://www.${DOMAIN}/`, prompts: [PROMPT, OTHER, PROMPT.toUpperCase()] });
    expect(created.status).toBe(201);
    expect(created.body.prompts.map((row: { prompt: string; domain: string }) => [row.domain, row.prompt])).toEqual([
      [DOMAIN, PROMPT],
      [DOMAIN, OTHER],
    ]);
    expect((await add(pro, { domain: DOMAIN, prompts: [PROMPT.toLowerCase()] })).body.prompts).toEqual([]);
    const stranger = await add(pro, { domain: 'globex.example', prompts: ['Who makes crawlers?'] });
    expect(stranger.status).toBe(400);
    expect(stranger.body.error).toBe('Track prompts for one of your websites: add it under Settings, Websites first.');
    expect((await add(pro, { domain: DOMAIN, prompts: ['ab'] })).status).toBe(400);
    expect((await add(pro, { domain: DOMAIN, prompts: [] })).status).toBe(400);
    // Core tracks up to 10 per website: 11 at once is refused whole.
    const many = Array.from({ length: 11 }, (_, index) => `Which crawler is best for site number ${index}?`);
    const full = await add(core, { domain: DOMAIN, prompts: many });
    expect(full.status).toBe(409);
    expect(full.body.error).toMatch(/tracks up to 10 prompts per website; this website has 0/);
    expect((await tracking(core)).sites).toEqual([]);
    const site = (await tracking(pro)).sites[0];
    expect(site).toMatchObject({ domain: DOMAIN, lastError: null });
    expect(site.prompts).toHaveLength(2);
  });

  it('runs a website’s first prompts at once, asks every engine with its web search and stores what each answered', async () => {
    await waitForRuns(pro, 1);
    // Two prompts x 3 samples to each engine.
    for (const fake of [chatgpt, claude, gemini]) expect(fake.requests).toHaveLength(6);
    expect(chatgpt.requests[0]).toMatchObject({ url: '/v1/responses', body: { tools: [expect.objectContaining({ type: 'web_search' })] } });
    expect(chatgpt.requests[0].headers.authorization).toBe('Bearer sk-openai-secret');
    expect(claude.requests[0]).toMatchObject({ url: '/v1/messages', body: { tools: [expect.objectContaining({ type: 'web_search_20250305' })] } });
    expect(claude.requests[0].headers['x-api-key']).toBe('sk-ant-secret');
    expect(gemini.requests[0].url).toBe('/v1beta/models/gemini-2.5-flash:generateContent');
    expect(gemini.requests[0].body).toMatchObject({ tools: [{ googleSearch: {} }] });
    expect(new Set(chatgpt.requests.map(promptOf))).toEqual(new Set([PROMPT, OTHER]));

    const [run] = (await history(pro)).runs;
    expect(run.engines.map(({ sourceId, status, samples, mentions, rate }) => ({ sourceId, status, samples, mentions, rate }))).toEqual([
      { sourceId: 'chatgpt', status: 'ok', samples: 6, mentions: 6, rate: 1 },
      { sourceId: 'claude', status: 'ok', samples: 6, mentions: 0, rate: 0 },
      { sourceId: 'gemini', status: 'ok', samples: 6, mentions: 6, rate: 1 },
      { sourceId: 'perplexity', status: 'not_configured', samples: 0, mentions: 0, rate: 0 },
      { sourceId: 'answer-engine', status: 'not_configured', samples: 0, mentions: 0, rate: 0 },
    ]);
    expect(run.engines[0].interval.low).toBeGreaterThan(0.5);
    // Per engine, the user's share of the brands it named: ChatGPT and Gemini name both, Claude only Globex.
    expect(run.engines.map((engine) => engine.shareOfVoice)).toEqual([0.5, 0, 0.5, null, null]);
    expect(run.prompts.filter((rate) => rate.sourceId === 'claude').map((rate) => rate.prompt).sort()).toEqual([PROMPT, OTHER].sort());
    // Gemini cites through Google's redirect links: the domain in their title is what counts.
    expect(run.citedDomains).toEqual(
      expect.arrayContaining([
        { host: DOMAIN, count: 4, own: true },
        { host: 'globex.example', count: 4, own: false },
      ]),
    );
    const userShare = run.shareOfVoice.find((entry) => entry.isUser);
    expect(userShare).toMatchObject({ name: 'Acme Tools', mentions: 12 });
    expect(run.shareOfVoice.find((entry) => entry.name === 'Globex')).toMatchObject({ mentions: 18 });
    expect(run.gapPrompts).toEqual([]);

    // Each answer is kept whole, for the user only.
    const answersOf = (cookie: string, sourceId: string) =>
      api(server.baseUrl, `/api/citations/tracking/answers?${new URLSearchParams({ runId: run.runId, sourceId, prompt: PROMPT })}`, { cookie });
    const answers = (await answersOf(pro, 'chatgpt')).body.answers;
    expect(answers.map((answer: { sample: number }) => answer.sample)).toEqual([0, 1, 2]);
    expect(answers[0]).toMatchObject({ text: MENTION, mentioned: true, rank: 1, ownPageCited: true, competitorsMentioned: ['Globex'] });
    expect(answers[0].citedUrls).toEqual([`https://${DOMAIN}/crawler`, 'https://globex.example/crawler']);
    expect((await answersOf(pro, 'claude')).body.answers[0]).toMatchObject({ text: NO_MENTION, mentioned: false, rank: null });
    expect((await answersOf(core, 'chatgpt')).body.answers).toEqual([]);
    expect((await api(server.baseUrl, '/api/citations/tracking/answers?runId=nope&sourceId=chatgpt&prompt=x', { cookie: pro })).status).toBe(400);

    // The next run is a day after the first (Pro's cadence).
    const site = (await tracking(pro)).sites[0];
    const sinceAdded = Date.parse(site.nextRunAt!) - Date.parse(site.prompts[0].created_at);
    expect(sinceAdded).toBeGreaterThanOrEqual(MONITOR_INTERVAL_MS.pro - 1_000);
    expect(sinceAdded).toBeLessThan(MONITOR_INTERVAL_MS.pro + 60_000);
    expect(site.lastRunAt).not.toBeNull();
    expect(site.lastError).toBeNull();
    // Every engine's tokens are charged to the month under its own name.
    const usage = await server.db.select().from(llmUsage).where(eq(llmUsage.userId, proId));
    expect(new Set(usage.map((row) => row.model.split(':')[0]))).toEqual(new Set(['chatgpt', 'claude', 'gemini']));
    expect(usage.filter((row) => row.model.startsWith('chatgpt:')).every((row) => row.inputTokens === 100 && row.outputTokens === 50)).toBe(true);
    expect(usage).toHaveLength(18);
    // The billing dialog's usage shows them per engine against the plan's AI budget.
    const billing = await api(server.baseUrl, '/api/billing/usage', { cookie: pro });
    expect(billing.body.ai.budgetTokens).toBe(LLM_MONTHLY_TOKEN_BUDGET.pro);
    // Each answer's web search is billed apart from the tokens (one web_search_call, one
    // server_tool_use search, one grounded prompt), against the plan's search budget (issue 29).
    expect(usage.every((row) => row.searches === 1)).toBe(true);
    expect(billing.body.ai.usedTokens).toBe(usage.reduce((sum, row) => sum + row.inputTokens + row.outputTokens, 0));
    expect(billing.body.ai).toMatchObject({ usedSearches: 18, budgetSearches: WEB_SEARCH_MONTHLY_BUDGET.pro });
    const lines = billing.body.ai.lines as { label: string; calls: number; tokens: number; searches?: number }[];
    expect(lines.map((line) => [line.label.split(' (')[0], line.calls, line.searches])).toEqual(expect.arrayContaining([['ChatGPT', 6, 6], ['Claude', 6, 6], ['Gemini', 6, 6]]));
    expect(lines.find((line) => line.label.startsWith('ChatGPT ('))?.tokens).toBe(6 * 150);
  });

  it('runs again on schedule, not before, and raises an alert when an engine stops mentioning the site', async () => {
    const first = (await tracking(pro)).sites[0];
    expect((await server.app.citationMonitor.tick(new Date(Date.parse(first.nextRunAt!) - 1_000))).started).toBe(0);
    chatgptMentions = false;
    expect((await server.app.citationMonitor.tick(new Date(Date.parse(first.nextRunAt!)))).started).toBe(1);
    await waitForRuns(pro, 2);
    const [latest, previous] = (await history(pro)).runs;
    expect(latest.engines[0]).toMatchObject({ sourceId: 'chatgpt', mentions: 0 });
    expect(previous.engines[0]).toMatchObject({ sourceId: 'chatgpt', mentions: 6 });
    // Claude never names the site and ChatGPT no longer does; Gemini still does, so there is no gap.
    expect(latest.gapPrompts).toEqual([]);
    const alerts = (await api(server.baseUrl, '/api/alerts', { cookie: pro })).body.alerts as { type: string; title: string; message: string; severity: string }[];
    const lost = alerts.filter((alert) => alert.type === 'citation_change' && alert.title === `ChatGPT stopped mentioning ${DOMAIN}`);
    expect(lost).toHaveLength(2);
    expect(lost[0]).toMatchObject({ severity: 'high' });
    expect(lost.map((alert) => alert.message).sort()).toEqual([
      `For "${OTHER}", ChatGPT mentioned you in 100 % of its answers on the previous run and in none now.`,
      `For "${PROMPT}", ChatGPT mentioned you in 100 % of its answers on the previous run and in none now.`,
    ]);
    expect(alerts.some((alert) => alert.title === `reviews.example is newly cited for your prompts`)).toBe(true);
    chatgptMentions = true;
  });

  it('deletes a prompt of the user only; a website left with none stops being scheduled', async () => {
    const site = (await tracking(pro)).sites[0];
    const del = (cookie: string, id: string) => api(server.baseUrl, `/api/citations/tracking/prompts/${id}`, { method: 'DELETE', cookie });
    expect((await del(core, site.prompts[0].id)).status).toBe(404);
    expect((await del(pro, 'not-a-uuid')).status).toBe(404);
    for (const prompt of site.prompts) expect((await del(pro, prompt.id)).status).toBe(204);
    expect((await tracking(pro)).sites).toEqual([]);
    expect((await server.app.citationMonitor.tick(new Date(Date.now() + 30 * 86_400_000))).started).toBe(0);
    // Another user's history of the same domain is not theirs to read.
    expect((await history(core)).runs).toEqual([]);
  });
});
