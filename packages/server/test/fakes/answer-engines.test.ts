import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { createAnthropic } from '@ai-sdk/anthropic';
import { createGoogleGenerativeAI } from '@ai-sdk/google';
import { createOpenAI } from '@ai-sdk/openai';
import { createPerplexity } from '@ai-sdk/perplexity';
import { APICallError, generateText, type LanguageModel, type ToolSet } from 'ai';
import { startHttpFake, type HttpFake, type RecordedRequest } from './http-fake';
import {
  answerEngineBaseUrl,
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
  type CitedSource,
} from './answer-engines';

// The real AI SDK provider clients against the local fakes: if a fake's shape drifts from what the
// installed provider parses, these fail.

const PROMPT = 'What are the best tools for tracking AI citations?';
const TEXT = 'Acme Tools tracks citations across answer engines. Globex compares them week by week. Both offer a free trial.';
const SOURCES: CitedSource[] = [
  { url: 'https://acme.example/guide', title: 'Acme Tools guide' },
  { url: 'https://globex.example/compare', title: 'Globex comparison' },
];
const UNCITED: CitedSource[] = [{ url: 'https://initech.example/blog', title: 'Initech blog' }];
const urlsOf = (sources: CitedSource[]) => sources.map((source) => source.url);
const usage = { inputTokens: 321, outputTokens: 123 };

/** The url sources of a result, as the app reads them. */
function urlSources(result: Awaited<ReturnType<typeof generateText>>) {
  return result.sources.map((source) => {
    if (source.type !== 'source' || source.sourceType !== 'url') throw new Error(`unexpected source ${JSON.stringify(source)}`);
    return { url: source.url, title: source.title };
  });
}

async function failure(promise: Promise<unknown>): Promise<APICallError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  if (!APICallError.isInstance(error)) throw new Error(`expected an APICallError, got ${String(error)}`);
  return error;
}

const lastRequest = (fake: HttpFake): RecordedRequest => {
  const request = fake.requests.at(-1);
  if (!request) throw new Error('no request');
  return request;
};

const ask = (model: LanguageModel, tools?: ToolSet) => generateText({ model, tools, prompt: PROMPT, maxRetries: 0 });

describe('OpenAI Responses API fake', () => {
  let fake: HttpFake;
  const model = 'gpt-4.1';
  const provider = () => createOpenAI({ apiKey: 'sk-openai-test', baseURL: answerEngineBaseUrl('openai', fake.url) });
  const webSearch = () => ({ web_search: provider().tools.webSearch({}) });

  beforeAll(async () => {
    fake = await startHttpFake(() => ({ json: openAiResponsesAnswer(TEXT, SOURCES, usage) }));
  });
  afterAll(() => fake.close());

  it('answers the web_search request with the text, the searched pages as sources and the usage', async () => {
    fake.handle(() => ({ json: openAiResponsesAnswer(TEXT, SOURCES, { ...usage, uncited: UNCITED }) }));
    const result = await ask(provider().responses(model), webSearch());

    expect(result.text).toBe(TEXT);
    // The SDK asks for web_search_call.action.sources, and then takes its sources from there:
    // every page searched (cited or not), URL only.
    expect(urlSources(result)).toEqual(urlsOf([...SOURCES, ...UNCITED]).map((url) => ({ url, title: undefined })));
    expect(result.usage).toMatchObject(usage);
    expect(result.finishReason).toBe('stop');
    expect(result.warnings).toEqual([]);
    expect(result.response.modelId).toBe('gpt-4.1-2025-04-14');

    const request = lastRequest(fake);
    expect(request.method).toBe('POST');
    expect(request.url).toBe(answerEnginePath('openai', model));
    expect(request.headers.authorization).toBe('Bearer sk-openai-test');
    expect(request.body).toMatchObject({ model, tools: [{ type: 'web_search' }], include: expect.arrayContaining(['web_search_call.action.sources']) });
    expect(promptOf(request)).toBe(PROMPT);
  });

  it('gives the url_citation annotations as sources, with titles, when the reply has no action.sources', async () => {
    fake.handle(() => ({ json: openAiResponsesAnswer(TEXT, SOURCES, { ...usage, actionSources: false }) }));
    const result = await ask(provider().responses(model), webSearch());

    expect(result.text).toBe(TEXT);
    expect(urlSources(result)).toEqual(SOURCES.map((source) => ({ url: source.url, title: source.title })));
    const citations = result.content.flatMap((part) => (part.type === 'text' ? (part.citations ?? []) : []));
    expect(citations.map((citation) => TEXT.slice(citation.startIndex, citation.endIndex))).toEqual(['Acme Tools tracks citations across answer engines.', 'Globex compares them week by week.']);
  });

  it('is the Responses API for the default model function too', async () => {
    fake.handle(() => ({ json: openAiResponsesAnswer(TEXT, SOURCES, usage) }));
    const result = await ask(provider()(model), webSearch());
    expect(result.text).toBe(TEXT);
    expect(lastRequest(fake).url).toBe('/v1/responses');
  });

  it('surfaces a 429 as an APICallError with its retry-after, and a 500', async () => {
    fake.handle(() => rateLimited('openai', 7));
    const limited = await failure(ask(provider().responses(model), webSearch()));
    expect(limited.statusCode).toBe(429);
    expect(limited.isRetryable).toBe(true);
    expect(limited.responseHeaders?.['retry-after']).toBe('7');
    expect(limited.message).toMatch(/Rate limit reached/);

    fake.handle(() => serverError('openai'));
    const failed = await failure(ask(provider().responses(model), webSearch()));
    expect(failed.statusCode).toBe(500);
    expect(failed.message).toMatch(/server had an error/);
  });
});

describe('Anthropic Messages API fake', () => {
  let fake: HttpFake;
  const model = 'claude-sonnet-4-5';
  const provider = () => createAnthropic({ apiKey: 'sk-ant-test', baseURL: answerEngineBaseUrl('anthropic', fake.url) });
  const webSearch = () => ({ web_search: provider().tools.webSearch_20250305({ maxUses: 3 }) });

  beforeAll(async () => {
    fake = await startHttpFake(() => ({ json: anthropicWebSearchAnswer(TEXT, SOURCES, usage) }));
  });
  afterAll(() => fake.close());

  it('answers the web_search_20250305 request with the text, the search results as sources and the usage', async () => {
    fake.handle(() => ({ json: anthropicWebSearchAnswer(TEXT, SOURCES, { ...usage, uncited: UNCITED }) }));
    const result = await ask(provider()(model), webSearch());

    expect(result.text).toBe(TEXT);
    // Sources come from the web_search_tool_result (every result, cited or not), not from the
    // citations, which the SDK skips when there are results: no duplicates.
    expect(urlSources(result)).toEqual([...SOURCES, ...UNCITED].map((source) => ({ url: source.url, title: source.title })));
    expect(result.usage).toMatchObject(usage);
    expect(result.finishReason).toBe('stop');
    expect(result.warnings).toEqual([]);
    const citations = result.content.flatMap((part) => (part.type === 'text' ? (part.citations ?? []) : []));
    expect(citations.map((citation) => citation.source.sourceType === 'url' && citation.source.url)).toEqual(urlsOf(SOURCES));

    const request = lastRequest(fake);
    expect(request.method).toBe('POST');
    expect(request.url).toBe(answerEnginePath('anthropic', model));
    expect(request.headers['x-api-key']).toBe('sk-ant-test');
    expect(request.headers['anthropic-version']).toBe('2023-06-01');
    expect(request.body).toMatchObject({ model, tools: [{ type: 'web_search_20250305', name: 'web_search', max_uses: 3 }] });
    expect(promptOf(request)).toBe(PROMPT);
  });

  it('surfaces a 429 as an APICallError with its retry-after, and a 500', async () => {
    fake.handle(() => rateLimited('anthropic', 7));
    const limited = await failure(ask(provider()(model), webSearch()));
    expect(limited.statusCode).toBe(429);
    expect(limited.isRetryable).toBe(true);
    expect(limited.responseHeaders?.['retry-after']).toBe('7');
    expect(limited.message).toMatch(/rate limit/);

    fake.handle(() => serverError('anthropic'));
    const failed = await failure(ask(provider()(model), webSearch()));
    expect(failed.statusCode).toBe(500);
    expect(failed.message).toBe('Internal server error');
  });
});

describe('Gemini generateContent fake', () => {
  let fake: HttpFake;
  const model = 'gemini-2.5-flash';
  const provider = () => createGoogleGenerativeAI({ apiKey: 'google-test-key', baseURL: answerEngineBaseUrl('gemini', fake.url) });
  const googleSearch = () => ({ google_search: provider().tools.googleSearch({}) });

  beforeAll(async () => {
    fake = await startHttpFake(() => ({ json: geminiGroundedAnswer(TEXT, SOURCES, usage) }));
  });
  afterAll(() => fake.close());

  it('answers the google_search request with the text, the grounding chunks as sources and the usage', async () => {
    fake.handle(() => ({ json: geminiGroundedAnswer(TEXT, SOURCES, { ...usage, uncited: UNCITED }) }));
    const result = await ask(provider()(model), googleSearch());

    expect(result.text).toBe(TEXT);
    expect(urlSources(result)).toEqual([...SOURCES, ...UNCITED].map((source) => ({ url: source.url, title: source.title })));
    expect(result.usage).toMatchObject(usage);
    expect(result.finishReason).toBe('stop');
    expect(result.warnings).toEqual([]);
    const metadata = result.providerMetadata?.google?.groundingMetadata as { webSearchQueries: string[]; groundingSupports: { segment: { startIndex?: number; endIndex: number }; groundingChunkIndices: number[] }[] };
    expect(metadata.webSearchQueries).toEqual(['fake web search']);
    expect(metadata.groundingSupports.map((support) => [TEXT.slice(support.segment.startIndex ?? 0, support.segment.endIndex), support.groundingChunkIndices])).toEqual([
      ['Acme Tools tracks citations across answer engines.', [0]],
      ['Globex compares them week by week.', [1]],
    ]);

    const request = lastRequest(fake);
    expect(request.method).toBe('POST');
    expect(request.url).toBe(answerEnginePath('gemini', model));
    expect(request.url).toBe('/v1beta/models/gemini-2.5-flash:generateContent');
    expect(request.headers['x-goog-api-key']).toBe('google-test-key');
    expect(request.body).toMatchObject({ tools: [{ googleSearch: {} }] });
    expect(promptOf(request)).toBe(PROMPT);
  });

  it('gives the redirect URIs and domains as sources when the reply has them, as in production', async () => {
    fake.handle(() => ({ json: geminiGroundedAnswer(TEXT, SOURCES, { ...usage, redirectUris: true }) }));
    const result = await ask(provider()(model), googleSearch());
    expect(urlSources(result)).toEqual([
      { url: geminiRedirectUri('https://acme.example/guide'), title: 'acme.example' },
      { url: geminiRedirectUri('https://globex.example/compare'), title: 'globex.example' },
    ]);
  });

  it('surfaces a 429 as an APICallError with its retry-after, and a 500', async () => {
    fake.handle(() => rateLimited('gemini', 7));
    const limited = await failure(ask(provider()(model), googleSearch()));
    expect(limited.statusCode).toBe(429);
    expect(limited.isRetryable).toBe(true);
    expect(limited.responseHeaders?.['retry-after']).toBe('7');
    expect(limited.message).toMatch(/Resource has been exhausted/);

    fake.handle(() => serverError('gemini'));
    const failed = await failure(ask(provider()(model), googleSearch()));
    expect(failed.statusCode).toBe(500);
    expect(failed.message).toMatch(/internal error/);
  });
});

describe('Perplexity Sonar fake', () => {
  let fake: HttpFake;
  const provider = () => createPerplexity({ apiKey: 'pplx-test', baseURL: answerEngineBaseUrl('perplexity', fake.url) });

  beforeAll(async () => {
    fake = await startHttpFake(() => ({ json: perplexitySonarAnswer(TEXT, SOURCES, usage) }));
  });
  afterAll(() => fake.close());

  it('answers with the text, the citations as sources and the usage', async () => {
    fake.handle(() => ({ json: perplexitySonarAnswer(TEXT, SOURCES, { ...usage, uncited: UNCITED }) }));
    const result = await ask(provider()('sonar'));

    // Sonar's text carries the [n] markers of the citations each sentence draws on.
    expect(result.text).toBe(perplexityMarkedText(TEXT, SOURCES));
    expect(result.text).toMatch(/\[1\]/);
    // From `citations`: URL only; the titles of `search_results` are not read.
    expect(urlSources(result)).toEqual(urlsOf([...SOURCES, ...UNCITED]).map((url) => ({ url, title: undefined })));
    expect(new Set(result.sources.map((source) => source.id)).size).toBe(3);
    expect(result.usage).toMatchObject(usage);
    expect(result.finishReason).toBe('stop');
    expect(result.warnings).toEqual([]);
    expect(result.response.modelId).toBe('sonar');

    const request = lastRequest(fake);
    expect(request.method).toBe('POST');
    expect(request.url).toBe(answerEnginePath('perplexity', 'sonar'));
    expect(request.headers.authorization).toBe('Bearer pplx-test');
    expect(request.body).toMatchObject({ model: 'sonar' });
    expect(promptOf(request)).toBe(PROMPT);
  });

  it('surfaces a 429 as an APICallError with its retry-after, and a 500', async () => {
    fake.handle(() => rateLimited('perplexity', 7));
    const limited = await failure(ask(provider()('sonar')));
    expect(limited.statusCode).toBe(429);
    expect(limited.isRetryable).toBe(true);
    expect(limited.responseHeaders?.['retry-after']).toBe('7');
    expect(limited.message).toBe('Rate limit exceeded');

    fake.handle(() => serverError('perplexity'));
    const failed = await failure(ask(provider()('sonar')));
    expect(failed.statusCode).toBe(500);
    expect(failed.message).toBe('Internal server error');
  });
});

describe('promptOf', () => {
  const request = (body: unknown): RecordedRequest => ({ method: 'POST', url: '/', headers: {}, body });

  it('reads the last user message of each request shape', () => {
    expect(promptOf(request({ input: 'plain' }))).toBe('plain');
    expect(promptOf(request({ input: [{ role: 'developer', content: 'sys' }, { role: 'user', content: [{ type: 'input_text', text: 'responses' }] }] }))).toBe('responses');
    expect(promptOf(request({ system: 'sys', messages: [{ role: 'user', content: [{ type: 'text', text: 'anthropic' }] }] }))).toBe('anthropic');
    expect(promptOf(request({ contents: [{ role: 'user', parts: [{ text: 'gem' }, { text: 'ini' }] }] }))).toBe('gemini');
    expect(promptOf(request({ messages: [{ role: 'system', content: 'sys' }, { role: 'user', content: 'chat' }] }))).toBe('chat');
    expect(promptOf(request(undefined))).toBe('');
  });
});
