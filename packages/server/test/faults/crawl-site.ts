import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A generated site of `pages` pages on 127.0.0.1 for crawl fault tests: `/` and `/p/1` ..
 * `/p/<pages - 1>`, each linking to its neighbours and a few pages further on (so links and the
 * sitemap both lead everywhere), robots.txt naming sitemap.xml. `delayMs` slows every page but
 * the home page, so a crawl lasts long enough to kill a worker in the middle of it. Counts the
 * requests per path, so a test can tell what was fetched.
 */
export interface CrawlSite {
  url: string;
  /** Every page's URL, as the crawler normalises it. */
  pageUrls: string[];
  requests: Map<string, number>;
  close(): Promise<void>;
}

function pagePath(index: number): string {
  return index === 0 ? '/' : `/p/${index}`;
}

function pageHtml(index: number, pages: number, origin: string): string {
  const targets = [index + 1, index + 2, index * 2 + 1, index * 3 + 7, index - 1, 0].filter((target) => target >= 0 && target < pages && target !== index);
  const links = [...new Set(targets)].map((target) => `<li><a href="${pagePath(target)}">Guide ${target}</a></li>`).join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Guide ${index} | Lantern Tea</title>
<meta name="description" content="Guide ${index} of Lantern Tea: how to brew single-origin green tea from Shizuoka, step by step.">
<link rel="canonical" href="${origin}${pagePath(index)}"></head><body><nav><ul>${links}</ul></nav><main><h1>Brewing guide ${index}</h1>
<p>Lantern Tea sells single-origin green teas from Shizuoka. Guide ${index} explains one step of brewing sencha at 70 °C for one minute.</p>
<h2>Why does water temperature matter?</h2><p>Water hotter than 80 °C extracts more catechins, which makes sencha bitter. About 80% of Japanese tea is sencha.</p></main></body></html>`;
}

export async function startCrawlSite(options: { pages: number; delayMs?: number }): Promise<CrawlSite> {
  const requests = new Map<string, number>();
  let origin = '';
  const server: Server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    requests.set(path, (requests.get(path) ?? 0) + 1);
    if (path === '/robots.txt') {
      response.writeHead(200, { 'content-type': 'text/plain' }).end(`User-agent: *\nAllow: /\nSitemap: ${origin}/sitemap.xml\n`);
      return;
    }
    if (path === '/sitemap.xml') {
      const urls = Array.from({ length: options.pages }, (_, index) => `<url><loc>${origin}${pagePath(index)}</loc></url>`).join('');
      response.writeHead(200, { 'content-type': 'application/xml' }).end(`<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls}</urlset>`);
      return;
    }
    const match = /^\/p\/(\d+)$/.exec(path);
    const index = path === '/' ? 0 : match ? Number(match[1]) : -1;
    if (index < 0 || index >= options.pages) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
      return;
    }
    const send = () => response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(pageHtml(index, options.pages, origin));
    if (options.delayMs && index > 0) setTimeout(send, options.delayMs);
    else send();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: origin,
    pageUrls: Array.from({ length: options.pages }, (_, index) => `${origin}${pagePath(index)}`),
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
