import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A local site for fault tests whose pages answer slowly, and which says what it was asked. */
export interface CountingSite {
  url: string;
  /** Requests per path so far. */
  hits: Map<string, number>;
  /** Resolves when the first request for a slow page arrives. */
  slowPageRequested: Promise<void>;
  /** Slow pages requested and not answered yet. */
  inFlight(): number;
  close(): Promise<void>;
}

const NAV = '<nav><a href="/">Home</a> <a href="/about">About</a> <a href="/faq">FAQ</a> <a href="/guide">Guide</a></nav>';
const PAGES: Record<string, string> = {
  '/': '<h1>Lantern Tea</h1><p>Lantern Tea sells single-origin green teas from Shizuoka and ships within two days.</p>',
  '/about': '<h1>About us</h1><p>Founded in 2019 by Aiko Tanaka, Lantern Tea works with six family farms.</p>',
  '/faq': '<h1>FAQ</h1><h2>How should I brew sencha?</h2><p>Use water at 70 °C and steep for one minute.</p>',
  '/guide': '<h1>Brewing guide</h1><h2>Step 1</h2><p>Warm the pot.</p><h2>Step 2</h2><p>Add five grams of leaves per cup.</p>',
};

/**
 * Four linked pages on 127.0.0.1; every page but the home page answers after `delayMs`. The counts
 * show whether work was repeated (a page job cut short and retried fetches its page twice), and
 * `inFlight` whether a request is being served at a given moment (to kill a process mid-request).
 */
export async function countingSite(delayMs: number): Promise<CountingSite> {
  const hits = new Map<string, number>();
  let pending = 0;
  let requested!: () => void;
  const slowPageRequested = new Promise<void>((resolve) => (requested = resolve));
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    hits.set(path, (hits.get(path) ?? 0) + 1);
    if (path === '/robots.txt') return void response.writeHead(200, { 'content-type': 'text/plain' }).end('User-agent: *\nAllow: /\n');
    const body = PAGES[path];
    if (!body) return void response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
    const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${path} | Lantern Tea</title><meta name="description" content="Lantern Tea: single-origin green teas from Shizuoka."></head><body>${NAV}<main>${body}</main></body></html>`;
    const send = () => response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
    if (path === '/') return send();
    requested();
    pending += 1;
    setTimeout(() => {
      pending -= 1;
      send();
    }, delayMs);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    hits,
    slowPageRequested,
    inFlight: () => pending,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
