import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AI_CRAWLERS } from '@citable/contract';
import { ALLOW_LOCAL, html, startServer, type TestServer } from '../test/http-server';
import { aiCrawlerAccess, DEFAULT_PROBE_TOKENS, probeAiCrawlers } from './ai-crawler-probe';
import { RobotsTxt } from './robots';
import { SafeFetcher } from './safe-fetch';
import { BROWSER_USER_AGENT } from './user-agent';

const article = `<html><head><title>Guide</title><script>var x = ${Date.now()};</script></head><body><main>${'<p>Useful content. </p>'.repeat(100)}</main></body></html>`;

describe('probeAiCrawlers', () => {
  let server: TestServer;
  let fetcher: SafeFetcher;
  beforeAll(async () => {
    server = await startServer((request, response) => {
      const agent = request.headers['user-agent'] ?? '';
      if (agent.includes('GPTBot')) return html(response, '<h1>Forbidden</h1>', 403);
      if (agent.includes('ClaudeBot')) return html(response, '<title>Just a moment...</title><p>Checking your browser</p>');
      if (agent.includes('PerplexityBot')) return html(response, '<p>Nothing here</p>');
      if (agent.includes('ChatGPT-User')) return response.destroy();
      // Same page with a different nonce: must still count as the same content.
      return html(response, article.replace('Guide', agent.includes('Claude-User') ? 'Guide ' : 'Guide'));
    });
    fetcher = new SafeFetcher({ allowHosts: ALLOW_LOCAL });
  });
  afterAll(async () => {
    await fetcher.close();
    await server.close();
  });

  it('compares each crawler with a browser and explains differences', async () => {
    const probes = await probeAiCrawlers(`${server.origin}/guide`, fetcher);
    expect([...probes.keys()]).toEqual([...DEFAULT_PROBE_TOKENS]);
    expect(probes.get('OAI-SearchBot')).toEqual({ status: 200, matchesBrowser: true });
    expect(probes.get('Claude-User')).toEqual({ status: 200, matchesBrowser: true });
    expect(probes.get('GPTBot')).toEqual({ status: 403, matchesBrowser: false, note: 'HTTP 403 for GPTBot, HTTP 200 for a browser' });
    expect(probes.get('ClaudeBot')).toMatchObject({ status: 200, matchesBrowser: false, note: expect.stringMatching(/bot challenge/) });
    expect(probes.get('PerplexityBot')).toMatchObject({ status: 200, matchesBrowser: false, note: expect.stringMatching(/^\d+ characters of text for PerplexityBot, \d+ for a browser$/) });
    expect(probes.get('ChatGPT-User')).toMatchObject({ status: null, matchesBrowser: false, note: expect.stringMatching(/^Request as ChatGPT-User failed/) });

    const agents = server.requests.map((request) => request.headers['user-agent']);
    expect(agents).toContain(BROWSER_USER_AGENT);
    for (const token of DEFAULT_PROBE_TOKENS) {
      expect(agents).toContain(AI_CRAWLERS.find((crawler) => crawler.token === token)?.userAgent);
    }
  });

  it('keeps the number of requests in flight bounded', async () => {
    const slow = await startServer(async (_, response) => {
      await new Promise((resolve) => setTimeout(resolve, 30));
      html(response, article);
    });
    try {
      await probeAiCrawlers(`${slow.origin}/`, fetcher, { concurrency: 3 });
      expect(slow.requests).toHaveLength(DEFAULT_PROBE_TOKENS.length + 1);
      expect(slow.maxInFlight).toBeLessThanOrEqual(3);
    } finally {
      await slow.close();
    }
  });
});

describe('aiCrawlerAccess', () => {
  it('reports robots.txt access for every AI crawler, with its purpose', () => {
    const robots = RobotsTxt.parse('User-agent: GPTBot\nDisallow: /\n\nUser-agent: *\nDisallow: /private');
    const access = aiCrawlerAccess(robots, 'https://example.com/page');
    expect(access).toHaveLength(AI_CRAWLERS.length);
    expect(access.find((entry) => entry.token === 'GPTBot')).toEqual({ token: 'GPTBot', purpose: 'training', robotsAllowed: false });
    expect(access.find((entry) => entry.token === 'OAI-SearchBot')).toEqual({ token: 'OAI-SearchBot', purpose: 'search', robotsAllowed: true });
    expect(aiCrawlerAccess(robots, 'https://example.com/private/x').every((entry) => !entry.robotsAllowed)).toBe(true);
  });
});
