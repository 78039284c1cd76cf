import { describe, expect, it } from 'vitest';
import { aiUsageLabel, CITATION_PLAN_LIMITS, CITATION_SOURCE_IDS, CITATION_SOURCES, isAnswerEngine, notInPlanMessage } from './citations';
import { PLAN_IDS, PLAN_RANK } from './plans';

describe('the Citation Tracker’s sources and plan limits (issue 21)', () => {
  it('names each engine in the usage ledger, and the configured model as such', () => {
    expect(aiUsageLabel('chatgpt:gpt-4.1-mini')).toBe('ChatGPT (gpt-4.1-mini)');
    expect(aiUsageLabel('answer-engine:llama3.1')).toBe('AI answers (llama3.1)');
    expect(aiUsageLabel('gemini:models/gemini-2.5-flash:001')).toBe('Gemini (models/gemini-2.5-flash:001)');
    expect(aiUsageLabel('gpt-4o-mini')).toBe('AI model (gpt-4o-mini)');
    expect(aiUsageLabel('unknown:model')).toBe('AI model (unknown:model)');
    expect(aiUsageLabel(':model')).toBe('AI model (:model)');
  });

  it('tells answer engines from searches; only Hacker News and Reddit need no key', () => {
    expect(CITATION_SOURCE_IDS.filter(isAnswerEngine)).toEqual(['chatgpt', 'claude', 'gemini', 'perplexity', 'answer-engine']);
    expect(CITATION_SOURCE_IDS.filter((id) => CITATION_SOURCES[id].keyless)).toEqual(['hacker-news', 'reddit']);
  });

  it('gives a higher plan at least as much, and Free no tracker', () => {
    expect(CITATION_PLAN_LIMITS.free).toEqual({ engines: 0, trackedPrompts: 0, asksPerEngine: 0 });
    const ranked = [...PLAN_IDS].sort((a, b) => PLAN_RANK[a] - PLAN_RANK[b]);
    for (let index = 1; index < ranked.length; index++) {
      const [lower, higher] = [CITATION_PLAN_LIMITS[ranked[index - 1]], CITATION_PLAN_LIMITS[ranked[index]]];
      expect(higher.engines).toBeGreaterThanOrEqual(lower.engines);
      expect(higher.trackedPrompts).toBeGreaterThan(lower.trackedPrompts);
      expect(higher.asksPerEngine).toBeGreaterThan(lower.asksPerEngine);
    }
    expect(notInPlanMessage('core')).toBe('Not in the Core plan, which asks 2 answer engines per run.');
  });
});
