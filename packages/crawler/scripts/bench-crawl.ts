/**
 * Crawls a generated 1,000-page site on 127.0.0.1 and prints pages/s and peak RSS, the numbers
 * the crawler is held to (200 pages/s at concurrency 16, under 300 MB).
 * Run: node --import tsx packages/crawler/scripts/bench-crawl.ts [pages] [concurrency]
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { crawlSite } from '../src/index';

const pageCount = Number(process.argv[2] ?? 1000);
const concurrency = Number(process.argv[3] ?? 16);
const filler = '<p>Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt ut labore.</p>'.repeat(250);

const server = http.createServer((request, response) => {
  const path = request.url ?? '/';
  if (path === '/robots.txt' || path.startsWith('/llms') || path === '/sitemap.xml') {
    response.writeHead(404);
    return response.end();
  }
  const id = path === '/' ? 0 : Number(path.slice(3));
  // Every page links to ten others, so the crawl discovers the site breadth first.
  const links = Array.from({ length: 10 }, (_, i) => (id * 10 + i + 1) % pageCount)
    .map((target) => `<a href="/p/${target}">page ${target}</a>`)
    .join('');
  response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
  response.end(`<!doctype html><html><head><title>Page ${id}</title></head><body><nav>${links}</nav>${filler}</body></html>`);
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const { port } = server.address() as AddressInfo;

let peakRss = 0;
const sampler = setInterval(() => {
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
}, 20);
const started = performance.now();
let pages = 0;
let bytes = 0;
for await (const event of crawlSite(`http://127.0.0.1:${port}/`, { allowHosts: ['127.0.0.1'], probe: false, concurrency, maxPages: pageCount })) {
  if (event.type === 'page') {
    pages += 1;
    bytes += event.page.body.length;
  }
  if (event.type === 'error') console.error(event.url, event.error.message);
}
const seconds = (performance.now() - started) / 1000;
clearInterval(sampler);
peakRss = Math.max(peakRss, process.memoryUsage().rss);
server.close();
console.log(
  `${pages} pages (${(bytes / 1024 / 1024).toFixed(1)} MB) in ${seconds.toFixed(2)} s: ${(pages / seconds).toFixed(0)} pages/s, peak RSS ${(peakRss / 1024 / 1024).toFixed(0)} MB`,
);
