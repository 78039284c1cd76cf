import { describe, expect, it } from 'vitest';
import { runCitable } from './run-citable';

/** `citable admin sources`: the operator's view of the Citation Tracker's sources (issue 21). */
describe('citable admin sources', () => {
  it('lists every source, on with its model or off with how to turn it on, and refuses a bad setting', async () => {
    const keys = { OPENAI_API_KEY: '', ANTHROPIC_API_KEY: '', PERPLEXITY_API_KEY: '', BRAVE_API_KEY: '', LLM_PROVIDER: '', REDDIT_SEARCH_URL: '' };
    const run = await runCitable(['admin', 'sources'], { ...keys, GEMINI_API_KEY: 'g-secret', GEMINI_MODEL: 'gemini-3-pro', HN_SEARCH_URL: 'off' });
    expect(run.code).toBe(0);
    const lines = run.stdout.trim().split('\n');
    expect(lines.map((line) => line.split(/\s{2,}/).slice(0, 2))).toEqual([
      ['ChatGPT', 'off'],
      ['Claude', 'off'],
      ['Gemini', 'on'],
      ['Perplexity', 'off'],
      ['AI answers', 'off'],
      ['Brave Search', 'off'],
      ['Hacker News', 'off'],
      ['Reddit', 'on'],
    ]);
    expect(lines[2]).toMatch(/model gemini-3-pro, at https:\/\/generativelanguage\.googleapis\.com\/v1beta \(the vendor's default\)$/);
    expect(lines[7]).toMatch(/no key needed, at https:\/\/www\.reddit\.com \(the vendor's default\)$/);
    expect(lines[0]).toContain('set OPENAI_API_KEY to ask ChatGPT');
    expect(lines[6]).toContain('unset HN_SEARCH_URL');
    expect(run.stdout).not.toContain('g-secret');

    // Issue 29: the base URL in effect, and whether the operator moved it off the vendor's.
    const moved = await runCitable(['admin', 'sources'], {
      ...keys,
      ANTHROPIC_API_KEY: 'a-secret',
      // As the Anthropic SDK takes it, without /v1: the vendor's default all the same.
      ANTHROPIC_BASE_URL: 'https://api.anthropic.com',
      OPENAI_API_KEY: 'o-secret',
      OPENAI_BASE_URL: 'http://gateway.internal:8080/openai/v1/',
      REDDIT_SEARCH_URL: 'off',
      HN_SEARCH_URL: 'off',
    });
    expect(moved.code).toBe(0);
    const movedLines = moved.stdout.trim().split('\n');
    expect(movedLines[0]).toMatch(/^ChatGPT\s+on\s+model gpt-4\.1-mini, at http:\/\/gateway\.internal:8080\/openai\/v1 \(OPENAI_BASE_URL\)$/);
    expect(movedLines[1]).toMatch(/^Claude\s+on\s+model claude-sonnet-4-5, at https:\/\/api\.anthropic\.com\/v1 \(the vendor's default\)$/);
    expect(moved.stdout).not.toMatch(/a-secret|o-secret/);

    const bad = await runCitable(['admin', 'sources'], { ...keys, OPENAI_API_KEY: 'o', OPENAI_BASE_URL: 'ftp://example' });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('OPENAI_BASE_URL must be an http(s) URL');
    expect((await runCitable(['admin', 'sources', 'extra'], keys)).code).toBe(2);
  });
});
