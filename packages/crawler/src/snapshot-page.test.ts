import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AI_CRAWLERS } from '@citable/contract';
import { ALLOW_LOCAL, html, startServer, type TestServer } from '../test/http-server';
import { BlockedAddressError, NotHtmlError, RobotsDisallowedError } from './errors';
import type { LookupFunction } from './safe-fetch';
import { snapshotPage } from './snapshot-page';

describe('snapshotPage', () => {
  let server: TestServer;
  let robotsStatus = 200;
  let robotsBody: string | null = null;
  beforeAll(async () => {
    server = await startServer((request, response) => {
      const host = request.headers.host ?? '';
      const path = request.url ?? '/';
      if (host.startsWith('old.example')) {
        if (path === '/robots.txt') return html(response, 'User-agent: *\nDisallow: /', 200, { 'content-type': 'text/plain' });
        response.writeHead(301, { location: `http://new.example:${server.port}/moved` });
        return response.end();
      }
      switch (path) {
        case '/robots.txt':
          if (robotsStatus !== 200) return html(response, 'error', robotsStatus);
          if (robotsBody !== null) return html(response, robotsBody, 200, { 'content-type': 'text/plain' });
          return html(response, `User-agent: GPTBot\nDisallow: /\n\nUser-agent: *\nDisallow: /private\nSitemap: http://${host}/sitemap.xml`, 200, {
            'content-type': 'text/plain',
          });
        case '/llms.txt':
          return html(response, '# Example\n\n> A site.', 200, { 'content-type': 'text/markdown' });
        case '/sitemap.xml':
          return html(response, `<urlset><url><loc>http://${host}/</loc></url><url><loc>http://${host}/about</loc></url></urlset>`, 200, {
            'content-type': 'application/xml',
          });
        case '/start':
          response.writeHead(302, { location: '/' });
          return response.end();
        case '/':
        case '/moved':
        case '/private':
          return html(response, `<html><head><title>Home</title></head><body><p>${'Welcome. '.repeat(50)}</p></body></html>`, 200, {
            'x-served-by': 'test',
          });
        case '/file.pdf':
          response.writeHead(200, { 'content-type': 'application/pdf' });
          return response.end('%PDF');
        default:
          return html(response, 'not found', 404);
      }
    });
  });
  afterAll(() => server.close());

  it('produces the page and its site context', async () => {
    const snapshot = await snapshotPage(`${server.origin}/start`, { allowHosts: ALLOW_LOCAL });
    expect(snapshot.page).toMatchObject({
      url: `${server.origin}/`,
      status: 200,
      format: 'html',
      redirects: [`${server.origin}/start`],
      headers: expect.objectContaining({ 'x-served-by': 'test', 'content-type': 'text/html; charset=utf-8' }),
    });
    expect(snapshot.page.body).toContain('<title>Home</title>');
    expect(snapshot.page.fetchMs).toBeGreaterThanOrEqual(0);

    const site = snapshot.site;
    expect(site?.origin).toBe(server.origin);
    expect(site?.robotsTxt).toMatchObject({ url: `${server.origin}/robots.txt`, status: 200 });
    expect(site?.llmsTxt).toEqual({ url: `${server.origin}/llms.txt`, status: 200, body: '# Example\n\n> A site.', contentType: 'text/markdown' });
    expect(site?.llmsFullTxt).toMatchObject({ url: `${server.origin}/llms-full.txt`, status: 404, body: null });
    expect(site?.sitemap).toMatchObject({ foundAt: `${server.origin}/sitemap.xml`, pageUrls: [`${server.origin}/`, `${server.origin}/about`] });
    expect(site?.aiCrawlers).toHaveLength(AI_CRAWLERS.length);
    expect(site?.aiCrawlers.find((entry) => entry.token === 'GPTBot')).toMatchObject({
      robotsAllowed: false,
      uaProbe: { status: 200, matchesBrowser: true },
    });
    expect(site?.aiCrawlers.find((entry) => entry.token === 'OAI-SearchBot')).toMatchObject({ robotsAllowed: true, purpose: 'search' });
    expect(site?.aiCrawlers.find((entry) => entry.token === 'CCBot')?.uaProbe).toBeUndefined();
  });

  it('skips the probes and the sitemap when asked', async () => {
    const before = server.requests.length;
    const snapshot = await snapshotPage(`${server.origin}/`, { allowHosts: ALLOW_LOCAL, probe: false, sitemap: false });
    expect(snapshot.site?.sitemap).toBeNull();
    expect(snapshot.site?.aiCrawlers.every((entry) => entry.uaProbe === undefined)).toBe(true);
    expect(server.requests.length - before).toBe(4);
  });

  it('uses the robots.txt of the origin a redirect ends on', async () => {
    const lookup: LookupFunction = async () => [{ address: '127.0.0.1', family: 4 }];
    const snapshot = await snapshotPage(`http://new.example:${server.port}/`, { allowHosts: ALLOW_LOCAL, lookup, probe: false });
    expect(snapshot.site?.origin).toBe(`http://new.example:${server.port}`);
    // old.example disallows everything, so starting there is refused before any page is read.
    await expect(snapshotPage(`http://old.example:${server.port}/`, { allowHosts: ALLOW_LOCAL, lookup })).rejects.toBeInstanceOf(RobotsDisallowedError);
  });

  it('does not read llms.txt when robots.txt disallows it', async () => {
    robotsBody = 'User-agent: CitableBot\nDisallow: /llms';
    try {
      const snapshot = await snapshotPage(`${server.origin}/`, { allowHosts: ALLOW_LOCAL, probe: false, sitemap: false });
      expect(snapshot.site?.llmsTxt).toEqual({
        url: `${server.origin}/llms.txt`,
        status: null,
        body: null,
        error: 'robots.txt does not allow CitableBot to read it',
      });
    } finally {
      robotsBody = null;
    }
  });

  it('refuses what robots.txt disallows for CitableBot', async () => {
    const error = await snapshotPage(`${server.origin}/private`, { allowHosts: ALLOW_LOCAL }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(RobotsDisallowedError);
    expect((error as Error).message).toBe(`robots.txt does not allow CitableBot to read ${server.origin}/private`);
  });

  it('refuses everything while robots.txt answers 5xx', async () => {
    robotsStatus = 503;
    try {
      const error = await snapshotPage(`${server.origin}/`, { allowHosts: ALLOW_LOCAL }).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(RobotsDisallowedError);
      expect((error as Error).message).toMatch(/robots\.txt could not be read \(HTTP 503\)/);
    } finally {
      robotsStatus = 200;
    }
  });

  it('hands the page to checkPage before reading the site context, which a throw stops', async () => {
    const before = server.requests.length;
    const refusal = new Error('an error page');
    const seen: number[] = [];
    const error = await snapshotPage(`${server.origin}/missing`, {
      allowHosts: ALLOW_LOCAL,
      checkPage: (page) => {
        seen.push(page.status ?? 0);
        if ((page.status ?? 0) >= 400) throw refusal;
      },
    }).catch((caught: unknown) => caught);
    expect(error).toBe(refusal);
    expect(seen).toEqual([404]);
    // robots.txt and the page: no llms.txt, sitemap or probes for a page that is not audited.
    expect(server.requests.slice(before).map((request) => request.path)).toEqual(['/robots.txt', '/missing']);
  });

  it('refuses a non-HTML page and a private address', async () => {
    await expect(snapshotPage(`${server.origin}/file.pdf`, { allowHosts: ALLOW_LOCAL })).rejects.toBeInstanceOf(NotHtmlError);
    const error = await snapshotPage(`${server.origin}/`, { allowHosts: [] }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(BlockedAddressError);
    expect((error as Error).message).toBe('127.0.0.1 is a loopback address and cannot be audited');
  });
});
