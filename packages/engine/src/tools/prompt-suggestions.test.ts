import { describe, expect, it } from 'vitest';
import { PROMPT_INTENTS } from '@citable/contract';
import { suggestPrompts } from './prompt-suggestions';
import { page, SOLAR_GUIDE, USER_ENTITIES, USER_URL } from './fixtures/pages';

const pages = () => [page(SOLAR_GUIDE, USER_URL), page(USER_ENTITIES, 'https://sunny.example/guides/home-solar')];

describe('suggestPrompts', () => {
  it('groups prompts by all four intents and counts them', () => {
    const result = suggestPrompts({ topic: 'solar panels', pages: pages() });
    for (const intent of PROMPT_INTENTS) {
      expect(result.promptsByCategory[intent].length).toBeGreaterThan(0);
      for (const p of result.promptsByCategory[intent]) expect(p.intent).toBe(intent);
    }
    const all = PROMPT_INTENTS.flatMap((i) => result.promptsByCategory[i]);
    expect(result.totalPrompts).toBe(all.length);
    expect(new Set(all.map((p) => p.prompt.toLowerCase())).size).toBe(all.length);
  });

  it('builds prompts from the input and the site: topic, audience, brand and the site\'s own questions', () => {
    const result = suggestPrompts({ topic: 'heat pumps', targetAudience: 'landlords', industry: 'Real Estate', pages: pages() });
    const all = PROMPT_INTENTS.flatMap((i) => result.promptsByCategory[i].map((p) => p.prompt));
    expect(all).toContain('What are heat pumps?');
    expect(all.some((p) => p.includes('for landlords'))).toBe(true);
    expect(all.some((p) => p.includes('Sunny Energy'))).toBe(true);
    const site = suggestPrompts({ topic: 'solar panels', pages: pages() });
    expect(site.promptsByCategory.informational.map((p) => p.prompt)).toContain('How long do solar panels last?');
    expect(site.promptsByCategory.transactional[0].prompt).toBe('How much do solar panels cost?');
  });

  it('gives a prompt the pages answer a higher likelihood than one they do not', () => {
    const result = suggestPrompts({ topic: 'solar panels', pages: pages() });
    const all = PROMPT_INTENTS.flatMap((i) => result.promptsByCategory[i]);
    const answered = all.find((p) => p.prompt === 'How long do solar panels last?')!;
    const unanswered = all.find((p) => p.prompt === 'Where can I buy solar panels?')!;
    expect(answered.likelihood).toBeGreaterThan(unanswered.likelihood);
    expect(answered.bestPassage).toMatchObject({ url: USER_URL, heading: 'How long do solar panels last?', rank: 1 });
    expect(answered.optimization).toMatch(/^Answered by the passage/);
    expect(unanswered.optimization).toContain('does not mention buy');
    for (const p of all) expect(p.likelihood).toBeGreaterThanOrEqual(0);
    for (const p of all) expect(p.likelihood).toBeLessThanOrEqual(100);
  });

  it('gives the requested intent more prompts and assigns assistants by documented traits', () => {
    const result = suggestPrompts({ topic: 'solar panels', userIntent: 'commercial', contentType: 'service', pages: pages() });
    expect(result.promptsByCategory.commercial.length).toBeGreaterThan(result.promptsByCategory.navigational.length);
    expect(result.promptsByCategory.transactional.map((p) => p.prompt)).toContain('How do I hire a provider for solar panels?');
    expect(result.promptsByCategory.commercial.every((p) => p.aiSystem === 'Perplexity')).toBe(true);
    expect(result.promptsByCategory.navigational.every((p) => p.aiSystem === 'Google AI Overviews')).toBe(true);
  });

  it('scores every prompt 0 without pages to match', () => {
    const result = suggestPrompts({ topic: 'solar panels', pages: [] });
    const all = PROMPT_INTENTS.flatMap((i) => result.promptsByCategory[i]);
    expect(all.every((p) => p.likelihood === 0 && p.bestPassage === null)).toBe(true);
  });
});
