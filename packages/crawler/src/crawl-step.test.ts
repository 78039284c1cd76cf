import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALLOW_LOCAL, html, startServer, type TestServer } from '../test/http-server';
import { CrawlScope, crawlStep, openCrawl } from './crawl-step';
import { CrawlDelayTooLongError, NotHtmlError, RobotsDisallowedError } from './errors';
import { SafeFetcher } from './safe-fetch';

/** The crawl split in steps: opening once, then one URL at a time, with crawlSite's rules. */
describe('openCrawl and crawlStep', () => {
  let server: TestServer;
  let robotsTxt = 'User-agent: *\nDisallow: /private';
  const fetcher = new SafeFetcher({ allowHosts: ALLOW_LOCAL });

  beforeAll(async () => {
    server = await startServer((request, response) => {
      const path = request.url ?? '/';
      if (path === '/robots.txt') return html(response, robotsTxt, 200, { 'content-type': 'text/plain' });
      if (path === '/start') {
        response.writeHead(302, { location: '/' });
        return response.end();
      }
      if (path === '/moved') {
        response.writeHead(301, { location: '/b' });
        return response.end();
      }
      if (path === '/away') {
        response.writeHead(301, { location: 'https://elsewhere.example/' });
        return response.end();
      }
      if (path === '/file.pdf') {
        response.writeHead(200, { 'content-type': 'application/pdf' });
        return response.end('%PDF');
      }
      if (path === '/dup') return html(response, '<html><head><link rel="canonical" href="/a"></head><body><a href="/dup/child">c</a></body></html>');
      if (path === '/quiet') return html(response, '<html><head><meta name="robots" content="nofollow"></head><body><a href="/a">a</a></body></html>');
      return html(response, `<html><head><title>${path}</title></head><body><a href="/a">a</a><a href="/b#x">b</a><a href="https://elsewhere.example/">out</a></body></html>`);
    });
  });
  afterAll(async () => {
    await fetcher.close();
    await server.close();
  });

  it('opens on the start page after redirects, with robots.txt, the site context and the start page classified', async () => {
    const opened = await openCrawl(`${server.origin}/start`, fetcher, { probe: false });
    expect(opened).toMatchObject({ origin: server.origin, robotsTxt, crawlDelayMs: 0, startUrl: `${server.origin}/start` });
    expect(opened.site.origin).toBe(server.origin);
    expect(opened.start).toMatchObject({ type: 'page', url: `${server.origin}/`, discovered: [`${server.origin}/a`, `${server.origin}/b`] });
  });

  it('refuses a start page robots.txt disallows, and a Crawl-delay above the limit', async () => {
    await expect(openCrawl(`${server.origin}/private/x`, fetcher, { probe: false })).rejects.toBeInstanceOf(RobotsDisallowedError);
    robotsTxt = 'User-agent: *\nCrawl-delay: 60';
    try {
      await expect(openCrawl(`${server.origin}/`, fetcher, { probe: false })).rejects.toBeInstanceOf(CrawlDelayTooLongError);
    } finally {
      robotsTxt = 'User-agent: *\nDisallow: /private';
    }
  });

  it('classifies one URL at a time: page, redirect, canonical duplicate, off-site, nofollow, not HTML', async () => {
    const scope = new CrawlScope(server.origin, robotsTxt);
    expect(scope.allows(`${server.origin}/private/x`)).toBe(false);
    expect(scope.allows(`${server.origin}/a`)).toBe(true);
    expect(await crawlStep(`${server.origin}/a`, scope, fetcher)).toMatchObject({ type: 'page', url: `${server.origin}/a`, discovered: [`${server.origin}/a`, `${server.origin}/b`] });
    expect(await crawlStep(`${server.origin}/moved`, scope, fetcher)).toMatchObject({ type: 'skipped', reason: 'redirect', discovered: [`${server.origin}/b`] });
    expect(await crawlStep(`${server.origin}/away`, scope, fetcher)).toMatchObject({ type: 'skipped', reason: 'off-site', discovered: [] });
    expect(await crawlStep(`${server.origin}/dup`, scope, fetcher)).toMatchObject({ type: 'skipped', reason: 'duplicate', discovered: [`${server.origin}/a`, `${server.origin}/dup/child`] });
    expect(await crawlStep(`${server.origin}/quiet`, scope, fetcher)).toMatchObject({ type: 'page', discovered: [] });
    await expect(crawlStep(`${server.origin}/file.pdf`, scope, fetcher)).rejects.toBeInstanceOf(NotHtmlError);
    // A redirect is never followed: its target is left to its own step.
    expect(server.requests.filter((request) => request.path === '/b')).toHaveLength(0);
  });

  it('a scope without robots.txt rules allows everything', () => {
    expect(new CrawlScope('http://127.0.0.1:1', null).allows('http://127.0.0.1:1/private/x')).toBe(true);
  });
});
