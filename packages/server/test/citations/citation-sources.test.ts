import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyzeObservation } from '../../src/features/citations/analyze';
import { SourceError } from '../../src/features/citations/fetch-json';
import { answerEngineSource } from '../../src/features/citations/sources/answer-engine';
import { braveSource } from '../../src/features/citations/sources/brave';
import { hackerNewsSource } from '../../src/features/citations/sources/hacker-news';
import { redditSource } from '../../src/features/citations/sources/reddit';
import type { CitationSourceAdapter, SourceQuery } from '../../src/features/citations/sources/types';
import { webAnswerEngineSource } from '../../src/features/citations/sources/web-answer-engine';
import { createLlmClient } from '../../src/features/llm/client';
import { startHttpFake, type FakeHandler, type HttpFake } from '../fakes/http-fake';
import { chatCompletion, chatError } from '../fakes/openai-compatible';
import { braveSearch, hnSearch, perplexityAnswer, redditSearch } from '../fakes/search-apis';

/** Each source adapter against a local fake of its documented API: found, not found, API error. */

const target = { domain: 'acme.example', brand: 'Acme', phrases: [] };
const query: SourceQuery = { prompts: ['What are the best tools for SEO?'], keywordQueries: ['SEO'], brandQueries: ['acme.example'], samples: 2 };

let fake: HttpFake;
beforeAll(async () => {
  fake = await startHttpFake(() => ({ status: 404, json: {} }));
});
afterAll(() => fake?.close());

async function observe(adapter: CitationSourceAdapter, handler: FakeHandler) {
  fake.requests.length = 0;
  fake.handle(handler);
  const outcome = await adapter.run(query);
  return outcome.observations.map((observation) => {
    const { mentioned, ownPageCited } = analyzeObservation(observation, target, []);
    return { observation, mentioned, ownPageCited };
  });
}

async function failure(adapter: CitationSourceAdapter, handler: FakeHandler): Promise<unknown> {
  fake.handle(handler);
  return adapter.run(query).catch((error: unknown) => error);
}

describe('Hacker News (Algolia search API)', () => {
  const source = () => hackerNewsSource(fake.url, 2_000);

  it('searches stories and comments and finds the mention', async () => {
    const results = await observe(source(), () => ({ json: hnSearch([{ id: '1', title: 'Acme launches', url: 'https://acme.example/blog' }, { id: '2', comment_text: 'Nothing here' }]) }));
    expect(fake.requests.map((request) => new URL(request.url, fake.url).searchParams.get('query'))).toEqual(['SEO', 'acme.example']);
    expect(new URL(fake.requests[0].url, fake.url).searchParams.get('tags')).toBe('(story,comment)');
    expect(results.filter((result) => result.observation.prompt === 'SEO').map((result) => [result.observation.url, result.observation.type, result.mentioned])).toEqual([
      ['https://news.ycombinator.com/item?id=1', 'story', true],
      ['https://news.ycombinator.com/item?id=2', 'comment', false],
    ]);
  });

  it('finds nothing when nobody mentions the site', async () => {
    const results = await observe(source(), () => ({ json: hnSearch([{ id: '3', title: 'Unrelated' }]) }));
    expect(results.some((result) => result.mentioned)).toBe(false);
  });

  it('turns an API error into a source error', async () => {
    expect(await failure(source(), () => ({ status: 503, json: {} }))).toMatchObject({ status: 'error', message: 'Hacker News answered HTTP 503.' });
    expect(await failure(source(), () => ({ json: { unexpected: true } }))).toMatchObject({ status: 'error', message: 'Hacker News answered in an unexpected shape.' });
  });

  it('reports an unreachable or slow API as unreachable', async () => {
    const error = await hackerNewsSource('http://127.0.0.1:9', 500).run(query).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(SourceError);
    expect(error).toMatchObject({ status: 'unreachable', message: 'Hacker News could not be reached (127.0.0.1:9).' });
    const slow = await failure(hackerNewsSource(fake.url, 100), () => ({ json: hnSearch([]), delayMs: 500 }));
    expect(slow).toMatchObject({ status: 'unreachable', message: 'Hacker News did not answer within 0.1 s (' + new URL(fake.url).host + ').' });
  });
});

describe('Reddit (public search JSON)', () => {
  const source = () => redditSource({ baseUrl: fake.url, userAgent: 'Citable test' }, 2_000);

  it('sends a User-Agent and finds the mention in titles and self text', async () => {
    const results = await observe(source(), () => ({ json: redditSearch([{ id: 'a1', title: 'Is Acme any good?', selftext: 'Thinking of trying it.' }, { id: 'a2', title: 'SEO tips' }]) }));
    expect(fake.requests[0].headers['user-agent']).toBe('Citable test');
    expect(new URL(fake.requests[0].url, fake.url).pathname).toBe('/search.json');
    expect(results.filter((result) => result.observation.prompt === 'SEO').map((result) => [result.observation.url, result.mentioned])).toEqual([
      ['https://www.reddit.com/r/seo/comments/a1/post/', true],
      ['https://www.reddit.com/r/seo/comments/a2/post/', false],
    ]);
  });

  it('finds nothing when nobody mentions the site, and lists an API error', async () => {
    expect((await observe(source(), () => ({ json: redditSearch([{ id: 'b1', title: 'Other tools' }]) }))).some((result) => result.mentioned)).toBe(false);
    expect(await failure(source(), () => ({ status: 429, json: {} }))).toMatchObject({ status: 'error', message: 'Reddit answered HTTP 429: rate limited, try again later.' });
  });
});

describe('Brave Search (web search API)', () => {
  const source = () => braveSource({ apiKey: 'brave-secret', baseUrl: fake.url }, 2_000);

  it('sends the subscription token and finds the user among the results', async () => {
    const results = await observe(source(), () => ({
      json: braveSearch([
        { title: 'Best SEO tools', url: 'https://review.example/seo', description: 'We tested <strong>Acme</strong> and others.' },
        { title: 'Acme', url: 'https://acme.example/', description: 'Home' },
        { title: 'Other', url: 'https://other.example/', description: 'Nothing' },
      ]),
    }));
    expect(fake.requests[0].headers['x-subscription-token']).toBe('brave-secret');
    expect(new URL(fake.requests[0].url, fake.url).pathname).toBe('/web/search');
    expect(results.filter((result) => result.observation.prompt === 'SEO').map((result) => result.mentioned)).toEqual([true, true, false]);
  });

  it('finds nothing when no result names the site, and lists a bad key as an error', async () => {
    expect((await observe(source(), () => ({ json: braveSearch([{ title: 'x', url: 'https://x.example/', description: 'y' }]) }))).some((result) => result.mentioned)).toBe(false);
    expect(await failure(source(), () => ({ status: 401, json: {} }))).toMatchObject({ status: 'error', message: 'Brave Search answered HTTP 401: check the API key.' });
  });
});

describe('Perplexity (Sonar chat completions with citations, through @ai-sdk/perplexity)', () => {
  const source = () => webAnswerEngineSource('perplexity', { apiKey: 'pplx-secret', baseUrl: fake.url, model: 'sonar' }, { timeoutMs: 30_000, retryBaseMs: 1 });

  it('asks each prompt per sample and counts a page of the user its [n] marker cites as cited, not as a mention', async () => {
    const results = await observe(source(), () => ({ json: perplexityAnswer('Several tools do this well [1].', ['https://acme.example/guide', 'https://other.example/']) }));
    expect(fake.requests).toHaveLength(2);
    expect(fake.requests[0]).toMatchObject({ method: 'POST', url: '/chat/completions', body: { model: 'sonar', messages: [{ role: 'user', content: 'What are the best tools for SEO?' }] } });
    expect(fake.requests[0].headers.authorization).toBe('Bearer pplx-secret');
    expect(results.map((result) => result.mentioned)).toEqual([false, false]);
    expect(results.map((result) => result.ownPageCited)).toEqual([true, true]);
    expect(results[0].observation.citedUrls).toEqual(['https://acme.example/guide']);
    expect(results[0].observation.consultedUrls).toEqual(['https://other.example']);
  });

  it('finds nothing when neither the answer nor its sources name the site, and lists an API error', async () => {
    expect((await observe(source(), () => ({ json: perplexityAnswer('Use Globex.', ['https://globex.example/']) }))).some((result) => result.mentioned)).toBe(false);
    expect(await failure(source(), () => ({ status: 500, json: {} }))).toMatchObject({ status: 'error', message: 'Perplexity answered with an error (HTTP 500).' });
  });
});

describe('answer engine (the configured LLM)', () => {
  const memory = { tokensSince: async () => 0, record: async () => undefined };
  const source = () => {
    const llm = createLlmClient({
      settings: { provider: 'openai-compatible', model: 'fake-model', apiKey: undefined, baseUrl: `${fake.url}/v1`, timeoutMs: 2_000, retry: { maxRetries: 0, baseDelayMs: 5, maxRetryAfterMs: 100 } },
      usage: memory,
    });
    return answerEngineSource(llm, { userId: 'u', plan: 'core', feature: 'citations' });
  };

  it('asks each prompt as many times as the samples and finds the mention', async () => {
    let calls = 0;
    const results = await observe(source(), () => chatCompletion(++calls === 1 ? 'Try Acme (https://acme.example).' : 'Try Globex.'));
    expect(fake.requests).toHaveLength(2);
    expect(results.map((result) => result.mentioned).sort()).toEqual([false, true]);
  });

  it('lists the model failing on every ask as an error', async () => {
    expect(await failure(source(), () => chatError(500))).toMatchObject({ code: 'provider_error', message: 'The AI model fake-model failed with HTTP 500.' });
  });
});
