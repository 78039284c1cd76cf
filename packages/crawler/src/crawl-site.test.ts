import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALLOW_LOCAL, html, startServer, type TestServer } from '../test/http-server';
import { crawlSite, type CrawlEvent, type CrawlOptions, type CrawlProgress } from './crawl-site';
import { CrawlDelayTooLongError, RobotsDisallowedError } from './errors';

interface SitePage {
  links: string[];
  canonical?: string;
  depth: number;
}

/**
 * A small site: home -> sections -> articles, plus the traps a crawl must handle: fragment and
 * empty-query duplicates, a rel=canonical duplicate, a redirect to a page already seen, a path
 * robots.txt disallows, a PDF, an external link and pages only the sitemap knows.
 */
function smallSite(): Record<string, SitePage> {
  return {
    '/': { depth: 0, links: ['/a', '/b', '/c', '/a#top', '/b?', '/dup', '/private/secret', 'https://elsewhere.example/', '/file.pdf', '/old'] },
    '/a': { depth: 1, links: ['/a/1', '/a/2', '/'] },
    '/b': { depth: 1, links: ['/b/1', '/a'] },
    '/c': { depth: 1, links: ['/c/1'] },
    '/dup': { depth: 1, links: ['/dup/child'], canonical: '/a' },
    '/a/1': { depth: 2, links: [] },
    '/a/2': { depth: 2, links: ['/a/2/deep'] },
    '/b/1': { depth: 2, links: [] },
    '/c/1': { depth: 2, links: [] },
    '/dup/child': { depth: 2, links: [] },
    '/a/2/deep': { depth: 3, links: [] },
    '/only-in-sitemap': { depth: 1, links: [] },
  };
}

async function collect<A = undefined>(url: string, options: CrawlOptions<A>): Promise<CrawlEvent<A>[]> {
  const events: CrawlEvent<A>[] = [];
  for await (const event of crawlSite(url, options)) events.push(event);
  return events;
}

const pagesOf = <A>(events: CrawlEvent<A>[]) => events.filter((event) => event.type === 'page');

describe('crawlSite', () => {
  let server: TestServer;
  let site: Record<string, SitePage>;
  let robotsTxt = '';
  let delayMs = 0;

  beforeAll(async () => {
    site = smallSite();
    server = await startServer(async (request, response) => {
      const path = request.url ?? '/';
      if (path === '/robots.txt') return html(response, robotsTxt, 200, { 'content-type': 'text/plain' });
      if (path === '/sitemap.xml') {
        const locs = ['/', '/only-in-sitemap', '/a'].map((loc) => `<url><loc>${server.origin}${loc}</loc></url>`).join('');
        return html(response, `<urlset>${locs}</urlset>`, 200, { 'content-type': 'application/xml' });
      }
      if (path === '/old') {
        response.writeHead(301, { location: '/b' });
        return response.end();
      }
      if (path === '/file.pdf') {
        response.writeHead(200, { 'content-type': 'application/pdf' });
        return response.end('%PDF');
      }
      if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
      const page = site[path];
      if (!page) return html(response, 'not found', 404);
      const canonical = page.canonical ? `<link rel="canonical" href="${page.canonical}">` : '';
      const links = page.links.map((link) => `<a href="${link}">${link}</a>`).join('');
      html(response, `<html><head><title>${path}</title>${canonical}</head><body>${links}</body></html>`);
    });
  });
  afterAll(() => server.close());

  const base: CrawlOptions = { allowHosts: ALLOW_LOCAL, probe: false };
  const pageRequests = () => server.requests.map((request) => request.path).filter((path) => path in site || path === '/old' || path === '/file.pdf');

  it('yields each page once, breadth first, and skips what it must', async () => {
    robotsTxt = 'User-agent: *\nDisallow: /private';
    server.requests.length = 0;
    const progress: CrawlProgress[] = [];
    const events = await collect(`${server.origin}/`, { ...base, concurrency: 1, onProgress: (entry) => progress.push(entry) });

    expect(events[0].type).toBe('site');
    const pages = pagesOf(events);
    const paths = pages.map((event) => new URL(event.page.url ?? '').pathname);
    expect(new Set(paths).size).toBe(paths.length);
    expect(paths.sort()).toEqual(['/', '/a', '/a/1', '/a/2', '/a/2/deep', '/b', '/b/1', '/c', '/c/1', '/dup/child', '/only-in-sitemap']);

    // Breadth first: depths never go down, in request order and in yield order.
    const requestedDepths = pageRequests().filter((path) => path in site).map((path) => site[path].depth);
    expect(requestedDepths).toEqual([...requestedDepths].sort((x, y) => x - y));
    const yieldedDepths = pages.map((event) => event.depth);
    expect(yieldedDepths).toEqual([...yieldedDepths].sort((x, y) => x - y));
    expect(pages.find((event) => event.page.url === `${server.origin}/a/2/deep`)?.depth).toBe(3);

    // Each URL requested at most once; never the disallowed or external ones.
    const requested = pageRequests();
    expect(new Set(requested).size).toBe(requested.length);
    expect(server.requests.some((request) => request.path.startsWith('/private'))).toBe(false);

    const skipped = events.filter((event) => event.type === 'skipped');
    expect(skipped).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ url: `${server.origin}/private/secret`, reason: 'robots' }),
        expect.objectContaining({ url: `${server.origin}/dup`, reason: 'duplicate' }),
        expect.objectContaining({ url: `${server.origin}/old`, reason: 'duplicate' }),
        expect.objectContaining({ url: `${server.origin}/file.pdf`, reason: 'not-html' }),
      ]),
    );
    expect(events.filter((event) => event.type === 'error')).toEqual([]);

    const last = progress.at(-1);
    expect(last).toMatchObject({ done: pages.length, queued: 0, inFlight: 0, failed: 0, skipped: skipped.length });
  });

  it('shares one site context, fetched once', async () => {
    robotsTxt = 'User-agent: *\nDisallow: /private';
    server.requests.length = 0;
    const events = await collect(`${server.origin}/`, base);
    const siteEvent = events[0];
    expect(siteEvent.type === 'site' && siteEvent.site.sitemap?.pageUrls).toEqual([`${server.origin}/`, `${server.origin}/only-in-sitemap`, `${server.origin}/a`]);
    expect(server.requests.filter((request) => request.path === '/robots.txt')).toHaveLength(1);
    expect(server.requests.filter((request) => request.path === '/sitemap.xml')).toHaveLength(1);
    expect(server.requests.filter((request) => request.path === '/llms.txt')).toHaveLength(1);
  });

  it('stops at the page limit', async () => {
    robotsTxt = '';
    server.requests.length = 0;
    const events = await collect(`${server.origin}/`, { ...base, maxPages: 4, concurrency: 3 });
    expect(pagesOf(events)).toHaveLength(4);
    expect(pageRequests().length).toBeLessThanOrEqual(8);
  });

  it('refuses to start where robots.txt disallows CitableBot', async () => {
    robotsTxt = 'User-agent: CitableBot\nDisallow: /';
    await expect(collect(`${server.origin}/`, base)).rejects.toBeInstanceOf(RobotsDisallowedError);
  });

  it('honours Crawl-delay between requests, and refuses an excessive one', async () => {
    robotsTxt = 'User-agent: CitableBot\nCrawl-delay: 0.1\nDisallow: /a/\nDisallow: /b\nDisallow: /c\nDisallow: /only';
    server.requests.length = 0;
    const started = Date.now();
    const events = await collect(`${server.origin}/`, { ...base, concurrency: 4, useSitemap: false });
    const pages = pagesOf(events);
    expect(pages.length).toBeGreaterThanOrEqual(3);
    // The start page plus every later page waits 100 ms after the previous start.
    expect(Date.now() - started).toBeGreaterThanOrEqual((pageRequests().length - 1) * 100 - 20);

    robotsTxt = 'User-agent: *\nCrawl-delay: 60';
    await expect(collect(`${server.origin}/`, base)).rejects.toBeInstanceOf(CrawlDelayTooLongError);
  });

  it('stops with AbortedError when the caller cancels', async () => {
    robotsTxt = '';
    const controller = new AbortController();
    const crawl = async () => {
      for await (const event of crawlSite(`${server.origin}/`, { ...base, signal: controller.signal })) {
        if (event.type === 'page') controller.abort();
      }
    };
    await expect(crawl()).rejects.toMatchObject({ code: 'ABORTED' });
  });

  it('stops cleanly when the consumer stops early', async () => {
    robotsTxt = '';
    const seen: string[] = [];
    for await (const event of crawlSite(`${server.origin}/`, base)) {
      if (event.type !== 'page') continue;
      seen.push(event.page.url ?? '');
      if (seen.length === 2) break;
    }
    expect(seen).toHaveLength(2);
  });
});

describe('crawlSite concurrency', () => {
  let server: TestServer;
  const fanOut = 40;

  beforeAll(async () => {
    server = await startServer(async (request, response) => {
      const path = request.url ?? '/';
      if (path === '/robots.txt' || path === '/sitemap.xml' || path.startsWith('/llms')) return html(response, 'not found', 404);
      await new Promise((resolve) => setTimeout(resolve, 15));
      if (path === '/') {
        const links = Array.from({ length: fanOut }, (_, i) => `<a href="/p/${i}">${i}</a>`).join('');
        return html(response, `<html><body>${links}</body></html>`);
      }
      html(response, `<html><body><a href="/">home</a><p>${path}</p></body></html>`);
    });
  });
  afterAll(() => server.close());

  it.each([4, 16])('keeps at most %i requests in flight, and uses them', async (concurrency) => {
    server.requests.length = 0;
    server.maxInFlight = 0;
    const events = await collect(`${server.origin}/`, { allowHosts: ALLOW_LOCAL, probe: false, concurrency, maxPages: 100 });
    expect(pagesOf(events)).toHaveLength(fanOut + 1);
    expect(server.maxInFlight).toBeLessThanOrEqual(concurrency);
    expect(server.maxInFlight).toBeGreaterThanOrEqual(Math.min(concurrency, 4));
  });

  const pageRequests = () => server.requests.filter((request) => request.path === '/' || request.path.startsWith('/p/')).length;

  it('fetches no further ahead of a slow caller than its concurrency: pages never pile up in memory', async () => {
    server.requests.length = 0;
    const concurrency = 4;
    let taken = 0;
    let mostAhead = 0;
    for await (const event of crawlSite(`${server.origin}/`, { allowHosts: ALLOW_LOCAL, probe: false, concurrency, maxPages: 100 })) {
      if (event.type !== 'page') continue;
      taken += 1;
      // Every page requested is taken, waiting to be taken, or in flight: at most `concurrency` of the last two.
      mostAhead = Math.max(mostAhead, pageRequests() - taken);
      // The caller is slower than the site: three requests finish while it works on one page.
      await new Promise((resolve) => setTimeout(resolve, 40));
    }
    expect(taken).toBe(fanOut + 1);
    expect(mostAhead).toBeLessThanOrEqual(concurrency);
    expect(mostAhead).toBeGreaterThanOrEqual(2);
  });

  it('keeps a page\'s request slot while its analysis runs, and yields each page with its analysis', async () => {
    server.requests.length = 0;
    const concurrency = 3;
    let analysed = 0;
    let mostAhead = 0;
    const sites: string[] = [];
    const events = await collect(`${server.origin}/`, {
      allowHosts: ALLOW_LOCAL,
      probe: false,
      concurrency,
      maxPages: 100,
      analysePage: async (page, site) => {
        sites.push(site.origin);
        mostAhead = Math.max(mostAhead, pageRequests() - analysed);
        // An analysis slower than the site (an audit on a worker thread).
        await new Promise((resolve) => setTimeout(resolve, 30));
        analysed += 1;
        return { path: new URL(page.url ?? '').pathname };
      },
    });
    const pages = pagesOf(events);
    expect(pages).toHaveLength(fanOut + 1);
    for (const event of pages) expect(event.analysis).toEqual({ path: new URL(event.page.url ?? '').pathname });
    expect(new Set(sites)).toEqual(new Set([server.origin]));
    expect(mostAhead).toBeLessThanOrEqual(concurrency);
  });

  it('ends with the error of an analysis that fails', async () => {
    const failing = collect(`${server.origin}/`, {
      allowHosts: ALLOW_LOCAL,
      probe: false,
      analysePage: (page) => {
        if (page.url?.endsWith('/p/3')) throw new Error('the audit worker stopped');
        return null;
      },
    });
    await expect(failing).rejects.toThrow('the audit worker stopped');
  });
});

describe('crawlSite rate limiting', () => {
  let server: TestServer;
  let limited: Set<string>;

  beforeAll(async () => {
    server = await startServer((request, response) => {
      const path = request.url ?? '/';
      if (path === '/robots.txt' || path === '/sitemap.xml' || path.startsWith('/llms')) return html(response, 'not found', 404);
      if (limited.has(path)) {
        response.writeHead(429, { 'retry-after': '0' });
        return response.end();
      }
      if (path === '/') return html(response, ['/r1', '/r2', '/r3', '/ok'].map((link) => `<a href="${link}">x</a>`).join(''));
      html(response, '<p>fine</p>');
    });
  });
  afterAll(() => server.close());

  const options: CrawlOptions = { allowHosts: ALLOW_LOCAL, probe: false, concurrency: 1 };

  it('reports a rate-limited page and carries on', async () => {
    limited = new Set(['/r1']);
    const events = await collect(`${server.origin}/`, options);
    expect(events.filter((event) => event.type === 'error')).toEqual([
      expect.objectContaining({ url: `${server.origin}/r1`, error: expect.objectContaining({ code: 'RATE_LIMITED' }) }),
    ]);
    expect(pagesOf(events)).toHaveLength(4);
  });

  it('stops when the site keeps refusing', async () => {
    limited = new Set(['/r1', '/r2', '/r3']);
    await expect(collect(`${server.origin}/`, options)).rejects.toMatchObject({ code: 'RATE_LIMITED' });
  });
});

describe('crawlSite and error pages', () => {
  let server: TestServer;
  beforeAll(async () => {
    const good = new Set(['/', '/a', '/b', '/c']);
    server = await startServer((request, response) => {
      const path = request.url ?? '/';
      if (path === '/robots.txt') return html(response, 'User-agent: *\nAllow: /', 200, { 'content-type': 'text/plain' });
      if (path === '/broken') return html(response, '<html><head><title>Oops</title></head><body>Server error</body></html>', 500);
      if (path === '/gone.txt') return html(response, 'gone', 404, { 'content-type': 'text/plain' });
      if (path === '/soft-home') return html(response, ['/soft-1', '/missing', '/soft-2', '/a', '/b', '/c'].map((link) => `<a href="${link}">${link}</a>`).join(''));
      if (path.startsWith('/soft-')) return html(response, '<html><head><title>Page not found</title></head><body><a href="/">Home</a></body></html>');
      if (!good.has(path)) return html(response, '<html><head><title>Not found</title></head><body><a href="/c">Shop</a></body></html>', 404);
      const links = path === '/' ? ['/missing', '/broken', '/gone.txt', '/a', '/b', '/c'] : [];
      html(response, `<html><head><title>${path}</title></head><body>${links.map((link) => `<a href="${link}">${link}</a>`).join('')}</body></html>`);
    });
  });
  afterAll(() => server.close());

  it('counts no page its analysis calls an error page (a soft 404) against the page limit, and yields it to be listed', async () => {
    const progress: CrawlProgress[] = [];
    const events = await collect(`${server.origin}/soft-home`, {
      allowHosts: ALLOW_LOCAL,
      probe: false,
      useSitemap: false,
      concurrency: 1,
      maxPages: 3,
      onProgress: (entry) => progress.push(entry),
      // The engine's errorPageReason in real use; here the title tells.
      analysePage: (page) => ({ notFound: /<title>Page not found<\/title>/.test(page.body) }),
      isErrorPage: (analysis) => analysis.notFound,
    });
    const pages = pagesOf(events).map((event) => [new URL(event.page.url ?? '').pathname, event.page.status, event.analysis.notFound]);
    // Three pages that are content; the two soft 404s and the 404 met on the way are yielded beside them.
    expect(pages).toEqual([
      ['/soft-home', 200, false],
      ['/soft-1', 200, true],
      ['/missing', 404, false],
      ['/soft-2', 200, true],
      ['/a', 200, false],
      ['/b', 200, false],
    ]);
    expect(progress.at(-1)?.done).toBe(3);
  });

  it('yields error answers for the caller to list, without counting them against the page limit', async () => {
    const progress: CrawlProgress[] = [];
    const events = await collect(`${server.origin}/`, { allowHosts: ALLOW_LOCAL, probe: false, useSitemap: false, concurrency: 1, maxPages: 3, onProgress: (entry) => progress.push(entry) });
    const pages = pagesOf(events).map((event) => [new URL(event.page.url ?? '').pathname, event.page.status]);
    // Three pages that are content, and the two HTML error answers met on the way.
    expect(pages).toEqual([
      ['/', 200],
      ['/missing', 404],
      ['/broken', 500],
      ['/a', 200],
      ['/b', 200],
    ]);
    expect(progress.at(-1)?.done).toBe(3);
    // A 404 that is not HTML is skipped as not-html, with its status so the caller can tell an error.
    expect(events.find((event) => event.type === 'skipped' && event.url === `${server.origin}/gone.txt`)).toMatchObject({ reason: 'not-html', status: 404 });
  });
});
