import { describe, expect, it } from 'vitest';
import { ARTICLE_WORDS, compareMainContent, corpusPages, formatComparison, NEAR_EMPTY_WORDS, tokenF1 } from '../scripts/main-content-vs-readability';

describe('main content against Mozilla Readability', () => {
  it('scores token overlap as F1', () => {
    expect(tokenF1('a b c', 'a b c')).toBe(1);
    expect(tokenF1('a b', 'c d')).toBe(0);
    expect(tokenF1('', '')).toBe(1);
    expect(tokenF1('a', '')).toBe(0);
    expect(tokenF1('a b c d', 'a b')).toBeCloseTo(2 / 3);
    // Unspaced scripts compare character by character.
    expect(tokenF1('東京に住む', '東京に住んでいる')).toBeGreaterThan(0.5);
  });

  it('finds the article Readability finds on pages that once came out (almost) empty or wrong', () => {
    const pages = corpusPages().filter((p) => ['ietf-1', 'medicalnewstoday', 'bug-1255978'].includes(p.name));
    const result = compareMainContent(pages);
    expect(result.pages).toHaveLength(3);
    expect(result.nearEmpty).toEqual([]);
    for (const page of result.pages) {
      expect(page.readabilityWords, page.name).toBeGreaterThanOrEqual(ARTICLE_WORDS);
      expect(page.engineWords, page.name).toBeGreaterThanOrEqual(NEAR_EMPTY_WORDS);
      expect(page.f1, page.name).toBeGreaterThan(0.95);
    }
    expect(formatComparison(result, true)).toMatch(/engine < 50 words where Readability >= 200: 0/);
  });
});
