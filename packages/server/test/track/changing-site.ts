import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A site on 127.0.0.1 whose content quality is set by the test: `level` 0 serves a thin page,
 * each level up adds one thing answer engines reward (an answer-first intro, question headings,
 * statistics with a source, an author and dates, JSON-LD, a list and a table), so audits move.
 */
export interface ChangingSite {
  url: string;
  level: number;
  /**
   * Further pages of the same host by path ("/rival", "/blog"), each at its own level: a
   * competitor listed under another path of the user's host, or a second page of the site.
   */
  paths: Record<string, number>;
  /**
   * Slows the site down until the returned release is called: every request but robots.txt waits
   * for the release, or HOLD_MAX_MS at most (under the fetcher's 10 s time-out, so no request
   * fails). An audit of the site stays in flight for as long as a test needs it to.
   */
  hold(): () => void;
  close(): Promise<void>;
}

const FEATURES = [
  '<p>Lantern Tea is a tea shop in Lisbon that sells single-origin green teas from Shizuoka, Japan, shipped within two days across Europe.</p>',
  '<h2>What is sencha?</h2><p>Sencha is a steamed Japanese green tea. It makes up about 80% of the tea grown in Japan, according to the Japan Tea Central Council.</p><h2>How should I brew sencha?</h2><p>Use water at 70 °C and steep for one minute.</p>',
  '<p>In 2025 we shipped 12,400 orders to 27 countries. Source: <a href="https://www.example.org/report">our annual report</a>. "Good tea is patient," says founder Aiko Tanaka.</p>',
  '<h2>Why buy from family farms?</h2><ul><li>Six family farms</li><li>Harvests dated to the week</li><li>Two-day shipping</li></ul><table><tr><th>Tea</th><th>Temperature</th></tr><tr><td>Sencha</td><td>70 °C</td></tr><tr><td>Gyokuro</td><td>55 °C</td></tr></table>',
  '<p class="byline">By Aiko Tanaka, tea buyer. Updated <time datetime="2026-11-01">1 November 2026</time>.</p>',
];

function page(level: number, origin: string, path = '/'): string {
  const jsonLd =
    level >= 5
      ? `<script type="application/ld+json">${JSON.stringify({ '@context': 'https://schema.org', '@type': 'Article', headline: 'Lantern Tea', author: { '@type': 'Person', name: 'Aiko Tanaka' }, datePublished: '2026-10-01', dateModified: '2026-11-01', publisher: { '@type': 'Organization', name: 'Lantern Tea' } })}</script>`
      : '';
  const description = level >= 1 ? '<meta name="description" content="Lantern Tea sells single-origin green teas from Shizuoka, shipped within two days across Europe.">' : '';
  const body = level === 0 ? '<p>Welcome.</p>' : FEATURES.slice(0, level).join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Lantern Tea</title>${description}<link rel="canonical" href="${origin}${path}">${jsonLd}</head><body><main><h1>Lantern Tea</h1>${body}</main></body></html>`;
}

/** The longest one request waits while the site is held. */
export const HOLD_MAX_MS = 8_000;

export async function startChangingSite(level = 3, paths: Record<string, number> = {}): Promise<ChangingSite> {
  const state = { level, paths: { ...paths } };
  let held: Promise<void> | null = null;
  const server: Server = createServer(async (request, response) => {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    if (path === '/robots.txt') {
      response.writeHead(200, { 'content-type': 'text/plain' }).end('User-agent: *\nAllow: /\n');
      return;
    }
    if (held) await Promise.race([held, new Promise((resolve) => setTimeout(resolve, HOLD_MAX_MS))]);
    const trimmed = path.replace(/\/+$/, '');
    const level = path === '/' ? state.level : state.paths[trimmed];
    if (level === undefined) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
      return;
    }
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page(level, `http://${request.headers.host}`, path === '/' ? '/' : trimmed));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    get level() {
      return state.level;
    },
    set level(value: number) {
      state.level = value;
    },
    paths: state.paths,
    hold() {
      let release = () => {};
      held = new Promise<void>((resolve) => (release = resolve));
      const gate = held;
      return () => {
        if (held === gate) held = null;
        release();
      };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
