import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { shareOfVoice, type Analysed } from '../../src/features/citations/aggregate';
import { analyzeObservation } from '../../src/features/citations/analyze';
import type { Observation, SourceQuery } from '../../src/features/citations/sources/types';
import { webAnswerEngineSource, type EngineUsage, type WebAnswerEngineId } from '../../src/features/citations/sources/web-answer-engine';
import { readCitationSourceSettings } from '../../src/settings/citation-sources';
import {
  answerEngineBaseUrl,
  answerEngineError,
  anthropicWebSearchAnswer,
  CLAUDE_PREAMBLE,
  geminiGroundedAnswer,
  openAiResponsesAnswer,
  perplexitySonarAnswer,
  withOpenAiSource,
  type AnswerEngineApi,
  type CitedSource,
} from '../fakes/answer-engines';
import { startHttpFake, type FakeReply, type HttpFake, type RecordedRequest } from '../fakes/http-fake';

/**
 * The nine findings of issue 29, each reproduced through the real AI SDK provider clients against
 * fakes on 127.0.0.1 that answer in the vendors' documented shapes: no false mention, no false
 * citation, no paused turn taken for an answer, the vendors' own retry delays, the SDK-style base
 * URLs.
 */

const PROMPT = 'What is the best product analytics tool?';
const USER = { domain: 'acme-analytics.example', brand: 'Acme Analytics', phrases: [] as string[] };
const COMPETITORS = [{ name: 'Globex', domain: 'globex.example' }];
const ACME_PAGE: CitedSource = { url: 'https://acme-analytics.example/pricing', title: 'Acme Analytics pricing' };
const GLOBEX_PAGE: CitedSource = { url: 'https://globex.example/product', title: 'Globex product' };
/** An answer that names Globex only. */
const GLOBEX_ONLY = 'Globex is the leading product analytics tool. It is used by large teams.';

const API: Record<WebAnswerEngineId, AnswerEngineApi> = { chatgpt: 'openai', claude: 'anthropic', gemini: 'gemini', perplexity: 'perplexity' };

let fake: HttpFake;
beforeAll(async () => {
  fake = await startHttpFake(() => ({ status: 404, json: {} }));
});
afterAll(() => fake?.close());
beforeEach(() => {
  fake.requests.length = 0;
});

const query = (): SourceQuery => ({ prompts: [PROMPT], keywordQueries: [], brandQueries: [], samples: 1 });

function engine(id: WebAnswerEngineId, usage?: EngineUsage[], baseUrl = answerEngineBaseUrl(API[id], fake.url)) {
  return webAnswerEngineSource(id, { apiKey: 'key', baseUrl, model: 'model-1' }, { timeoutMs: 10_000, retryBaseMs: 1, onUsage: async (entry) => void usage?.push(entry) });
}

/** The replies in turn, the last one again once they run out. */
function inTurn(...replies: FakeReply[]) {
  let call = 0;
  return () => replies[Math.min(call++, replies.length - 1)];
}

async function answerOf(id: WebAnswerEngineId): Promise<Observation> {
  const outcome = await engine(id).run(query());
  expect(outcome.warning).toBeUndefined();
  expect(outcome.observations).toHaveLength(1);
  return outcome.observations[0];
}

const analysed = (observation: Observation): Analysed => ({ observation, analysis: analyzeObservation(observation, USER, COMPETITORS), sourceName: observation.sourceId });

describe('finding 1: Gemini cites the chunks its groundingSupports point to, not every chunk', () => {
  it('keeps a chunk no support points to as consulted, so an answer naming only a competitor neither mentions nor cites the user', async () => {
    fake.handle(() => ({ json: geminiGroundedAnswer(GLOBEX_ONLY, [GLOBEX_PAGE], { uncited: [ACME_PAGE], thoughtsTokens: 40, toolUseTokens: 300 }) }));
    const answer = await answerOf('gemini');

    expect(answer.citedUrls).toEqual(['https://globex.example/product']);
    expect(answer.consultedUrls).toEqual(['https://acme-analytics.example/pricing']);
    const { analysis } = analysed(answer);
    expect(analysis).toMatchObject({ mentioned: false, ownPageCited: false, competitorsMentioned: ['Globex'], competitorsCited: ['Globex'] });
  });
});

describe('finding 2: Claude cites only its web_search_result_location citations', () => {
  it('cites nothing when its text blocks carry no citation; the searched pages are consulted', async () => {
    fake.handle(() => ({ json: anthropicWebSearchAnswer(GLOBEX_ONLY, [ACME_PAGE, GLOBEX_PAGE], { noCitations: true }) }));
    const answer = await answerOf('claude');

    expect(answer.citedUrls).toEqual([]);
    expect(answer.consultedUrls).toEqual(['https://acme-analytics.example/pricing', 'https://globex.example/product']);
    expect(analysed(answer).analysis).toMatchObject({ mentioned: false, ownPageCited: false, competitorsCited: [] });
  });
});

describe('finding 3: a Claude turn paused by its search (pause_turn) is continued, not stored', () => {
  const paused = { json: anthropicWebSearchAnswer('', [ACME_PAGE], { preamble: CLAUDE_PREAMBLE, stopReason: 'pause_turn', searchOnly: true }) };
  const finished = { json: anthropicWebSearchAnswer(GLOBEX_ONLY, [GLOBEX_PAGE]) };

  it('sends the paused reply back as it is and reads the answer that follows, preamble and cited text joined', async () => {
    fake.handle(inTurn(paused, finished));
    const usage: EngineUsage[] = [];
    const outcome = await engine('claude', usage).run(query());

    expect(fake.requests).toHaveLength(2);
    const continued = fake.requests[1].body as { messages: { role: string; content: unknown }[] };
    expect(continued.messages.map((message) => message.role)).toEqual(['user', 'assistant']);
    const blocks = continued.messages[1].content as { type: string; error_code?: string }[];
    expect(blocks.map((block) => block.type)).toEqual(['text', 'server_tool_use', 'web_search_tool_result']);
    expect(outcome.observations).toHaveLength(1);
    expect(outcome.observations[0].text).toBe(`${CLAUDE_PREAMBLE}\n\n${GLOBEX_ONLY}`);
    expect(outcome.observations[0].citedUrls).toEqual(['https://globex.example/product']);
    // Both calls are billed: the tokens and the searches of each.
    expect(usage.map((entry) => entry.searches)).toEqual([1, 1]);
  });

  it('gives up after 3 continuations: a turn still paused is a failed ask, never an answer', async () => {
    fake.handle(() => paused);
    const error = await engine('claude').run(query()).then(
      () => null,
      (failure: unknown) => failure,
    );

    expect(fake.requests).toHaveLength(4);
    expect(error).toMatchObject({ status: 'error', message: 'Claude did not finish its answer (its web search paused the turn 4 times).' });
  });

  it('shows the error code of a failed search (web_search_tool_result_error) as the reason', async () => {
    fake.handle(() => ({ json: anthropicWebSearchAnswer('I could not search the web just now.', [], { searchError: 'too_many_requests' }) }));
    const error = await engine('claude').run(query()).then(
      () => null,
      (failure: unknown) => failure,
    );

    expect(error).toMatchObject({ status: 'error', message: "Claude's web search failed (too_many_requests)." });
  });
});

describe('finding 4: a brand only inside a link’s URL is not mentioned', () => {
  it('reads ChatGPT’s inline Markdown links (utm_source=openai) as citations, not as the answer’s words', async () => {
    const comparison: CitedSource = { url: 'https://www.g2.com/compare/acme-analytics-vs-globex', title: 'Acme Analytics vs Globex | G2' };
    fake.handle(() => ({ json: openAiResponsesAnswer(GLOBEX_ONLY, [comparison], { inlineLinks: true }) }));
    const answer = await answerOf('chatgpt');

    expect(answer.text).toContain(`(${withOpenAiSource(comparison.url)})`);
    expect(answer.citedUrls).toEqual(['https://www.g2.com/compare/acme-analytics-vs-globex']);
    expect(analysed(answer).analysis).toMatchObject({ mentioned: false, ownPageCited: false, competitorsMentioned: ['Globex'] });
  });

  it('still counts the brand, and the domain written as text, in the words', () => {
    const observation: Observation = { sourceId: 'chatgpt', prompt: PROMPT, sample: 0, text: 'Try Acme Analytics or read acme-analytics.example/blog.', url: null, type: 'answer', date: null, citedUrls: [], countsForRate: true };
    expect(analyzeObservation(observation, USER, COMPETITORS).mentions.map((mention) => mention.by)).toEqual(['brand', 'domain']);
    const linkOnly: Observation = { ...observation, text: 'See https://acme-analytics.example/blog and g2.com/compare/acme-analytics-vs-globex for more.' };
    expect(analyzeObservation(linkOnly, USER, COMPETITORS)).toMatchObject({ mentioned: false, competitorsMentioned: [] });
  });
});

describe('finding 5: Gemini’s 429 gives its retry delay in the body (google.rpc.RetryInfo), with no Retry-After header', () => {
  it('does not retry before a delay beyond the cap: one request, and the reason is the rate limit', async () => {
    fake.handle(() => answerEngineError('gemini', 429, { retryDelay: '31s' }));
    const error = await engine('gemini').run(query()).then(
      () => null,
      (failure: unknown) => failure,
    );

    expect(fake.requests[0].headers['retry-after']).toBeUndefined();
    expect(fake.requests).toHaveLength(1);
    expect(error).toMatchObject({ status: 'error', message: 'Gemini is limiting requests (HTTP 429); try again later.' });
  });

  it('retries after a short delay and uses the answer', async () => {
    fake.handle(inTurn(answerEngineError('gemini', 429, { retryDelay: '0.05s' }), { json: geminiGroundedAnswer(GLOBEX_ONLY, [GLOBEX_PAGE]) }));
    const answer = await answerOf('gemini');

    expect(fake.requests).toHaveLength(2);
    expect(answer.citedUrls).toEqual(['https://globex.example/product']);
  });
});

describe('finding 6: share of voice by one measure for the user and the competitors', () => {
  it('gives neither a share when an answer cites both sites and names neither; both are counted as cited', async () => {
    fake.handle(() => ({ json: perplexitySonarAnswer('The leading tools are compared in independent reviews.', [ACME_PAGE, GLOBEX_PAGE]) }));
    const answer = await answerOf('perplexity');

    expect(answer.citedUrls).toEqual(['https://acme-analytics.example/pricing', 'https://globex.example/product']);
    const entries = shareOfVoice([analysed(answer)], USER.brand, USER.domain, COMPETITORS);
    expect(entries).toEqual([
      { name: 'Acme Analytics', domain: USER.domain, isUser: true, mentions: 0, cited: 1, share: 0 },
      { name: 'Globex', domain: 'globex.example', isUser: false, mentions: 0, cited: 1, share: 0 },
    ]);
  });

  it('keeps Perplexity citations no [n] marker refers to as consulted', async () => {
    fake.handle(() => ({ json: perplexitySonarAnswer(GLOBEX_ONLY, [GLOBEX_PAGE], { uncited: [ACME_PAGE] }) }));
    const answer = await answerOf('perplexity');

    expect(answer.text).toContain('[1]');
    expect(answer.citedUrls).toEqual(['https://globex.example/product']);
    expect(answer.consultedUrls).toEqual(['https://acme-analytics.example/pricing']);
  });
});

describe('finding 8: base URLs as the vendors’ SDKs document them', () => {
  const settings = (env: Record<string, string>) =>
    readCitationSourceSettings(env, 'https://citable.example', (message) => new Error(message));

  it('posts Claude to <base>/v1/messages when ANTHROPIC_BASE_URL has no /v1, as the Anthropic SDK expects', async () => {
    const claude = settings({ ANTHROPIC_API_KEY: 'key', ANTHROPIC_BASE_URL: fake.url }).claude;
    expect(claude?.baseUrl).toBe(`${fake.url}/v1`);
    fake.handle(() => ({ json: anthropicWebSearchAnswer(GLOBEX_ONLY, [GLOBEX_PAGE]) }));
    await engine('claude', undefined, claude?.baseUrl).run(query());

    expect(fake.requests.map((request) => request.url)).toEqual(['/v1/messages']);
  });

  it('accepts either spelling for Anthropic and OpenAI, and keeps a gateway’s own path for OpenAI', () => {
    expect(settings({ ANTHROPIC_API_KEY: 'k', ANTHROPIC_BASE_URL: 'https://api.anthropic.com/v1/' }).claude?.baseUrl).toBe('https://api.anthropic.com/v1');
    expect(settings({ ANTHROPIC_API_KEY: 'k', ANTHROPIC_BASE_URL: 'https://proxy.example/anthropic' }).claude?.baseUrl).toBe('https://proxy.example/anthropic/v1');
    expect(settings({ OPENAI_API_KEY: 'k', OPENAI_BASE_URL: 'https://api.openai.com' }).chatgpt?.baseUrl).toBe('https://api.openai.com/v1');
    expect(settings({ OPENAI_API_KEY: 'k', OPENAI_BASE_URL: 'https://api.openai.com/v1' }).chatgpt?.baseUrl).toBe('https://api.openai.com/v1');
    expect(settings({ OPENAI_API_KEY: 'k', OPENAI_BASE_URL: 'https://gateway.example/openai' }).chatgpt?.baseUrl).toBe('https://gateway.example/openai');
  });

  it('posts ChatGPT to <host>/v1/responses when OPENAI_BASE_URL is the bare host', async () => {
    const chatgpt = settings({ OPENAI_API_KEY: 'key', OPENAI_BASE_URL: fake.url }).chatgpt;
    fake.handle(() => ({ json: openAiResponsesAnswer(GLOBEX_ONLY, [GLOBEX_PAGE]) }));
    await engine('chatgpt', undefined, chatgpt?.baseUrl).run(query());

    expect(fake.requests.map((request) => request.url)).toEqual(['/v1/responses']);
  });
});

describe('finding 9: one canonical URL per page, and Gemini redirects attributed to their chunk’s site', () => {
  it('drops ChatGPT’s utm_source=openai, so a page cited twice is one page', async () => {
    const text = 'Globex is the leading product analytics tool. Globex is also the cheapest.';
    fake.handle(() => ({ json: openAiResponsesAnswer(text, [GLOBEX_PAGE, { url: `${GLOBEX_PAGE.url}#pricing` }], { inlineLinks: true }) }));
    const answer = await answerOf('chatgpt');

    expect(answer.citedUrls).toEqual(['https://globex.example/product']);
  });

  it('never lists the redirect host: a chunk titled with a page title naming its domain goes to that domain, one naming none is left out', async () => {
    const unnamed: CitedSource = { url: 'https://initech.example/blog' };
    const titles = { [GLOBEX_PAGE.url]: 'Globex product tour - globex.example', [unnamed.url]: 'Product analytics compared' };
    fake.handle((request: RecordedRequest) => ({ json: geminiGroundedAnswer(GLOBEX_ONLY, [GLOBEX_PAGE, unnamed], { redirectUris: true, titles, query: request.url }) }));
    const answer = await answerOf('gemini');

    expect(answer.citedUrls).toEqual(['https://globex.example']);
    expect([...answer.citedUrls, ...(answer.consultedUrls ?? [])].join(' ')).not.toContain('vertexaisearch');
  });
});
