import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { citationTrackerResultSchema, type CitationSourceId } from '@citable/contract';
import { citationResults, user } from '../../src/db/schema';
import { setPlan } from '../../src/features/profile/profile';
import { buildPrompts } from '../../src/features/citations/prompts';
import { trackingRun } from '../../src/features/citations/tracking-history';
import {
  answerEngineError,
  anthropicWebSearchAnswer,
  CLAUDE_PREAMBLE,
  geminiGroundedAnswer,
  openAiResponsesAnswer,
  perplexitySonarAnswer,
  promptOf,
  type CitedSource,
} from '../fakes/answer-engines';
import { startHttpFake, type HttpFake, type RecordedRequest } from '../fakes/http-fake';
import { api, signUpVerified, startTestServer, STRONG_PASSWORD, uniqueEmail, type TestServer } from '../helpers';

/**
 * The truth table of issue 29: for each engine and prompt, an answer in the vendor's documented
 * shape whose mentions and citations are known by construction, then whether the user and each
 * competitor is mentioned (named in the words) and cited (one of its pages among the answer's own
 * citations), checked in what the run returns (the API), in what is stored per answer, and in
 * the answers the tracker page opens. Every engine and both measures, user and competitors alike.
 */

const DOMAIN = 'acme-analytics.example';
const KEYWORD = 'product analytics';
const [BEST, KNOWN] = buildPrompts([KEYWORD], []);

const ACME: CitedSource = { url: `https://${DOMAIN}/pricing`, title: 'Acme Analytics pricing' };
const GLOBEX: CitedSource = { url: 'https://globex.example/product', title: 'Globex product' };
const G2: CitedSource = { url: 'https://www.g2.com/compare/acme-analytics-vs-globex', title: 'Acme Analytics vs Globex' };

type Who = 'Acme Analytics' | 'Globex' | 'Initech';
interface Cell {
  /** The reply (or replies, for a paused Claude turn) of the engine to the prompt. */
  reply: (request: RecordedRequest) => unknown;
  mentioned: Who[];
  cited: Who[];
}

const TABLE: Record<'chatgpt' | 'claude' | 'gemini' | 'perplexity', Record<string, Cell>> = {
  chatgpt: {
    // The user's brand is only inside the cited link's URL (with utm_source=openai).
    [BEST]: { reply: () => openAiResponsesAnswer('Globex is the leading product analytics tool. Teams like its funnels.', [G2], { inlineLinks: true }), mentioned: ['Globex'], cited: [] },
    [KNOWN]: { reply: () => openAiResponsesAnswer('Acme Analytics is known for product analytics.', [GLOBEX], { inlineLinks: true }), mentioned: ['Acme Analytics'], cited: ['Globex'] },
  },
  claude: {
    // Searched the user's page, cited nothing.
    [BEST]: { reply: () => anthropicWebSearchAnswer('Globex is the usual choice for product analytics.', [ACME], { noCitations: true }), mentioned: ['Globex'], cited: [] },
    // A turn paused by the search, then finished.
    [KNOWN]: {
      reply: (request) =>
        (request.body as { messages: unknown[] }).messages.length === 1
          ? anthropicWebSearchAnswer('', [ACME], { preamble: CLAUDE_PREAMBLE, stopReason: 'pause_turn', searchOnly: true })
          : anthropicWebSearchAnswer('Acme Analytics and Globex are both known for product analytics.', [ACME]),
      mentioned: ['Acme Analytics', 'Globex'],
      cited: ['Acme Analytics'],
    },
  },
  gemini: {
    // The user's page is a grounding chunk no support points to.
    [BEST]: { reply: () => geminiGroundedAnswer('Globex is the leading product analytics tool.', [GLOBEX], { uncited: [ACME], redirectUris: true }), mentioned: ['Globex'], cited: ['Globex'] },
    // The domain written as text; the chunk's title is a page title naming the domain.
    [KNOWN]: {
      reply: () => geminiGroundedAnswer(`${DOMAIN} is known for product analytics.`, [ACME], { redirectUris: true, titles: { [ACME.url]: `Pricing - ${DOMAIN}` } }),
      mentioned: ['Acme Analytics'],
      cited: ['Acme Analytics'],
    },
  },
  perplexity: {
    // Both sites cited by [n] markers, neither named.
    [BEST]: { reply: () => perplexitySonarAnswer('Independent reviews compare the leading tools.', [ACME, GLOBEX]), mentioned: [], cited: ['Acme Analytics', 'Globex'] },
    // A citation no marker refers to.
    [KNOWN]: { reply: () => perplexitySonarAnswer('Initech is known for product analytics.', [], { uncited: [GLOBEX] }), mentioned: ['Initech'], cited: [] },
  },
};
const ENGINES = Object.keys(TABLE) as (keyof typeof TABLE)[];

let fakes: Record<string, HttpFake>;
let server: TestServer;
let cookie: string;
let userId: string;

/** Outside the table: prompts about "companies" are rate limited (a delay past the cap, so not retried), the others answered plainly. */
const API_OF = { chatgpt: 'openai', claude: 'anthropic', gemini: 'gemini', perplexity: 'perplexity' } as const;
const PLAIN: Record<keyof typeof TABLE, (request: RecordedRequest) => unknown> = {
  chatgpt: () => openAiResponsesAnswer('Globex is a common choice.', [GLOBEX]),
  claude: () => anthropicWebSearchAnswer('Globex is a common choice.', [GLOBEX]),
  gemini: () => geminiGroundedAnswer('Globex is a common choice.', [GLOBEX]),
  perplexity: () => perplexitySonarAnswer('Globex is a common choice.', [GLOBEX]),
};

const answering = (engine: keyof typeof TABLE) => (request: RecordedRequest) => {
  const cell = TABLE[engine][promptOf(request)];
  if (cell) return { json: cell.reply(request) };
  if (promptOf(request).includes('companies')) return answerEngineError(API_OF[engine], 429, { retryAfterSeconds: engine === 'gemini' ? undefined : 31, retryDelay: '31s' });
  return { json: PLAIN[engine](request) };
};

beforeAll(async () => {
  fakes = Object.fromEntries(await Promise.all(ENGINES.map(async (engine) => [engine, await startHttpFake(answering(engine))] as const)));
  server = await startTestServer({
    env: {
      OPENAI_API_KEY: 'sk-openai',
      OPENAI_BASE_URL: `${fakes.chatgpt.url}/v1`,
      ANTHROPIC_API_KEY: 'sk-ant',
      // As the Anthropic SDK documents it: without /v1.
      ANTHROPIC_BASE_URL: fakes.claude.url,
      GEMINI_API_KEY: 'google',
      GEMINI_BASE_URL: `${fakes.gemini.url}/v1beta`,
      PERPLEXITY_API_KEY: 'pplx',
      PERPLEXITY_BASE_URL: fakes.perplexity.url,
      CITATION_SAMPLES: '1',
      CITATION_ENGINE_RETRY_BASE_MS: '1',
      HN_SEARCH_URL: 'off',
      REDDIT_SEARCH_URL: 'off',
    },
  });
  const email = uniqueEmail('truth');
  cookie = await signUpVerified(server.baseUrl, { name: 'Tru', email, password: STRONG_PASSWORD });
  [{ id: userId }] = await server.db.select({ id: user.id }).from(user).where(eq(user.email, email));
  await setPlan(server.db, userId, 'pro');
  const profile = await api(server.baseUrl, '/api/profile', {
    method: 'PATCH',
    cookie,
    body: {
      websites: [{ name: 'Acme Analytics', url: `https://${DOMAIN}` }],
      competitors: [
        { name: 'Globex', url: 'https://globex.example' },
        { name: 'Initech', url: 'https://initech.example' },
      ],
    },
  });
  expect(profile.status).toBe(200);
});

afterAll(async () => {
  await server?.close();
  await Promise.all(Object.values(fakes ?? {}).map((fake) => fake.close()));
});

describe('the truth table: mentioned and cited, per engine and prompt, for the user and the competitors', () => {
  it('holds in the run the API returns, in what is stored per answer, and in the answers the tracker opens', async () => {
    const response = await api(server.baseUrl, '/api/functions/citation-tracker', { cookie, body: { domain: DOMAIN, keywords: KEYWORD } });
    expect(response.status).toBe(200);
    const result = citationTrackerResultSchema.parse(response.body);
    expect(result.prompts).toEqual([BEST, KNOWN]);
    expect(result.sources.filter((source) => ENGINES.includes(source.id as keyof typeof TABLE)).map((source) => [source.id, source.status])).toEqual(ENGINES.map((engine) => [engine, 'ok']));

    for (const engine of ENGINES) {
      for (const prompt of [BEST, KNOWN]) {
        const cell = TABLE[engine][prompt];
        const where = `${engine} / ${prompt}`;
        const userMentioned = cell.mentioned.includes('Acme Analytics');
        const userCited = cell.cited.includes('Acme Analytics');
        const competitorsMentioned = cell.mentioned.filter((name) => name !== 'Acme Analytics');
        const competitorsCited = cell.cited.filter((name) => name !== 'Acme Analytics');

        const rate = result.mentionRates.find((entry) => entry.sourceId === engine && entry.prompt === prompt);
        expect(rate, where).toMatchObject({ samples: 1, mentions: userMentioned ? 1 : 0, ownPagesCited: userCited ? 1 : 0, competitorsMentioned, competitorsCited });

        const [stored] = await server.db
          .select()
          .from(citationResults)
          .where(and(eq(citationResults.userId, userId), eq(citationResults.runId, result.runId), eq(citationResults.sourceId, engine), eq(citationResults.prompt, prompt)));
        expect({ mentioned: stored.mentioned, ownPageCited: stored.ownPageCited, competitorsMentioned: stored.competitorsMentioned, competitorsCited: stored.competitorsCited }, where).toEqual({
          mentioned: userMentioned,
          ownPageCited: userCited,
          competitorsMentioned,
          competitorsCited,
        });
        expect(stored.citedUrls.join(' ') + stored.consultedUrls.join(' '), where).not.toMatch(/utm_source|vertexaisearch/);

        const query = new URLSearchParams({ runId: result.runId, sourceId: engine as CitationSourceId, prompt });
        const opened = await api(server.baseUrl, `/api/citations/tracking/answers?${query}`, { cookie });
        expect(opened.status, where).toBe(200);
        expect(opened.body.answers, where).toEqual([expect.objectContaining({ mentioned: userMentioned, ownPageCited: userCited, competitorsMentioned, competitorsCited })]);
      }
    }

    // Share of voice from the same measure for all: named in the words; cited beside it.
    const count = (who: Who, measure: 'mentioned' | 'cited') => ENGINES.flatMap((engine) => [BEST, KNOWN].filter((prompt) => TABLE[engine][prompt][measure].includes(who))).length;
    expect(result.shareOfVoice.map(({ name, mentions, cited }) => ({ name, mentions, cited }))).toEqual(
      (['Acme Analytics', 'Globex', 'Initech'] as const).map((name) => ({ name, mentions: count(name, 'mentioned'), cited: count(name, 'cited') })),
    );
    expect(result.overall).toMatchObject({ samples: 8, mentions: count('Acme Analytics', 'mentioned') });
  });
});

describe('failures shown where the numbers are', () => {
  it('says per engine how many asks failed and why, and keeps the unanswered prompt listed with the reason', async () => {
    const response = await api(server.baseUrl, '/api/functions/citation-tracker', { cookie, body: { domain: DOMAIN, keywords: 'crm' } });
    expect(response.status).toBe(200);
    const result = citationTrackerResultSchema.parse(response.body);
    const [answered, limited] = buildPrompts(['crm'], []);
    for (const engine of ENGINES) {
      const name = { chatgpt: 'ChatGPT', claude: 'Claude', gemini: 'Gemini', perplexity: 'Perplexity' }[engine];
      expect(result.sources.find((source) => source.id === engine)).toMatchObject({
        status: 'ok',
        asks: 2,
        failedAsks: 1,
        failure: 'rate_limited',
        message: `1 answer; 1 of 2 ${name} asks failed: ${name} is limiting requests (HTTP 429); try again later.`,
      });
    }
    const view = trackingRun(result);
    for (const engine of ENGINES) {
      expect(view.engines.find((entry) => entry.sourceId === engine)).toMatchObject({ samples: 1, asks: 2, failedAsks: 1, failure: 'rate_limited' });
      expect(view.prompts.filter((row) => row.sourceId === engine).map(({ prompt, samples, reason }) => ({ prompt, samples, reason: reason ?? null }))).toEqual([
        { prompt: answered, samples: 1, reason: null },
        { prompt: limited, samples: 0, reason: expect.stringMatching(/gave no answer to this prompt \(1 of 2 .* asks failed: .* is limiting requests \(HTTP 429\); try again later\)\.$/) },
      ]);
    }
  });
});

describe('/api/v1 gives every ask: mentioned and cited per answer, the reason per failed ask', () => {
  it('answers the citation tracker tool with an API key, per engine, prompt and ask', async () => {
    const created = await api(server.baseUrl, '/api/api-keys', { cookie, body: { name: 'Truth table' } });
    expect(created.status).toBe(201);
    const secret = (created.body as { secret: string }).secret;
    const response = await fetch(`${server.baseUrl}/api/v1/tools/citation-tracker`, {
      method: 'POST',
      headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
      body: JSON.stringify({ domain: DOMAIN, keywords: [KEYWORD, 'crm'] }),
    });
    expect(response.status).toBe(200);
    const result = citationTrackerResultSchema.parse(await response.json());
    const [, limited] = buildPrompts(['crm'], []);
    for (const engine of ENGINES) {
      const answers = (result.answers ?? []).filter((answer) => answer.sourceId === engine);
      for (const prompt of [BEST, KNOWN]) {
        const cell = TABLE[engine][prompt];
        expect(answers.filter((answer) => answer.prompt === prompt), `${engine} / ${prompt}`).toEqual([
          {
            sourceId: engine,
            prompt,
            sample: 0,
            status: 'answered',
            mentioned: cell.mentioned.includes('Acme Analytics'),
            cited: cell.cited.includes('Acme Analytics'),
            citedUrls: expect.any(Array),
            consultedUrls: expect.any(Array),
            competitorsMentioned: cell.mentioned.filter((name) => name !== 'Acme Analytics'),
            competitorsCited: cell.cited.filter((name) => name !== 'Acme Analytics'),
            failure: null,
            reason: null,
          },
        ]);
      }
      const name = { chatgpt: 'ChatGPT', claude: 'Claude', gemini: 'Gemini', perplexity: 'Perplexity' }[engine];
      expect(answers.filter((answer) => answer.prompt === limited)).toEqual([
        expect.objectContaining({ status: 'failed', sample: 0, mentioned: null, cited: null, failure: 'rate_limited', reason: `${name} is limiting requests (HTTP 429); try again later.` }),
      ]);
      // Every ask listed once, in prompt order.
      expect(answers.map((answer) => answer.prompt)).toEqual(result.prompts);
    }
    // Engines not set up on this server were not asked: no asks listed for them.
    expect((result.answers ?? []).every((answer) => (ENGINES as string[]).includes(answer.sourceId))).toBe(true);
  });

  it('lists every ask of an engine that failed outright with the run’s reason', async () => {
    const { runAnswers } = await import('../../src/features/citations/run-answers');
    const status = { id: 'claude', name: 'Claude', kind: 'answer-engine', status: 'error', message: "Claude refused this server's key (HTTP 401).", asks: 4, failedAsks: 4, failure: 'key_refused' } as const;
    const notSetUp = { id: 'gemini', name: 'Gemini', kind: 'answer-engine', status: 'not_configured', message: 'Not set up on this server.' } as const;
    const asks = runAnswers([{ status, outcome: null }, { status: notSetUp, outcome: null }], [], ['b prompt', 'a prompt'], 2);
    expect(asks.map(({ sourceId, prompt, sample, status: state, failure, reason }) => ({ sourceId, prompt, sample, state, failure, reason }))).toEqual(
      ['b prompt', 'a prompt'].flatMap((prompt) => [0, 1].map((sample) => ({ sourceId: 'claude', prompt, sample, state: 'failed', failure: 'key_refused', reason: status.message }))),
    );
  });
});
