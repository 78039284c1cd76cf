import { describe, expect, it } from 'vitest';
import { readCitationSourceSettings } from './citation-sources';

const fail = (message: string) => new Error(message);
const read = (env: Record<string, string>) => readCitationSourceSettings(env, 'https://citable.example', fail);

describe('citation source settings', () => {
  it('asks the key-less communities by default and the keyed sources only with a key', () => {
    expect(read({})).toEqual({
      chatgpt: null,
      claude: null,
      gemini: null,
      perplexity: null,
      proxy: null,
      hackerNews: { baseUrl: 'https://hn.algolia.com/api/v1' },
      reddit: { baseUrl: 'https://www.reddit.com', userAgent: 'Citable citation tracker (+https://citable.example)' },
      brave: null,
      timeoutMs: 10_000,
      engineTimeoutMs: 90_000,
      engineRetryBaseMs: 1_000,
      samples: 3,
    });
    const configured = read({ PERPLEXITY_API_KEY: 'p', BRAVE_API_KEY: 'b', BRAVE_SEARCH_URL: 'http://127.0.0.1:9/res/v1/', CITATION_SAMPLES: '5' });
    expect(configured.perplexity).toEqual({ apiKey: 'p', baseUrl: 'https://api.perplexity.ai', model: 'sonar' });
    expect(configured.brave).toEqual({ apiKey: 'b', baseUrl: 'http://127.0.0.1:9/res/v1' });
    expect(configured.samples).toBe(5);
  });

  it('turns on each answer engine by its own key, with its documented API address and a default model', () => {
    const engines = read({ OPENAI_API_KEY: 'o', ANTHROPIC_API_KEY: 'a', ANTHROPIC_MODEL: 'claude-opus-4-1', GEMINI_API_KEY: 'g', GEMINI_BASE_URL: 'http://127.0.0.1:9/v1beta/' });
    expect(engines.chatgpt).toEqual({ apiKey: 'o', baseUrl: 'https://api.openai.com/v1', model: 'gpt-4.1-mini' });
    expect(engines.claude).toEqual({ apiKey: 'a', baseUrl: 'https://api.anthropic.com/v1', model: 'claude-opus-4-1' });
    expect(engines.gemini).toEqual({ apiKey: 'g', baseUrl: 'http://127.0.0.1:9/v1beta', model: 'gemini-2.5-flash' });
    expect(read({ OPENAI_API_KEY: '  ', OPENAI_MODEL: 'gpt-5' }).chatgpt).toBeNull();
    expect(() => read({ OPENAI_API_KEY: 'o', OPENAI_BASE_URL: 'file:///etc' })).toThrow(/OPENAI_BASE_URL must be an http\(s\) URL/);
    expect(read({ CITATION_ENGINE_TIMEOUT_MS: '5000', CITATION_ENGINE_RETRY_BASE_MS: '5' })).toMatchObject({ engineTimeoutMs: 5_000, engineRetryBaseMs: 5 });
    expect(() => read({ CITATION_ENGINE_TIMEOUT_MS: '50' })).toThrow(/CITATION_ENGINE_TIMEOUT_MS must be an integer from 100 to 600000/);
  });

  it('turns a community source off, and refuses bad values', () => {
    expect(read({ HN_SEARCH_URL: 'off', REDDIT_SEARCH_URL: 'OFF' })).toMatchObject({ hackerNews: null, reddit: null });
    expect(() => read({ HN_SEARCH_URL: 'ftp://x' })).toThrow(/HN_SEARCH_URL must be an http\(s\) URL/);
    expect(() => read({ CITATION_SAMPLES: '9' })).toThrow(/CITATION_SAMPLES must be an integer from 1 to 5/);
  });
});
