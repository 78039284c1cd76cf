import { describe, expect, it } from 'vitest';
import { defaultDomain, DEFAULT_KEYWORDS_TEXT, rateWithInterval } from './format';

describe('citation formatting', () => {
  it('shows a rate with its interval', () => {
    expect(rateWithInterval(0.6667, { low: 0.2077, high: 0.9385 })).toBe('67% (21–94%)');
  });

  it('defaults to the first website host and the spec keywords', () => {
    expect(defaultDomain([{ url: 'https://www.acme.example/about' }, { url: 'https://other.example' }])).toBe('acme.example');
    expect(defaultDomain([])).toBe('');
    expect(DEFAULT_KEYWORDS_TEXT).toBe('AI visibility, SEO');
  });
});
