import { describe, expect, it } from 'vitest';
import { readCitationSourceSettings } from './citation-sources';

const fail = (message: string) => new Error(message);
const read = (env: Record<string, string>) => readCitationSourceSettings(env, 'https://citable.example', fail);

describe('citation source settings', () => {
  it('asks the key-less communities by default and the keyed sources only with a key', () => {
    expect(read({})).toEqual({
      perplexity: null,
      hackerNews: { baseUrl: 'https://hn.algolia.com/api/v1' },
      reddit: { baseUrl: 'https://www.reddit.com', userAgent: 'Citable citation tracker (+https://citable.example)' },
      brave: null,
      timeoutMs: 10_000,
      samples: 3,
    });
    const configured = read({ PERPLEXITY_API_KEY: 'p', BRAVE_API_KEY: 'b', BRAVE_SEARCH_URL: 'http://127.0.0.1:9/res/v1/', CITATION_SAMPLES: '5' });
    expect(configured.perplexity).toEqual({ apiKey: 'p', baseUrl: 'https://api.perplexity.ai', model: 'sonar' });
    expect(configured.brave).toEqual({ apiKey: 'b', baseUrl: 'http://127.0.0.1:9/res/v1' });
    expect(configured.samples).toBe(5);
  });

  it('turns a community source off, and refuses bad values', () => {
    expect(read({ HN_SEARCH_URL: 'off', REDDIT_SEARCH_URL: 'OFF' })).toMatchObject({ hackerNews: null, reddit: null });
    expect(() => read({ HN_SEARCH_URL: 'ftp://x' })).toThrow(/HN_SEARCH_URL must be an http\(s\) URL/);
    expect(() => read({ CITATION_SAMPLES: '9' })).toThrow(/CITATION_SAMPLES must be an integer from 1 to 5/);
  });
});
