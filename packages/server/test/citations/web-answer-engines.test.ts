import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MockLanguageModelV4 } from 'ai/test';
import { SourceError } from '../../src/features/citations/fetch-json';
import type { SourceQuery } from '../../src/features/citations/sources/types';
import { citedPage } from '../../src/features/citations/sources/engine-citations';
import {
  engineUsageModel,
  WEB_ANSWER_ENGINE_IDS,
  webAnswerEngineSource,
  webAnswerModel,
  type EngineUsage,
  type WebAnswerEngineId,
  type WebAnswerEngineOptions,
} from '../../src/features/citations/sources/web-answer-engine';
import {
  answerEngineBaseUrl,
  answerEngineError,
  answerEnginePath,
  anthropicWebSearchAnswer,
  geminiGroundedAnswer,
  geminiRedirectUri,
  openAiResponsesAnswer,
  perplexityMarkedText,
  perplexitySonarAnswer,
  promptOf,
  rateLimited,
  serverError,
  type AnswerEngineApi,
  type AnswerOptions,
  type CitedSource,
} from '../fakes/answer-engines';
import { startHttpFake, type FakeReply, type HttpFake, type RecordedRequest } from '../fakes/http-fake';

/**
 * The four answer engines with web search (issue 21) through the real AI SDK provider clients,
 * which the adapter builds from the settings, against local fakes of their documented APIs: what
 * an answer yields, the retries, the time-out and the message each failure leaves the user.
 */

const P1 = 'What are the best tools for tracking AI citations?';
const P2 = 'Which SEO tools do agencies use?';
const TEXT = 'Acme Tools tracks citations across answer engines. Globex compares them week by week. Both offer a free trial.';
const SOURCES: CitedSource[] = [
  { url: 'https://acme.example/guide', title: 'Acme Tools guide' },
  { url: 'https://globex.example/compare', title: 'Globex comparison' },
];
const UNCITED: CitedSource[] = [{ url: 'https://initech.example/blog', title: 'Initech blog' }];
const SOURCE_URLS = SOURCES.map((source) => source.url);
const USAGE = { inputTokens: 321, outputTokens: 123 };
const SEARCH_SOURCES_INCLUDE = 'web_search_call.action.sources';

interface Engine {
  id: WebAnswerEngineId;
  name: string;
  api: AnswerEngineApi;
  apiKey: string;
  /** The model the settings ask for. */
  model: string;
  /** The model the fake's reply names. */
  answeredBy: string;
  /** The reply of the API to `request`, as the real API answers it. */
  answer: (request: RecordedRequest, text: string, sources: CitedSource[], options?: AnswerOptions) => unknown;
  /** The answer's text as the engine writes it (Perplexity adds its [n] markers). */
  written: (text: string, sources: CitedSource[]) => string;
  /** Web searches one answer is billed for. */
  searches: number;
  /** The request header carrying the key, and its value. */
  auth: [header: string, value: string];
  /** What the request body must hold: the model, the answer's token cap, the web search tool. */
  body: Record<string, unknown>;
}

/** OpenAI lists the searched pages only when the request's `include` asks for them, as the real API does. */
const asksForSearchedPages = (request: RecordedRequest) => ((request.body as { include?: string[] } | undefined)?.include ?? []).includes(SEARCH_SOURCES_INCLUDE);

const ENGINES: Engine[] = [
  {
    id: 'chatgpt',
    name: 'ChatGPT',
    api: 'openai',
    apiKey: 'sk-openai-secret',
    model: 'gpt-4.1-mini',
    answeredBy: 'gpt-4.1-2025-04-14',
    answer: (request, text, sources, options) => openAiResponsesAnswer(text, sources, { ...options, actionSources: asksForSearchedPages(request) }),
    written: (text) => text,
    searches: 1,
    auth: ['authorization', 'Bearer sk-openai-secret'],
    body: { model: 'gpt-4.1-mini', max_output_tokens: 1200, tools: [{ type: 'web_search' }] },
  },
  {
    id: 'claude',
    name: 'Claude',
    api: 'anthropic',
    apiKey: 'sk-ant-secret',
    model: 'claude-sonnet-4-5',
    answeredBy: 'claude-sonnet-4-5-20250929',
    answer: (_request, text, sources, options) => anthropicWebSearchAnswer(text, sources, options),
    written: (text) => text,
    searches: 1,
    auth: ['x-api-key', 'sk-ant-secret'],
    body: { model: 'claude-sonnet-4-5', max_tokens: 1200, tools: [{ type: 'web_search_20250305', name: 'web_search', max_uses: 3 }] },
  },
  {
    id: 'gemini',
    name: 'Gemini',
    api: 'gemini',
    apiKey: 'google-secret',
    model: 'gemini-2.5-flash',
    answeredBy: 'gemini-2.5-flash',
    answer: (_request, text, sources, options) => geminiGroundedAnswer(text, sources, options),
    written: (text) => text,
    searches: 1,
    auth: ['x-goog-api-key', 'google-secret'],
    body: { generationConfig: { maxOutputTokens: 1200 }, tools: [{ googleSearch: {} }] },
  },
  {
    id: 'perplexity',
    name: 'Perplexity',
    api: 'perplexity',
    apiKey: 'pplx-secret',
    model: 'sonar-pro',
    answeredBy: 'sonar',
    answer: (_request, text, sources, options) => perplexitySonarAnswer(text, sources, options),
    written: perplexityMarkedText,
    searches: 1,
    auth: ['authorization', 'Bearer pplx-secret'],
    body: { model: 'sonar-pro', max_tokens: 1200 },
  },
];
const engine = (id: WebAnswerEngineId) => ENGINES.find((candidate) => candidate.id === id) as Engine;

let fake: HttpFake;
beforeAll(async () => {
  fake = await startHttpFake(() => ({ status: 404, json: {} }));
});
afterAll(() => fake?.close());
beforeEach(() => {
  fake.requests.length = 0;
});

const query = (prompts: string[], samples: number, extra: Partial<SourceQuery> = {}): SourceQuery => ({ prompts, keywordQueries: ['SEO'], brandQueries: ['acme.example'], samples, ...extra });

function source(spec: Engine, options: Partial<WebAnswerEngineOptions> = {}, baseUrl = answerEngineBaseUrl(spec.api, fake.url)) {
  return webAnswerEngineSource(spec.id, { apiKey: spec.apiKey, baseUrl, model: spec.model }, { timeoutMs: 10_000, retryBaseMs: 1, ...options });
}

/** A reply per request, answered by the engine's API with `text` and `sources`. */
const answering =
  (spec: Engine, text = TEXT, sources = SOURCES, options: AnswerOptions = {}) =>
  (request: RecordedRequest): FakeReply => ({ json: spec.answer(request, text, sources, { ...USAGE, ...options }) });

/** The replies in turn, the last one again once they run out. */
function inTurn(...replies: ((request: RecordedRequest) => FakeReply)[]) {
  let call = 0;
  return (request: RecordedRequest) => replies[Math.min(call++, replies.length - 1)](request);
}

async function failure(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error('expected the engine to fail');
    },
    (error: unknown) => error,
  );
}

const observation = (spec: Engine, prompt: string, sample: number, citedUrls: string[], text = spec.written(TEXT, SOURCES), consultedUrls: string[] = []) => ({
  sourceId: spec.id,
  prompt,
  sample,
  text,
  url: null,
  type: 'answer',
  date: null,
  citedUrls,
  consultedUrls,
  countsForRate: true,
});

describe('the answer engines', () => {
  it('are ChatGPT, Claude, Gemini and Perplexity, each an answer-engine source named as the user reads it', () => {
    expect(WEB_ANSWER_ENGINE_IDS).toEqual(['chatgpt', 'claude', 'gemini', 'perplexity']);
    for (const spec of ENGINES) expect(source(spec)).toMatchObject({ id: spec.id, name: spec.name, kind: 'answer-engine' });
  });

  it('keep their usage in the ledger as engine:model', () => {
    expect(engineUsageModel({ sourceId: 'claude', model: 'claude-sonnet-4-5-20250929' })).toBe('claude:claude-sonnet-4-5-20250929');
  });
});

describe.each(ENGINES)('$name through its AI SDK provider', (spec) => {
  it('asks each prompt once per sample and gives each answer’s text and cited pages', async () => {
    fake.handle(answering(spec));
    const outcome = await source(spec).run(query([P1, P2], 2));

    expect(fake.requests).toHaveLength(4);
    expect(fake.requests.map(promptOf).sort()).toEqual([P1, P1, P2, P2].sort());
    expect(outcome).toEqual({
      observations: [observation(spec, P1, 0, SOURCE_URLS), observation(spec, P1, 1, SOURCE_URLS), observation(spec, P2, 0, SOURCE_URLS), observation(spec, P2, 1, SOURCE_URLS)],
      models: [spec.answeredBy],
    });
  });

  it('posts to the API with the key, the model, the answer’s token cap and the web search tool, retries off', async () => {
    fake.handle(answering(spec));
    await source(spec).run(query([P1], 1));

    expect(fake.requests).toHaveLength(1);
    const [request] = fake.requests;
    expect(request.method).toBe('POST');
    expect(request.url).toBe(answerEnginePath(spec.api, spec.model));
    expect(request.headers[spec.auth[0]]).toBe(spec.auth[1]);
    expect(request.body).toMatchObject(spec.body);
    expect(promptOf(request)).toBe(P1);
  });

  it('reports the tokens of every answer, with the model that answered', async () => {
    fake.handle(answering(spec));
    const usage: EngineUsage[] = [];
    await source(spec, { onUsage: async (entry) => void usage.push(entry) }).run(query([P1, P2], 2));

    expect(usage).toEqual(Array.from({ length: 4 }, () => ({ sourceId: spec.id, model: spec.answeredBy, ...USAGE, searches: spec.searches })));
  });

  it('counts a URL written in the answer as cited too, after the engine’s sources and once', async () => {
    const text = `${TEXT} See https://initech.example/pricing. Or https://acme.example/guide again.`;
    fake.handle(answering(spec, text, SOURCES));
    const outcome = await source(spec).run(query([P1], 1));

    expect(outcome.observations).toEqual([observation(spec, P1, 0, [...SOURCE_URLS, 'https://initech.example/pricing'], spec.written(text, SOURCES))]);
  });

  it('calls onAnswered once per ask, answered or failed', async () => {
    fake.handle((request) => (promptOf(request) === P2 ? answerEngineError(spec.api, 400) : answering(spec)(request)));
    let answered = 0;
    const outcome = await source(spec).run(query([P1, P2], 3, { onAnswered: () => (answered += 1) }));

    expect(answered).toBe(6);
    expect(outcome.observations).toHaveLength(3);
  });

  it('keeps the answers and warns when some asks fail', async () => {
    fake.handle((request) => (promptOf(request) === P2 ? answerEngineError(spec.api, 401) : answering(spec)(request)));
    const outcome = await source(spec).run(query([P1, P2], 2));

    expect(outcome.observations).toEqual([observation(spec, P1, 0, SOURCE_URLS), observation(spec, P1, 1, SOURCE_URLS)]);
    expect(outcome.warning).toBe(`2 of 4 ${spec.name} asks failed: ${spec.name} refused this server's key (HTTP 401)`);
    expect(outcome).toMatchObject({ failedAsks: 2, failure: 'key_refused' });
    expect(outcome.models).toEqual([spec.answeredBy]);
  });

  it('retries a 429 after its retry-after and uses the answer that follows', async () => {
    fake.handle(inTurn(() => rateLimited(spec.api, 0), answering(spec)));
    const usage: EngineUsage[] = [];
    const outcome = await source(spec, { onUsage: async (entry) => void usage.push(entry) }).run(query([P1], 1));

    expect(fake.requests).toHaveLength(2);
    expect(outcome.observations).toEqual([observation(spec, P1, 0, SOURCE_URLS)]);
    expect(outcome.warning).toBeUndefined();
    expect(usage).toHaveLength(1);
  });

  it('retries a 5xx, then answers', async () => {
    fake.handle(inTurn(() => serverError(spec.api), () => answerEngineError(spec.api, 503), answering(spec)));
    const outcome = await source(spec).run(query([P1], 1));

    expect(fake.requests).toHaveLength(3);
    expect(outcome.observations).toHaveLength(1);
  });

  it('fails as an error after 4 attempts when every attempt answers 500', async () => {
    fake.handle(() => serverError(spec.api));
    const error = await failure(source(spec).run(query([P1], 1)));

    expect(fake.requests).toHaveLength(4);
    expect(error).toBeInstanceOf(SourceError);
    expect(error).toMatchObject({ status: 'error', message: `${spec.name} answered with an error (HTTP 500).` });
  });

  it('fails as rate limited after 4 attempts when every attempt answers 429', async () => {
    fake.handle(() => rateLimited(spec.api, 0));
    const error = await failure(source(spec).run(query([P1], 1)));

    expect(fake.requests).toHaveLength(4);
    expect(error).toMatchObject({ status: 'error', message: `${spec.name} is limiting requests (HTTP 429); try again later.` });
  });

  it('does not wait for a retry-after beyond 30 s', async () => {
    fake.handle(() => rateLimited(spec.api, 31));
    const error = await failure(source(spec).run(query([P1], 1)));

    expect(fake.requests).toHaveLength(1);
    expect(error).toMatchObject({ status: 'error', message: `${spec.name} is limiting requests (HTTP 429); try again later.` });
  });

  it('fails at once on a refused key, 401 or 403, without retrying', async () => {
    fake.handle(() => answerEngineError(spec.api, 401));
    expect(await failure(source(spec).run(query([P1], 1)))).toMatchObject({ status: 'error', message: `${spec.name} refused this server's key (HTTP 401).` });
    expect(fake.requests).toHaveLength(1);

    fake.handle(() => answerEngineError(spec.api, 403));
    expect(await failure(source(spec).run(query([P1], 1)))).toMatchObject({ status: 'error', message: `${spec.name} refused this server's key (HTTP 403).` });
    expect(fake.requests).toHaveLength(2);
  });

  it('fails at once on another 4xx or a 3xx, naming its status', async () => {
    fake.handle(() => answerEngineError(spec.api, 400));
    expect(await failure(source(spec).run(query([P1], 1)))).toMatchObject({ status: 'error', message: `${spec.name} answered with an error (HTTP 400).` });
    expect(fake.requests).toHaveLength(1);

    fake.handle(() => ({ ...answerEngineError(spec.api, 300) }));
    expect(await failure(source(spec).run(query([P1], 1)))).toMatchObject({ status: 'error', message: `${spec.name} answered with an error (HTTP 300).` });
    expect(fake.requests).toHaveLength(2);
  });

  it('fails as unreachable when nothing listens at its address', async () => {
    const closed = await startHttpFake(() => ({ json: {} }));
    await closed.close();
    const error = await failure(source(spec, {}, answerEngineBaseUrl(spec.api, closed.url)).run(query([P1], 1)));

    expect(error).toBeInstanceOf(SourceError);
    expect(error).toMatchObject({ status: 'unreachable', message: `${spec.name} could not be reached.` });
  });

  it('fails as unreachable, without retrying, when the reply comes after the time-out', async () => {
    fake.handle((request) => ({ ...answering(spec)(request), delayMs: 5_000 }));
    const error = await failure(source(spec, { timeoutMs: 600 }).run(query([P1], 1)));

    expect(fake.requests).toHaveLength(1);
    expect(error).toBeInstanceOf(SourceError);
    expect(error).toMatchObject({ status: 'unreachable', message: `${spec.name} did not answer within 1 s.` });
  });

  it('checks the budget before every call, and a spent budget stops the call and fails the engine', async () => {
    fake.handle(answering(spec));
    let checks = 0;
    const spent = new SourceError('error', 'The month’s answer-engine budget is spent.');
    const error = await failure(
      source(spec, {
        beforeCall: async () => {
          checks += 1;
          throw spent;
        },
      }).run(query([P1, P2], 2)),
    );

    expect(error).toBe(spent);
    expect(checks).toBe(4);
    expect(fake.requests).toHaveLength(0);
  });

  it('asks when the budget check passes', async () => {
    fake.handle(answering(spec));
    let checks = 0;
    const outcome = await source(spec, { beforeCall: async () => void (checks += 1) }).run(query([P1], 2));

    expect(checks).toBe(2);
    expect(fake.requests).toHaveLength(2);
    expect(outcome.observations).toHaveLength(2);
  });
});

describe('a reply the SDK cannot read', () => {
  // The SDKs raise an APICallError with the reply's status 200 for a body they cannot validate.
  it.each([
    ['claude', { unexpected: true }],
    ['perplexity', { unexpected: true }],
    ['gemini', { candidates: 'none' }],
  ] as const)('fails %s at once as an answer in an unexpected shape, not as an HTTP error', async (id, body) => {
    const spec = engine(id);
    fake.handle(() => ({ json: body }));
    const error = await failure(source(spec).run(query([P1], 1)));

    expect(fake.requests).toHaveLength(1);
    expect(error).toBeInstanceOf(SourceError);
    expect(error).toMatchObject({ status: 'error', message: `${spec.name} answered in an unexpected shape.` });
  });
});

describe('an empty reply', () => {
  it('is a failed ask, not an answer that does not mention the site', async () => {
    const gemini = engine('gemini');
    fake.handle(inTurn(() => ({ json: { unexpected: true } }), answering(gemini)));
    const outcome = await source(gemini).run(query([P1], 2));
    expect(outcome.observations).toHaveLength(1);
    expect(outcome.warning).toBe('1 of 2 Gemini asks failed: Gemini gave an empty answer');
    expect(outcome).toMatchObject({ failedAsks: 1, failure: 'unreadable' });
  });
});

describe('an injected model (options.build)', () => {
  const claude = engine('claude');
  const finish = { unified: 'stop' as const, raw: 'end_turn' };
  const usage = { inputTokens: { total: 11, noCache: 11, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 7, text: 7, reasoning: 0 } };

  it('is built from the engine and its settings; the url sources of a Claude answer without citations were consulted, not cited', async () => {
    const model = new MockLanguageModelV4({
      modelId: 'mock-model',
      doGenerate: async () => ({
        content: [
          { type: 'text', text: 'Acme answers.' },
          { type: 'source', sourceType: 'document', id: 'd1', mediaType: 'application/pdf', title: 'acme.example' },
          { type: 'source', sourceType: 'url', id: 's1', url: 'https://acme.example/guide', title: 'Acme guide' },
        ],
        finishReason: finish,
        usage,
        warnings: [],
      }),
    });
    const built: unknown[][] = [];
    const usages: EngineUsage[] = [];
    const adapter = webAnswerEngineSource('claude', { apiKey: claude.apiKey, baseUrl: 'http://127.0.0.1:1', model: 'asked-model' }, {
      timeoutMs: 10_000,
      retryBaseMs: 1,
      onUsage: async (entry) => void usages.push(entry),
      build: (...args) => {
        built.push(args);
        return { model };
      },
    });
    const outcome = await adapter.run(query([P1], 1));

    expect(built).toEqual([['claude', { apiKey: claude.apiKey, baseUrl: 'http://127.0.0.1:1', model: 'asked-model' }]]);
    expect(outcome.observations).toEqual([observation(claude, P1, 0, [], 'Acme answers.', ['https://acme.example/guide'])]);
    expect(usages).toEqual([{ sourceId: 'claude', model: 'mock-model', inputTokens: 11, outputTokens: 7, searches: 0 }]);
    expect(model.doGenerateCalls).toHaveLength(1);
    expect(model.doGenerateCalls[0].maxOutputTokens).toBe(1200);
  });

  it('fails at once, as an answer in an unexpected shape, on an error that is no API call error', async () => {
    const model = new MockLanguageModelV4({
      doGenerate: async () => {
        throw new TypeError('cannot read the reply');
      },
    });
    const adapter = webAnswerEngineSource('claude', { apiKey: 'k', baseUrl: 'http://127.0.0.1:1', model: 'm' }, { timeoutMs: 10_000, retryBaseMs: 1, build: () => ({ model }) });
    const error = await failure(adapter.run(query([P1], 1)));

    expect(error).toBeInstanceOf(SourceError);
    expect(error).toMatchObject({ status: 'error', message: 'Claude answered in an unexpected shape.' });
    expect(model.doGenerateCalls).toHaveLength(1);
  });

  it('builds the real provider model by default', async () => {
    for (const spec of ENGINES) {
      const { model } = await webAnswerModel(spec.id, { apiKey: spec.apiKey, baseUrl: 'http://127.0.0.1:1', model: spec.model });
      expect(model).toMatchObject({ modelId: spec.model });
    }
  });
});

describe('ChatGPT: the pages its answer cites, not every page searched', () => {
  const chatgpt = engine('chatgpt');

  it('does not ask for the searched pages, so its sources are the url_citation annotations', async () => {
    fake.handle(answering(chatgpt, TEXT, SOURCES, { uncited: UNCITED }));
    const outcome = await source(chatgpt).run(query([P1], 1));

    const body = fake.requests[0].body as { include?: string[] };
    expect(body.include ?? []).not.toContain(SEARCH_SOURCES_INCLUDE);
    expect(outcome.observations.map((entry) => entry.citedUrls)).toEqual([SOURCE_URLS]);
  });

  it('names the model asked when the reply names none', async () => {
    fake.handle(answering(chatgpt, TEXT, SOURCES, { model: '' }));
    const usage: EngineUsage[] = [];
    const outcome = await source(chatgpt, { onUsage: async (entry) => void usage.push(entry) }).run(query([P1], 1));

    expect(outcome.models).toEqual(['gpt-4.1-mini']);
    expect(usage).toEqual([{ sourceId: 'chatgpt', model: 'gpt-4.1-mini', ...USAGE, searches: 1 }]);
  });

  it('lists each model that answered once', async () => {
    fake.handle(inTurn(answering(chatgpt, TEXT, SOURCES, { model: 'gpt-4.1-2025-04-14' }), answering(chatgpt, TEXT, SOURCES, { model: 'gpt-4.1-2025-04-14' }), answering(chatgpt, TEXT, SOURCES, { model: 'gpt-4.1-2025-09-01' })));
    const outcome = await source(chatgpt).run(query([P1], 3));

    expect(outcome.models?.sort()).toEqual(['gpt-4.1-2025-04-14', 'gpt-4.1-2025-09-01']);
  });
});

describe('Claude: the pages its answer cites, not every search result', () => {
  const claude = engine('claude');

  it('reads the answer’s web_search_result_location citations, leaving out the results it did not cite', async () => {
    fake.handle(answering(claude, TEXT, SOURCES, { uncited: UNCITED }));
    const outcome = await source(claude).run(query([P1], 1));
    expect(outcome.observations.map((entry) => entry.citedUrls)).toEqual([SOURCE_URLS]);
  });

});

describe('Gemini: grounding redirect links', () => {
  const gemini = engine('gemini');

  it('stands for each redirect link by the domain its title names', async () => {
    const sources = [...SOURCES, { url: 'https://www.initech.example/blog/post', title: 'Initech' }];
    fake.handle(answering(gemini, TEXT, sources, { redirectUris: true } as AnswerOptions));
    const outcome = await source(gemini).run(query([P1], 1));

    expect(outcome.observations.map((entry) => entry.citedUrls)).toEqual([['https://acme.example', 'https://globex.example', 'https://www.initech.example']]);
  });
});

describe('an engine’s calls', () => {
  const claude = engine('claude');

  it('has at most 3 calls in flight at once', async () => {
    let inFlight = 0;
    let received = 0;
    let most = 0;
    let held: Array<() => void> = [];
    fake.handle(async (request) => {
      inFlight += 1;
      received += 1;
      most = Math.max(most, inFlight);
      // Answers are held until 3 calls are in flight (or the last ones came), then for a moment in
      // which a 4th would show: a busy machine spreading the calls out cannot hide the limit.
      const released = new Promise<void>((resolve) => held.push(resolve));
      if (inFlight >= 3 || received === 8) {
        setTimeout(() => {
          for (const resolve of held) resolve();
          held = [];
        }, 50);
      }
      await released;
      inFlight -= 1;
      return answering(claude)(request);
    });
    const outcome = await source(claude).run(query([P1, P2], 4));

    expect(fake.requests).toHaveLength(8);
    expect(outcome.observations).toHaveLength(8);
    expect(most).toBe(3);
  });

  it('stops on the run’s own abort without retrying nor turning it into an engine failure', async () => {
    fake.handle((request) => ({ ...answering(claude)(request), delayMs: 5_000 }));
    const controller = new AbortController();
    const running = failure(source(claude).run(query([P1], 1, { signal: controller.signal })));
    while (fake.requests.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    controller.abort(new Error('run cancelled'));
    const error = await running;

    expect(error).not.toBeInstanceOf(SourceError);
    expect(fake.requests).toHaveLength(1);
  });

  it('stops waiting for a retry when the run is aborted', async () => {
    fake.handle(() => rateLimited(claude.api, 20));
    const controller = new AbortController();
    const running = failure(source(claude).run(query([P1], 1, { signal: controller.signal })));
    while (fake.requests.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    await new Promise((resolve) => setTimeout(resolve, 50));
    const reason = new Error('run cancelled');
    controller.abort(reason);

    expect(await running).toBe(reason);
    expect(fake.requests).toHaveLength(1);
  });
});

describe('citedPage', () => {
  const redirect = geminiRedirectUri('https://acme.example/guide');

  it('keeps the URL of any page that is not a Google grounding redirect', () => {
    expect(citedPage({ url: 'https://acme.example/guide', title: 'globex.example' })).toBe('https://acme.example/guide');
    expect(citedPage({ url: 'https://evil.vertexaisearch.cloud.google.com/grounding-api-redirect/x', title: 'globex.example' })).toBe(
      'https://evil.vertexaisearch.cloud.google.com/grounding-api-redirect/x',
    );
  });

  it('stands for a Google redirect titled with a domain by that domain’s home page', () => {
    expect(citedPage({ url: redirect, title: 'acme.example' })).toBe('https://acme.example/');
    expect(citedPage({ url: redirect, title: 'docs.my-site2.co.uk' })).toBe('https://docs.my-site2.co.uk/');
    expect(citedPage({ url: 'https://VERTEXAISEARCH.cloud.google.com/grounding-api-redirect/abc', title: 'acme.example' })).toBe('https://acme.example/');
  });

  it('lower-cases and trims the domain title', () => {
    expect(citedPage({ url: redirect, title: '  Acme.EXAMPLE ' })).toBe('https://acme.example/');
  });

  it('attributes a Google redirect whose title names one domain to it', () => {
    for (const title of ['see acme.example', 'acme.example/guide', 'acme.example.', 'Acme guide - acme.example']) {
      expect(citedPage({ url: redirect, title })).toBe('https://acme.example/');
    }
  });

  it('never attributes a Google redirect to the redirect host: without a domain in its title, it is no known page', () => {
    for (const title of ['Acme Tools guide', 'acme', 'acme.e', 'acme.c0m', 'acme.example or globex.example', 'acme..example', 'acme_tools.example', '']) {
      expect(citedPage({ url: redirect, title })).toBeNull();
    }
    expect(citedPage({ url: redirect })).toBeNull();
  });

  it('gives no page for a URL it cannot parse', () => {
    expect(citedPage({ url: 'not a url', title: 'acme.example' })).toBeNull();
    expect(citedPage({ url: '', title: 'acme.example' })).toBeNull();
  });
});
