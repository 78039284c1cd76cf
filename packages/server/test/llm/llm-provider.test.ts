import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { BUILT_IN_SOURCE, LLM_MONTHLY_TOKEN_BUDGET } from '@citable/contract';
import { createLlmClient, type LlmCallContext } from '../../src/features/llm/client';
import { LlmBudgetExceededError, LlmInvalidOutputError, LlmNotConfiguredError, LlmProviderError, LlmRateLimitedError, LlmTimeoutError } from '../../src/features/llm/errors';
import { retryAfterMs } from '../../src/features/llm/retry';
import { readLlmSettings, type LlmSettings } from '../../src/settings/llm';
import type { LlmUsageEntry, LlmUsageStore } from '../../src/features/llm/usage';
import { startHttpFake, type FakeReply, type HttpFake } from '../fakes/http-fake';
import { chatBody, chatCompletion, chatError } from '../fakes/openai-compatible';

let fake: HttpFake;
let recorded: LlmUsageEntry[];

/** Usage kept in memory: the provider layer's own behaviour, without a database. */
function memoryStore(initialTokens = 0): LlmUsageStore {
  return {
    tokensSince: async () => initialTokens + recorded.reduce((sum, entry) => sum + entry.inputTokens + entry.outputTokens, 0),
    record: async (entry) => {
      recorded.push(entry);
    },
  };
}

const context: LlmCallContext = { userId: 'user-1', plan: 'core', feature: 'citations' };
const fail = (message: string) => new Error(message);

function settings(overrides: Partial<LlmSettings> = {}): LlmSettings {
  const base = readLlmSettings({ LLM_PROVIDER: 'openai-compatible', LLM_MODEL: 'fake-model', LLM_BASE_URL: `${fake.url}/v1`, LLM_API_KEY: 'sk-test-secret' }, fail);
  if (!base) throw new Error('settings expected');
  return { ...base, timeoutMs: 2_000, retry: { maxRetries: 3, baseDelayMs: 5, maxRetryAfterMs: 1_000 }, ...overrides };
}

beforeAll(async () => {
  fake = await startHttpFake(() => chatCompletion('unused'));
});
afterAll(() => fake?.close());
beforeEach(() => {
  fake.requests.length = 0;
  recorded = [];
});

describe('settings', () => {
  it('means no provider without LLM_PROVIDER, and refuses half a configuration', () => {
    expect(readLlmSettings({}, fail)).toBeNull();
    expect(() => readLlmSettings({ LLM_PROVIDER: 'gpt' }, fail)).toThrow(/LLM_PROVIDER must be one of openai, anthropic, openai-compatible/);
    expect(() => readLlmSettings({ LLM_PROVIDER: 'openai' }, fail)).toThrow(/LLM_MODEL is not set/);
    expect(() => readLlmSettings({ LLM_PROVIDER: 'openai', LLM_MODEL: 'gpt-4o-mini' }, fail)).toThrow(/LLM_API_KEY is required/);
    expect(() => readLlmSettings({ LLM_PROVIDER: 'openai-compatible', LLM_MODEL: 'llama3.1' }, fail)).toThrow(/LLM_BASE_URL is required/);
    expect(readLlmSettings({ LLM_PROVIDER: 'openai-compatible', LLM_MODEL: 'llama3.1', LLM_BASE_URL: 'http://localhost:11434/v1/' }, fail)).toMatchObject({ baseUrl: 'http://localhost:11434/v1', apiKey: undefined });
  });

  it('reads Retry-After as seconds, milliseconds or an HTTP date', () => {
    expect(retryAfterMs({ 'retry-after': '2' })).toBe(2_000);
    expect(retryAfterMs({ 'retry-after-ms': '150' })).toBe(150);
    expect(retryAfterMs({ 'Retry-After': 'Sun, 22 Nov 2026 15:00:10 GMT' }, Date.parse('2026-11-22T15:00:00Z'))).toBe(10_000);
    expect(retryAfterMs({ 'retry-after': 'soon' })).toBeUndefined();
    expect(retryAfterMs(undefined)).toBeUndefined();
  });
});

describe('without a provider', () => {
  it('says so, names the built-in analysis as the source and refuses calls', async () => {
    const llm = createLlmClient({ settings: null, usage: memoryStore() });
    expect(llm.configured).toBe(false);
    expect(llm.publicConfig()).toEqual({ configured: false });
    expect(llm.source).toBe(BUILT_IN_SOURCE);
    await expect(llm.complete(context, { prompt: 'hi' })).rejects.toBeInstanceOf(LlmNotConfiguredError);
  });
});

describe('against an OpenAI-compatible server', () => {
  it('completes a prompt, sends the key and records the tokens per user and feature', async () => {
    fake.handle(() => chatCompletion('Paris is the capital of France.'));
    const llm = createLlmClient({ settings: settings(), usage: memoryStore() });
    expect(llm.publicConfig()).toEqual({ configured: true, model: 'fake-model' });
    const answer = await llm.complete(context, { prompt: 'Capital of France?', system: 'Be brief.' });
    expect(answer).toEqual({ value: 'Paris is the capital of France.', model: 'fake-model', inputTokens: 20, outputTokens: 30 });
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0].url).toBe('/v1/chat/completions');
    expect(fake.requests[0].headers.authorization).toBe('Bearer sk-test-secret');
    expect(chatBody(fake.requests[0]).messages).toEqual([
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: 'Capital of France?' },
    ]);
    expect(recorded).toEqual([{ userId: 'user-1', feature: 'citations', model: 'fake-model', inputTokens: 20, outputTokens: 30 }]);
  });

  it('sends the JSON schema for structured output and validates the answer', async () => {
    fake.handle(() => chatCompletion(JSON.stringify({ brands: ['Acme', 'Globex'], count: 2 })));
    const llm = createLlmClient({ settings: settings(), usage: memoryStore() });
    const schema = z.object({ brands: z.array(z.string()), count: z.number().int() });
    const answer = await llm.structured(context, schema, { prompt: 'List brands', name: 'brands' });
    expect(answer.value).toEqual({ brands: ['Acme', 'Globex'], count: 2 });
    const format = chatBody(fake.requests[0]).response_format;
    expect(format?.type).toBe('json_schema');
    expect(format?.json_schema?.schema).toMatchObject({ type: 'object', properties: { brands: { type: 'array' }, count: { type: 'integer' } }, required: ['brands', 'count'] });
  });

  it('retries a 429 after its Retry-After, then succeeds', async () => {
    let calls = 0;
    fake.handle(() => (++calls === 1 ? chatError(429, { 'retry-after': '0' }) : chatCompletion('second time lucky')));
    const llm = createLlmClient({ settings: settings(), usage: memoryStore() });
    expect((await llm.complete(context, { prompt: 'x' })).value).toBe('second time lucky');
    expect(fake.requests).toHaveLength(2);
  });

  it('backs off on 5xx up to the retry limit, then fails with a typed error', async () => {
    fake.handle(() => chatError(503));
    const llm = createLlmClient({ settings: settings({ retry: { maxRetries: 2, baseDelayMs: 5, maxRetryAfterMs: 1_000 } }), usage: memoryStore() });
    const error = await llm.complete(context, { prompt: 'x' }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(LlmProviderError);
    expect((error as LlmProviderError).status).toBe(503);
    expect((error as Error).message).toBe('The AI model fake-model failed with HTTP 503 after 3 attempts.');
    expect(fake.requests).toHaveLength(3);
  });

  it('does not wait for a Retry-After beyond the bound, nor retry a 400', async () => {
    fake.handle(() => chatError(429, { 'retry-after': '3600' }));
    const llm = createLlmClient({ settings: settings(), usage: memoryStore() });
    await expect(llm.complete(context, { prompt: 'x' })).rejects.toBeInstanceOf(LlmRateLimitedError);
    expect(fake.requests).toHaveLength(1);
    fake.handle(() => chatError(400));
    await expect(llm.complete(context, { prompt: 'x' })).rejects.toMatchObject({ code: 'provider_error', status: 400 });
    expect(fake.requests).toHaveLength(2);
  });

  it('gives up on a slow model at the timeout', async () => {
    // A model that never answers: only the timeout can end the call, however busy the machine
    // (an answer due on a clock could beat a late timeout).
    fake.handle(() => new Promise<FakeReply>(() => {}));
    const before = fake.requests.length;
    const llm = createLlmClient({ settings: settings({ timeoutMs: 200 }), usage: memoryStore() });
    const error = await llm.complete(context, { prompt: 'x' }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(LlmTimeoutError);
    expect((error as Error).message).toMatch(/did not answer within/);
    // A timeout is not retried.
    expect(fake.requests.length - before).toBe(1);
  });

  it('turns invalid JSON, and JSON of the wrong shape, into a clear typed error, still counting the tokens', async () => {
    const llm = createLlmClient({ settings: settings(), usage: memoryStore() });
    const schema = z.object({ score: z.number() });
    fake.handle(() => chatCompletion('Sure! The score is 7.'));
    const invalid = await llm.structured(context, schema, { prompt: 'score?' }).catch((caught: unknown) => caught);
    expect(invalid).toBeInstanceOf(LlmInvalidOutputError);
    expect((invalid as LlmInvalidOutputError).message).toBe('The AI model fake-model did not return valid JSON for the expected structure.');
    expect((invalid as LlmInvalidOutputError).text).toBe('Sure! The score is 7.');
    fake.handle(() => chatCompletion(JSON.stringify({ score: 'high' })));
    await expect(llm.structured(context, schema, { prompt: 'score?' })).rejects.toBeInstanceOf(LlmInvalidOutputError);
    expect(recorded).toHaveLength(2);
  });

  it('refuses calls once the plan’s monthly budget is spent, without calling the model', async () => {
    const llm = createLlmClient({ settings: settings(), usage: memoryStore(LLM_MONTHLY_TOKEN_BUDGET.core) });
    const error = await llm.complete(context, { prompt: 'x' }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(LlmBudgetExceededError);
    expect((error as Error).message).toMatch(/budget for the Core plan \(300,000 tokens\) is used up\. Results from the built-in analysis are still available/);
    expect(fake.requests).toHaveLength(0);
    const usage = await llm.usage('user-1', 'core');
    expect(usage).toMatchObject({ plan: 'core', usedTokens: 300_000, budgetTokens: 300_000 });
  });

  it('never puts the key in an error message', async () => {
    fake.handle(() => chatError(401));
    const llm = createLlmClient({ settings: settings(), usage: memoryStore() });
    const error = (await llm.complete(context, { prompt: 'x' }).catch((caught: unknown) => caught)) as Error;
    expect(error.message).not.toContain('sk-test-secret');
    expect(JSON.stringify({ message: error.message })).not.toContain('sk-test-secret');
  });
});
