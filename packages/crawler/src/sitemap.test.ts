import zlib from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ALLOW_LOCAL, startServer, type TestServer } from '../test/http-server';
import { RobotsTxt } from './robots';
import { SafeFetcher } from './safe-fetch';
import { fetchSitemap, parseSitemap } from './sitemap';

describe('parseSitemap', () => {
  it('reads a urlset, tolerating CDATA, entities, media tags and a broken tail', () => {
    const xml = `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:image="x">
      <url><loc> https://example.com/a?x=1&amp;y=2 </loc><image:image><image:loc>https://example.com/i.png</image:loc></image:image></url>
      <url><loc><![CDATA[https://example.com/b]]></loc></url>
      <url><loc>https://example.com/c</loc></url><url><loc>https://example.com/d`;
    expect(parseSitemap(xml)).toEqual({
      kind: 'urlset',
      locs: ['https://example.com/a?x=1&y=2', 'https://example.com/b', 'https://example.com/c'],
    });
  });

  it('recognises an index, a text sitemap and something else', () => {
    expect(parseSitemap('<sitemapindex><sitemap><loc>https://e.com/s1.xml</loc></sitemap></sitemapindex>')).toEqual({
      kind: 'index',
      locs: ['https://e.com/s1.xml'],
    });
    expect(parseSitemap('https://e.com/a\nnot a url\nhttps://e.com/b\n')).toEqual({ kind: 'text', locs: ['https://e.com/a', 'https://e.com/b'] });
    expect(parseSitemap('<!doctype html><html></html>').kind).toBe('unknown');
  });
});

describe('fetchSitemap', () => {
  let server: TestServer;
  let files: Record<string, { body: string | Buffer; type?: string }>;
  const fetchers: SafeFetcher[] = [];
  const fetcher = () => {
    const created = new SafeFetcher({ allowHosts: ALLOW_LOCAL });
    fetchers.push(created);
    return created;
  };
  const urlset = (paths: string[]) =>
    `<urlset>${paths.map((path) => `<url><loc>${server.origin}${path}</loc></url>`).join('')}</urlset>`;

  beforeAll(async () => {
    server = await startServer((request, response) => {
      const file = files[request.url ?? '/'];
      if (!file) {
        response.writeHead(404);
        return response.end('not found');
      }
      response.writeHead(200, { 'content-type': file.type ?? 'application/xml' });
      response.end(file.body);
    });
  });
  afterEach(async () => {
    await Promise.all(fetchers.splice(0).map((created) => created.close()));
  });
  afterAll(() => server.close());

  it('falls back to /sitemap.xml when robots.txt names none', async () => {
    files = { '/sitemap.xml': { body: urlset(['/a', '/b', '/a']) } };
    const info = await fetchSitemap(server.origin, RobotsTxt.parse(''), fetcher());
    expect(info).toEqual({
      urls: [`${server.origin}/sitemap.xml`],
      foundAt: `${server.origin}/sitemap.xml`,
      pageUrls: [`${server.origin}/a`, `${server.origin}/b`],
      errors: [],
    });
  });

  it('reads the sitemaps robots.txt names and follows an index one level deep, gzip included', async () => {
    files = {
      '/index.xml': {
        body: `<sitemapindex><sitemap><loc>${server.origin}/one.xml</loc></sitemap><sitemap><loc>${server.origin}/two.xml.gz</loc></sitemap><sitemap><loc>${server.origin}/nested.xml</loc></sitemap></sitemapindex>`,
      },
      '/one.xml': { body: urlset(['/1']) },
      '/two.xml.gz': { body: zlib.gzipSync(urlset(['/2'])), type: 'application/gzip' },
      '/nested.xml': { body: `<sitemapindex><sitemap><loc>${server.origin}/deeper.xml</loc></sitemap></sitemapindex>` },
      '/deeper.xml': { body: urlset(['/too-deep']) },
    };
    const robots = RobotsTxt.parse(`Sitemap: ${server.origin}/index.xml\nSitemap: /missing.xml`);
    const info = await fetchSitemap(server.origin, robots, fetcher());
    expect(info.foundAt).toBe(`${server.origin}/index.xml`);
    expect(info.pageUrls.sort()).toEqual([`${server.origin}/1`, `${server.origin}/2`]);
    expect(info.urls).toContain(`${server.origin}/missing.xml`);
    expect(info.urls).not.toContain(`${server.origin}/deeper.xml`);
    expect(info.urls).not.toContain(`${server.origin}/sitemap.xml`);
    expect(info.errors).toEqual(
      expect.arrayContaining([expect.stringMatching(/nested sitemap index ignored/), `${server.origin}/missing.xml: HTTP 404`]),
    );
  });

  it('reads /sitemap.xml once when robots.txt names it', async () => {
    files = { '/sitemap.xml': { body: urlset(['/a']) } };
    const info = await fetchSitemap(server.origin, RobotsTxt.parse(`Sitemap: ${server.origin}/sitemap.xml`), fetcher());
    expect(info.urls).toEqual([`${server.origin}/sitemap.xml`]);
    expect(info.pageUrls).toEqual([`${server.origin}/a`]);
  });

  it('does not read /sitemap.xml when robots.txt disallows it', async () => {
    files = { '/sitemap.xml': { body: urlset(['/a']) } };
    server.requests.length = 0;
    const info = await fetchSitemap(server.origin, RobotsTxt.parse('User-agent: *\nDisallow: /sitemap'), fetcher());
    expect(info.pageUrls).toEqual([]);
    expect(info.errors).toEqual([`${server.origin}/sitemap.xml: robots.txt does not allow CitableBot to read it`]);
    expect(server.requests).toHaveLength(0);
  });

  it('caps the number of page URLs', async () => {
    files = { '/sitemap.xml': { body: urlset(Array.from({ length: 30 }, (_, i) => `/p${i}`)) } };
    const info = await fetchSitemap(server.origin, RobotsTxt.parse(''), fetcher(), { maxUrls: 10 });
    expect(info.pageUrls).toHaveLength(10);
    expect(info.errors).toEqual(['More than 10 page URLs: only the first 10 were kept']);
  });

  it('reports a missing sitemap and an HTML page served as one', async () => {
    files = { '/html.xml': { body: '<!doctype html><p>home</p>', type: 'text/html' } };
    const info = await fetchSitemap(server.origin, RobotsTxt.parse('Sitemap: /html.xml'), fetcher());
    expect(info.foundAt).toBeNull();
    expect(info.urls).toEqual([`${server.origin}/html.xml`, `${server.origin}/sitemap.xml`]);
    expect(info.errors).toEqual([`${server.origin}/html.xml: not a sitemap (no <urlset> or <sitemapindex>)`, `${server.origin}/sitemap.xml: HTTP 404`]);
  });
});
