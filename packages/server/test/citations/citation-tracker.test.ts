import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { BUILT_IN_SOURCE, citationTrackerResultSchema, LLM_MONTHLY_TOKEN_BUDGET, WEB_SEARCH_MONTHLY_BUDGET } from '@citable/contract';
import { citationRuns, llmUsage, user, userActivity } from '../../src/db/schema';
import { setPlan } from '../../src/features/profile/profile';
import { startHttpFake, type HttpFake, type RecordedRequest } from '../fakes/http-fake';
import { chatCompletion, userPrompt } from '../fakes/openai-compatible';
import { hnSearch, perplexityAnswer } from '../fakes/search-apis';
import { api, signUpVerified, startTestServer, STRONG_PASSWORD, uniqueEmail, type TestServer } from '../helpers';

/**
 * The Citation Tracker end to end: a real server whose sources point at deterministic fakes on
 * 127.0.0.1. The model names the user in the first two of every three asks of a prompt, so each
 * prompt's mention rate is 2/3 with a known Wilson interval.
 */

const DOMAIN = 'acmetools.example';
const MENTION = [
  'Here are the tools most teams pick:',
  '1. Globex: a popular choice, see https://globex.example/seo-guide',
  '2. Acme Tools: reliable and affordable, see https://acmetools.example/features',
  '3. Initech: fast.',
].join('\n');
const NO_MENTION = ['The usual picks:', '1. Globex: trusted by many, https://globex.example/seo-guide', '2. Initech: fast.'].join('\n');

let llm: HttpFake;
let perplexity: HttpFake;
let hackerNews: HttpFake;
let reddit: HttpFake;
let server: TestServer;
let alice: string;
let aliceId: string;
let bob: string;
let freeUser: string;

function llmAnswers() {
  const asked = new Map<string, number>();
  return (request: RecordedRequest) => {
    const prompt = userPrompt(request);
    const count = (asked.get(prompt) ?? 0) + 1;
    asked.set(prompt, count);
    return chatCompletion(count % 3 === 0 ? NO_MENTION : MENTION);
  };
}

function hackerNewsAnswers(request: RecordedRequest) {
  const query = new URL(request.url, 'http://fake').searchParams.get('query');
  if (query === 'SEO') {
    return {
      json: hnSearch([
        { id: '101', title: 'Show HN: an SEO crawler', url: 'https://acmetools.example/launch', story_text: 'We built Acme Tools.' },
        { id: '102', title: 'Ask HN: best SEO books?', story_text: 'Looking for reading.' },
      ]),
    };
  }
  if (query === DOMAIN) return { json: hnSearch([{ id: '101', title: 'Show HN: an SEO crawler', url: 'https://acmetools.example/launch' }]) };
  return { json: hnSearch([{ id: '201', comment_text: '<p>I switched to Acme&nbsp;Tools last year and it is excellent.</p>', story_title: 'Tools you love' }]) };
}

async function userIdOf(email: string): Promise<string> {
  const [row] = await server.db.select({ id: user.id }).from(user).where(eq(user.email, email));
  return row.id;
}

beforeAll(async () => {
  llm = await startHttpFake(llmAnswers());
  perplexity = await startHttpFake(() => ({ json: perplexityAnswer('Acme Tools is a leading option for this [1], alongside Globex [2].', ['https://acmetools.example/blog/ai', 'https://globex.example/compare']) }));
  hackerNews = await startHttpFake(hackerNewsAnswers);
  reddit = await startHttpFake(() => ({ status: 500, json: { message: 'Internal Server Error', error: 500 } }));
  server = await startTestServer({
    env: {
      LLM_PROVIDER: 'openai-compatible',
      LLM_MODEL: 'fake-model',
      LLM_BASE_URL: `${llm.url}/v1`,
      LLM_RETRY_BASE_MS: '5',
      PERPLEXITY_API_KEY: 'pplx-secret',
      PERPLEXITY_BASE_URL: perplexity.url,
      HN_SEARCH_URL: hackerNews.url,
      REDDIT_SEARCH_URL: reddit.url,
    },
  });
  const aliceEmail = uniqueEmail('alice');
  [alice, bob, freeUser] = await Promise.all([
    signUpVerified(server.baseUrl, { name: 'Alice', email: aliceEmail, password: STRONG_PASSWORD }),
    signUpVerified(server.baseUrl, { name: 'Bob', email: uniqueEmail('bob'), password: STRONG_PASSWORD }),
    signUpVerified(server.baseUrl, { name: 'Fay', email: uniqueEmail('free'), password: STRONG_PASSWORD }),
  ]);
  aliceId = await userIdOf(aliceEmail);
  const bobId = await userIdOf((await api(server.baseUrl, '/api/me', { cookie: bob })).body.user.email);
  await setPlan(server.db, aliceId, 'core');
  await setPlan(server.db, bobId, 'pro');
  const profile = await api(server.baseUrl, '/api/profile', {
    method: 'PATCH',
    cookie: alice,
    body: { websites: [{ name: 'Acme Tools', url: `https://${DOMAIN}` }], competitors: [{ name: 'Globex', url: 'https://globex.example' }] },
  });
  expect(profile.status).toBe(200);
});

afterAll(async () => {
  await server?.close();
  await Promise.all([llm, perplexity, hackerNews, reddit].map((fake) => fake?.close()));
});

const track = (cookie: string, body: unknown) => api(server.baseUrl, '/api/functions/citation-tracker', { cookie, body });

describe('GET /api/config', () => {
  it('names the configured model, never the key or the base URL', async () => {
    const config = await api(server.baseUrl, '/api/config');
    expect(config.body.llm).toEqual({ configured: true, model: 'fake-model' });
    expect(JSON.stringify(config.body)).not.toContain(llm.url);
  });
});

describe('POST /api/functions/citation-tracker', () => {
  let first: ReturnType<typeof citationTrackerResultSchema.parse>;

  it('needs a session and the Core plan', async () => {
    expect((await track('', { domain: DOMAIN })).status).toBe(401);
    const gated = await track(freeUser, { domain: DOMAIN });
    expect(gated.status).toBe(403);
    expect(gated.body).toMatchObject({ requiredPlan: 'core', error: 'Upgrade to the Core plan to use this feature.' });
    expect(llm.requests).toHaveLength(0);
  });

  it('refuses a value that is not a domain', async () => {
    const response = await track(alice, { domain: 'not a domain' });
    expect(response.status).toBe(400);
    expect(response.body.error).toMatch(/is not a domain/);
  });

  it('asks every source, lists each with its status and measures the mention rate over 3 samples', async () => {
    const response = await track(alice, { domain: `https://www.${DOMAIN}/`, keywords: ' SEO , ', fingerprintPhrases: 'switched to acme tools last year\n' });
    expect(response.status).toBe(200);
    first = citationTrackerResultSchema.parse(response.body);
    expect(first).toMatchObject({ domain: DOMAIN, brand: 'Acme Tools', keywords: ['SEO'], samplesPerPrompt: 3, source: 'Perplexity (sonar), AI answers (fake-model), Hacker News' });
    expect(first.prompts).toEqual(['What are the best tools for SEO?', 'Which companies are known for SEO?']);
    expect(first.sources.map(({ id, status }) => ({ id, status }))).toEqual([
      { id: 'chatgpt', status: 'not_configured' },
      { id: 'claude', status: 'not_configured' },
      { id: 'gemini', status: 'not_configured' },
      { id: 'perplexity', status: 'ok' },
      { id: 'answer-engine', status: 'ok' },
      { id: 'brave', status: 'not_configured' },
      { id: 'hacker-news', status: 'ok' },
      { id: 'reddit', status: 'error' },
    ]);
    expect(first.sources.find((source) => source.id === 'reddit')?.message).toBe('Reddit answered HTTP 500.');
    // Issue 19: the user reads that the server lacks it, never which setting would add it.
    expect(first.sources.find((source) => source.id === 'brave')?.message).toBe('Not set up on this server.');
    expect(JSON.stringify(first)).not.toMatch(/[A-Z]+_(API_KEY|PROVIDER|MODEL|SEARCH_URL)/);

    // Each prompt asked 3 times of the model and of Perplexity.
    expect(llm.requests).toHaveLength(6);
    expect(perplexity.requests).toHaveLength(6);
    expect(perplexity.requests[0].headers.authorization).toBe('Bearer pplx-secret');

    const engine = first.mentionRates.filter((rate) => rate.sourceId === 'answer-engine');
    expect(engine).toHaveLength(2);
    for (const rate of engine) {
      expect(rate).toMatchObject({ samples: 3, mentions: 2, rate: 0.6667, bestRank: 2, ownPagesCited: 2 });
      expect(rate.interval.low).toBeCloseTo(0.2077, 3);
      expect(rate.interval.high).toBeCloseTo(0.9385, 3);
      expect(rate.sentiment).toBeGreaterThan(0);
    }
    const pplx = first.mentionRates.find((rate) => rate.sourceId === 'perplexity');
    expect(pplx).toMatchObject({ samples: 3, mentions: 3, rate: 1, ownPagesCited: 3 });
    expect(pplx?.citedUrls).toContain('https://acmetools.example/blog/ai');
    expect(first.overall).toMatchObject({ samples: 12, mentions: 10 });

    const hn = first.mentionRates.find((rate) => rate.sourceId === 'hacker-news');
    expect(hn).toMatchObject({ prompt: 'SEO', samples: 2, mentions: 1 });
  });

  it('lists the citations with source, url, type, snippet, confidence and date', async () => {
    const story = first.citations.find((citation) => citation.url === 'https://news.ycombinator.com/item?id=101');
    expect(story).toMatchObject({ source: 'Hacker News', type: 'story', matchedBy: 'domain', confidence_score: 1, date: '2026-11-01T10:00:00.000Z' });
    const comment = first.citations.find((citation) => citation.url === 'https://news.ycombinator.com/item?id=201');
    expect(comment).toMatchObject({ type: 'comment', sentiment: 'positive' });
    expect(comment?.snippet).toContain('Acme Tools last year');
    const answer = first.citations.find((citation) => citation.sourceId === 'answer-engine');
    expect(answer).toMatchObject({ type: 'answer', url: 'https://acmetools.example/features', source: 'AI answers (fake-model)' });
    expect(first.newMentions).toEqual(first.citations);
    expect(first.previousRunAt).toBeNull();
  });

  it('reports share of voice against the competitors and the pages cited instead', () => {
    const user = first.shareOfVoice.find((entry) => entry.isUser);
    const globex = first.shareOfVoice.find((entry) => entry.name === 'Globex');
    // Answers: 4 of 6 model answers and 6 Perplexity answers name Acme, all 12 name Globex; HN: 1 of 2 results.
    expect(user).toMatchObject({ name: 'Acme Tools', domain: DOMAIN, mentions: 11 });
    expect(globex).toMatchObject({ domain: 'globex.example', mentions: 12 });
    expect(user!.share + globex!.share).toBeCloseTo(1, 3);
    // Every model answer cites the guide; every Perplexity answer cites the comparison. Ties sort by URL.
    expect(first.citationGap.slice(0, 2)).toEqual([
      { url: 'https://globex.example/compare', host: 'globex.example', count: 6, prompts: first.prompts, competitor: 'Globex' },
      { url: 'https://globex.example/seo-guide', host: 'globex.example', count: 6, prompts: first.prompts, competitor: 'Globex' },
    ]);
    expect(first.citationGap.some((page) => page.host === DOMAIN)).toBe(false);
  });

  it('shows the month’s tokens against the plan’s budget', async () => {
    expect((await api(server.baseUrl, '/api/llm/usage')).status).toBe(401);
    const usage = await api(server.baseUrl, '/api/llm/usage', { cookie: alice });
    // The model's 6 answers of 50 tokens and Perplexity's 6 of 60: every engine costs the month.
    expect(usage.body).toMatchObject({ plan: 'core', usedTokens: 6 * 50 + 6 * 60, budgetTokens: LLM_MONTHLY_TOKEN_BUDGET.core });
  });

  it('records the model’s tokens for the user and the tool use', async () => {
    const rows = await server.db.select().from(llmUsage).where(eq(llmUsage.userId, aliceId));
    expect(rows).toHaveLength(12);
    const model = rows.filter((row) => row.model === 'fake-model');
    expect(model).toHaveLength(6);
    expect(model.every((row) => row.feature === 'citations' && row.inputTokens === 20 && row.outputTokens === 30)).toBe(true);
    // Perplexity's request fee is one billed search per answer (issue 29); the operator's own model bills none.
    expect(rows.filter((row) => row.model === 'perplexity:sonar' && row.feature === 'citations' && row.searches === 1)).toHaveLength(6);
    expect(model.every((row) => row.searches === 0)).toBe(true);
    const billing = await api(server.baseUrl, '/api/billing/usage', { cookie: alice });
    expect(billing.body.ai).toMatchObject({ usedSearches: 6, budgetSearches: WEB_SEARCH_MONTHLY_BUDGET.core });
    expect(billing.body.ai.lines.find((line: { label: string }) => line.label === 'Perplexity (sonar)')).toMatchObject({ calls: 6, searches: 6 });
    expect(billing.body.ai.lines.find((line: { label: string }) => line.label.startsWith('AI model'))).not.toHaveProperty('searches');
    const activity = await server.db.select().from(userActivity).where(eq(userActivity.userId, aliceId));
    expect(activity.find((row) => row.activityType === 'tool_used')).toMatchObject({ toolId: 'citations', websiteUrl: `https://${DOMAIN}` });
  });

  it('keeps the history and reports only new mentions on the next run', async () => {
    const second = await track(alice, { domain: DOMAIN, keywords: 'SEO' });
    expect(second.status).toBe(200);
    expect(second.body.previousRunAt).toBe(first.created_at);
    expect(second.body.newMentions).toEqual([]);
    const history = await api(server.baseUrl, `/api/citations/history?domain=${DOMAIN}`, { cookie: alice });
    expect(history.status).toBe(200);
    expect(history.body.runs).toHaveLength(2);
    expect(history.body.runs[0]).toMatchObject({ runId: second.body.runId, domain: DOMAIN, source: 'Perplexity (sonar), AI answers (fake-model), Hacker News', samples: 12 });
    expect(history.body.runs[1]).toMatchObject({ runId: first.runId, mentions: 10, rate: first.overall.rate, interval: first.overall.interval });
    expect((await api(server.baseUrl, '/api/citations/history', { cookie: bob })).body.runs).toEqual([]);
  });
});

describe('saved prompts and fingerprint phrases', () => {
  it('selects, inserts and deletes prompts, which the next run asks', async () => {
    const created = await api(server.baseUrl, '/api/citations/prompts', { cookie: alice, body: { prompt: 'Who makes the best SEO crawler?' } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ prompt: 'Who makes the best SEO crawler?' });
    expect((await api(server.baseUrl, '/api/citations/prompts', { cookie: alice })).body.prompts).toHaveLength(1);
    expect((await api(server.baseUrl, '/api/citations/prompts', { cookie: bob })).body.prompts).toEqual([]);

    const run = await track(alice, { domain: DOMAIN, keywords: 'SEO', samples: 1 });
    expect(run.body.prompts).toContain('Who makes the best SEO crawler?');

    expect((await api(server.baseUrl, `/api/citations/prompts/${created.body.id}`, { method: 'DELETE', cookie: bob })).status).toBe(404);
    expect((await api(server.baseUrl, '/api/citations/prompts/not-a-uuid', { method: 'DELETE', cookie: alice })).status).toBe(404);
    expect((await api(server.baseUrl, `/api/citations/prompts/${created.body.id}`, { method: 'DELETE', cookie: alice })).status).toBe(204);
    expect((await api(server.baseUrl, '/api/citations/prompts', { cookie: alice })).body.prompts).toEqual([]);
  });

  it('selects, inserts and deletes fingerprint phrases, scoped by user', async () => {
    expect((await api(server.baseUrl, '/api/citations/phrases', { cookie: alice, body: { phrase: 'ok' } })).status).toBe(400);
    const created = await api(server.baseUrl, '/api/citations/phrases', { cookie: alice, body: { phrase: 'crawl budget without guesswork' } });
    expect(created.status).toBe(201);
    expect((await api(server.baseUrl, '/api/citations/phrases', { cookie: alice })).body.phrases.map((row: { phrase: string }) => row.phrase)).toEqual(['crawl budget without guesswork']);
    expect((await api(server.baseUrl, `/api/citations/phrases/${created.body.id}`, { method: 'DELETE', cookie: bob })).status).toBe(404);
    expect((await api(server.baseUrl, '/api/citations/phrases', { cookie: freeUser })).status).toBe(403);
    expect((await api(server.baseUrl, `/api/citations/phrases/${created.body.id}`, { method: 'DELETE', cookie: alice })).status).toBe(204);
  });
});

describe('over the monthly token budget', () => {
  it('lists the model and the answer engines as over budget and still reports the other sources', async () => {
    const email = uniqueEmail('carol');
    const carol = await signUpVerified(server.baseUrl, { name: 'Carol', email, password: STRONG_PASSWORD });
    const carolId = await userIdOf(email);
    await setPlan(server.db, carolId, 'core');
    await server.db.insert(llmUsage).values({ userId: carolId, feature: 'citations', model: 'fake-model', inputTokens: LLM_MONTHLY_TOKEN_BUDGET.core, outputTokens: 0 });
    const asked = llm.requests.length;
    const response = await track(carol, { domain: DOMAIN, keywords: 'SEO' });
    expect(response.status).toBe(200);
    const engine = response.body.sources.find((source: { id: string }) => source.id === 'answer-engine');
    expect(engine).toMatchObject({ status: 'error' });
    expect(engine.message).toMatch(/AI model budget for the Core plan .* is used up/);
    expect(llm.requests.length).toBe(asked);
    expect(response.body.sources.find((source: { id: string }) => source.id === 'hacker-news')).toMatchObject({ status: 'ok' });
    // Perplexity costs the same month's budget (issue 21): it is not asked either.
    expect(response.body.sources.find((source: { id: string }) => source.id === 'perplexity')).toMatchObject({ status: 'error', message: engine.message });
    // The sources that answered; the model, over budget, is not one of them (issue 19).
    expect(response.body.source).toBe('Hacker News');
  });
  it('asks no answer engine with web search once the month’s web searches are used up, and still asks the model', async () => {
    const email = uniqueEmail('dave');
    const dave = await signUpVerified(server.baseUrl, { name: 'Dave', email, password: STRONG_PASSWORD });
    const daveId = await userIdOf(email);
    await setPlan(server.db, daveId, 'core');
    // Searches billed earlier this month, with hardly any tokens (issue 29).
    await server.db.insert(llmUsage).values({ userId: daveId, feature: 'citations', model: 'perplexity:sonar', inputTokens: 1, outputTokens: 1, searches: WEB_SEARCH_MONTHLY_BUDGET.core });
    const asked = perplexity.requests.length;
    const response = await track(dave, { domain: DOMAIN, keywords: 'SEO' });
    expect(response.status).toBe(200);
    expect(response.body.sources.find((source: { id: string }) => source.id === 'perplexity')).toMatchObject({
      status: 'error',
      message: `This month's web search budget for the Core plan (${WEB_SEARCH_MONTHLY_BUDGET.core.toLocaleString('en-US')} searches) is used up; the answer engines are asked again from the 1st (UTC).`,
    });
    expect(perplexity.requests.length).toBe(asked);
    // The operator's model bills no search: its token budget is not spent, so it answers.
    expect(response.body.sources.find((source: { id: string }) => source.id === 'answer-engine')).toMatchObject({ status: 'ok' });
    const billing = await api(server.baseUrl, '/api/billing/usage', { cookie: dave });
    expect(billing.body.ai).toMatchObject({ usedSearches: WEB_SEARCH_MONTHLY_BUDGET.core, budgetSearches: WEB_SEARCH_MONTHLY_BUDGET.core });
  });
});

describe('a client that goes away', () => {
  it('stops the run and stores nothing', async () => {
    // The model answers nothing until the client has gone and the server has given up its calls:
    // an answer on a clock could come before a busy server noticed the close, and let it ask more.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    llm.handle(async () => {
      await held;
      return chatCompletion(MENTION);
    });
    // A raw request, destroyed like a closed browser tab: the socket goes away mid-run.
    const before = llm.requests.length;
    const body = JSON.stringify({ domain: 'cancelled.example', keywords: 'SEO' });
    const request = httpRequest(`${server.baseUrl}/api/functions/citation-tracker`, {
      method: 'POST',
      headers: { cookie: alice, origin: server.baseUrl, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
    });
    request.on('error', () => undefined);
    request.end(body);
    await expect.poll(() => llm.requests.some((recorded) => userPrompt(recorded).includes('SEO')), { timeout: 60_000 }).toBe(true);
    request.destroy();
    // The server aborts the model calls it has in flight: the fake sees each closed unanswered.
    await expect.poll(() => llm.inFlight(), { timeout: 60_000 }).toBe(0);
    // Then nothing more: no further ask, no run stored.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    release();
    const runs = await server.db.select().from(citationRuns).where(eq(citationRuns.domain, 'cancelled.example'));
    expect(runs).toEqual([]);
    // 2 prompts x 3 samples, 4 in flight at most: the asks queued behind them were never sent.
    expect(llm.requests.length - before).toBeLessThanOrEqual(4);
    llm.handle(llmAnswers());
  });
});

describe('with no model and no keys', () => {
  let offline: TestServer;
  beforeAll(async () => {
    offline = await startTestServer({ env: { HN_SEARCH_URL: hackerNews.url, REDDIT_SEARCH_URL: 'off' } });
  });
  afterAll(() => offline?.close());

  it('says which sources answered (not "built-in analysis") and which are not set up, without setting names', async () => {
    expect((await api(offline.baseUrl, '/api/config')).body.llm).toEqual({ configured: false });
    const email = uniqueEmail('dan');
    const dan = await signUpVerified(offline.baseUrl, { name: 'Dan', email, password: STRONG_PASSWORD });
    const [row] = await offline.db.select({ id: user.id }).from(user).where(eq(user.email, email));
    await setPlan(offline.db, row.id, 'agency');
    const response = await api(offline.baseUrl, '/api/functions/citation-tracker', { cookie: dan, body: { domain: DOMAIN, keywords: ['SEO'] } });
    expect(response.status).toBe(200);
    const result = citationTrackerResultSchema.parse(response.body);
    // The results came from Hacker News: the run says so (issue 19).
    expect(result.source).toBe('Hacker News');
    expect(result.source).not.toBe(BUILT_IN_SOURCE);
    expect(result.sources.map(({ id, status }) => [id, status])).toEqual([
      ['chatgpt', 'not_configured'],
      ['claude', 'not_configured'],
      ['gemini', 'not_configured'],
      ['perplexity', 'not_configured'],
      ['answer-engine', 'not_configured'],
      ['brave', 'not_configured'],
      ['hacker-news', 'ok'],
      ['reddit', 'not_configured'],
    ]);
    expect(result.sources.map((source) => source.message)).toEqual([
      ...Array(6).fill('Not set up on this server.'),
      expect.stringMatching(/results? read/),
      'Turned off on this server.',
    ]);
    expect(JSON.stringify(result)).not.toMatch(/[A-Z]+_(API_KEY|PROVIDER|MODEL|SEARCH_URL)/);
    expect(result.overall).toEqual({ samples: 0, mentions: 0, rate: 0, interval: { low: 0, high: 1 } });
    // The brand comes from the domain when the profile does not name the site.
    expect(result.brand).toBe('Acmetools');
    expect(result.citations.some((citation) => citation.url === 'https://news.ycombinator.com/item?id=101')).toBe(true);

    // Tracked prompts need an answer engine: every one is listed as not set up, and a due run asks nothing.
    await api(offline.baseUrl, '/api/profile', { method: 'PATCH', cookie: dan, body: { websites: [{ name: 'Acme Tools', url: `https://${DOMAIN}` }] } });
    const asked = hackerNews.requests.length;
    expect((await api(offline.baseUrl, '/api/citations/tracking/prompts', { cookie: dan, body: { domain: DOMAIN, prompts: ['Which SEO crawler is best?'] } })).status).toBe(201);
    const tracking = (await api(offline.baseUrl, '/api/citations/tracking', { cookie: dan })).body;
    expect(tracking.engines.every((engine: { status: string }) => engine.status === 'not_set_up')).toBe(true);
    await expect.poll(async () => (await api(offline.baseUrl, '/api/citations/tracking', { cookie: dan })).body.sites[0].running, { timeout: 30_000 }).toBeNull();
    expect((await api(offline.baseUrl, `/api/citations/tracking/history?domain=${DOMAIN}`, { cookie: dan })).body.runs).toEqual([]);
    expect(hackerNews.requests.length).toBe(asked);
  });
});
