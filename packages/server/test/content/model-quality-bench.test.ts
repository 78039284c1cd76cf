import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILT_IN_SOURCE } from '@citable/contract';
import { createLlmClient } from '../../src/features/llm/client';
import type { LlmUsageStore } from '../../src/features/llm';
import { readLlmSettings } from '../../src/settings/llm';
import { runModelQualityBench, traceableShare } from '../../src/features/content/model-quality-bench';
import { startHttpFake, type HttpFake, type RecordedRequest } from '../fakes/http-fake';
import { chatBody, chatCompletion } from '../fakes/openai-compatible';

/**
 * The quality bench with a model configured (issue #32), through the OpenAI-compatible fake: a
 * model that answers each FAQ from the passage it names scores 100 % traceable; one that cites a
 * passage about something else, or adds a figure, is caught.
 */

const memory: LlmUsageStore = { tokensSince: async () => 0, record: async () => {} };
let fake: HttpFake;
let behaviour: 'faithful' | 'careless' = 'faithful';

/** The numbered passages of the generator's prompt: "[n] (url) heading: text". */
function passagesOf(request: RecordedRequest): { n: number; heading: string; text: string }[] {
  const prompt = chatBody(request).messages.at(-1)?.content ?? '';
  return prompt.split('\n').flatMap((line) => {
    const m = /^\[(\d+)\] \(([^)]*)\) (?:([^:]+\?): )?(.*)$/.exec(line);
    return m && m[3] ? [{ n: Number(m[1]), heading: m[3], text: m[4] }] : [];
  });
}

function answer(request: RecordedRequest) {
  const passages = passagesOf(request).slice(0, 3);
  const faqs = passages.map((p, i) =>
    behaviour === 'faithful'
      ? { question: p.heading, answer: p.text.split(/(?<=[.!?])\s/)[0], passage: p.n }
      : // Careless: the answer carries a figure no page states, and cites the next passage instead of its own.
        { question: p.heading, answer: `${p.text.split(/(?<=[.!?])\s/)[0]} About 97% of customers agree.`, passage: passages[(i + 1) % passages.length].n },
  );
  return chatCompletion(JSON.stringify({ faqs, metaTags: null, snippets: [], headings: [], descriptions: [], optimizationTips: [] }));
}

beforeAll(async () => {
  fake = await startHttpFake((request) => answer(request));
});
afterAll(() => fake?.close());

const client = () => {
  const settings = readLlmSettings({ LLM_PROVIDER: 'openai-compatible', LLM_MODEL: 'fake-model', LLM_BASE_URL: `${fake.url}/v1`, LLM_API_KEY: 'sk-test' }, (m) => new Error(m))!;
  return createLlmClient({ settings: { ...settings, retry: { maxRetries: 0, baseDelayMs: 5, maxRetryAfterMs: 100 } }, usage: memory });
};

describe('the quality bench with a language model', () => {
  it('measures the model\'s FAQs on every labelled site: all traceable when each answers from the passage it names', async () => {
    behaviour = 'faithful';
    const figures = await runModelQualityBench(client());
    expect(figures.map((f) => f.source)).not.toContain(BUILT_IN_SOURCE);
    expect(figures.reduce((n, f) => n + f.faqs, 0)).toBeGreaterThan(0);
    expect(figures.flatMap((f) => f.misses)).toEqual([]);
    expect(traceableShare(figures)).toBe(100);
  }, 60_000);

  it('counts a FAQ whose cited passage does not answer it, or whose figure no page states, as untraceable', async () => {
    behaviour = 'careless';
    const figures = await runModelQualityBench(client());
    const faqs = figures.reduce((n, f) => n + f.faqs, 0);
    expect(faqs).toBeGreaterThan(0);
    expect(traceableShare(figures)).toBeLessThan(50);
    expect(figures.flatMap((f) => f.misses).join('\n')).toMatch(/Figures or quotes not found on your pages|does not answer this question/);
  }, 60_000);
});
