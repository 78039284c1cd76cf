import { describe, expect, it } from 'vitest';
import { defaultDomain, DEFAULT_KEYWORDS_TEXT, noVoiceText, rateWithInterval } from './format';

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

describe('share of voice with no brand named (issue 29)', () => {
  const you = { name: 'Acme', domain: 'acme.example', isUser: true, mentions: 0, share: 0 };
  it('asks for competitors only when none are set', () => {
    expect(noVoiceText([you])).toBe('You were not named in these answers. Add competitors in your profile to compare.');
    expect(noVoiceText([you, { name: 'Globex', domain: 'globex.example', isUser: false, mentions: 0, share: 0 }, { name: 'Initech', domain: null, isUser: false, mentions: 0, share: 0 }])).toBe(
      'Neither you nor your competitors (Globex, Initech) were named in these answers.',
    );
  });
});
