import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALLOW_LOCAL, runCitable } from './run-citable';

/**
 * Error pages (issue 18): a URL that answers 4xx/5xx, or a soft 404, is not audited. `citable
 * audit` says so in one line and exits 3; `citable crawl` lists them as crawl errors, outside the
 * site score and its page counts.
 */

function page(title: string, body: string, links: string[] = []): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head>
<body><main><h1>${title}</h1>${body}<ul>${links.map((href) => `<li><a href="${href}">${href}</a></li>`).join('')}</ul></main></body></html>`;
}

const prose = '<p>Sencha is a steamed Japanese green tea. Brew it at 70 °C for one minute, then pour the whole cup.</p><h2>Where does it grow?</h2><p>Most sencha comes from Shizuoka, where about 40% of Japan\'s tea is grown.</p>';

const CROWDED_SOFT_404S = Array.from({ length: 4 }, (_, i) => `/crowded/soft-${i}`);

let server: Server;
let origin = '';

beforeAll(async () => {
  server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    const send = (status: number, body: string, type = 'text/html; charset=utf-8') => response.writeHead(status, { 'content-type': type }).end(body);
    if (path === '/robots.txt') return send(200, 'User-agent: *\nAllow: /\n', 'text/plain');
    if (path === '/') return send(200, page('Lantern Tea', prose, ['/guide', '/faq', '/old-page', '/broken', '/moved-away']));
    if (path === '/guide' || path === '/faq') return send(200, page(path === '/guide' ? 'Brewing guide' : 'Questions', prose, ['/']));
    if (path === '/broken') return send(500, page('Internal Server Error', '<p>Something went wrong.</p>'));
    if (path === '/gone') return send(410, page('Gone', '<p>This page was removed.</p>'));
    if (path === '/plain-missing') return send(404, 'Not found', 'text/plain');
    if (path === '/soft') return send(200, page('Page not found', '<p>Sorry, we could not find that page.</p>', ['/']));
    if (path === '/404-guide') return send(200, page('How to fix 404 errors', prose.repeat(3)));
    // A site whose home page links to soft 404s before its real pages.
    if (path === '/crowded/') return send(200, page('Lantern Tea', prose, [...CROWDED_SOFT_404S, '/crowded/guide', '/crowded/faq']));
    if (path.startsWith('/crowded/soft-')) return send(200, page('Page not found', '<p>Sorry, we could not find that page.</p>'));
    if (path === '/crowded/guide' || path === '/crowded/faq') return send(200, page(path.endsWith('guide') ? 'Brewing guide' : 'Questions', prose));
    // The "all errors" site: its home page and every link are missing.
    if (path.startsWith('/dead')) return send(404, page('Not found', '<p>Nothing here.</p>', ['/dead/a', '/dead/b']));
    return send(404, page('Not found', '<p>Nothing here.</p>'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('citable audit <url> of an error page', () => {
  it('exits 3 with one line naming the URL and its status, for 404, 410, 500 and a 404 that is not HTML', async () => {
    const runs = await Promise.all(['/missing', '/gone', '/broken', '/plain-missing'].map((path) => runCitable(['audit', `${origin}${path}`, '--json'], ALLOW_LOCAL)));
    const lines = runs.map((run) => {
      expect(run.code).toBe(3);
      expect(run.stdout).toBe('');
      expect(run.stderr.trimEnd().split('\n')).toHaveLength(1);
      return run.stderr.trimEnd();
    });
    expect(lines).toEqual([
      `citable: ${origin}/missing answered 404 Not Found; error pages are not audited.`,
      `citable: ${origin}/gone answered 410 Gone; error pages are not audited.`,
      `citable: ${origin}/broken answered 500 Internal Server Error; error pages are not audited.`,
      `citable: ${origin}/plain-missing answered 404 Not Found; error pages are not audited.`,
    ]);
  });

  it('exits 3 for a soft 404, and audits a real page about 404 errors', async () => {
    const [soft, real] = await Promise.all([runCitable(['audit', `${origin}/soft`], ALLOW_LOCAL), runCitable(['audit', `${origin}/404-guide`, '--json'], ALLOW_LOCAL)]);
    expect(soft.code).toBe(3);
    expect(soft.stderr.trimEnd()).toBe(`citable: ${origin}/soft answered 200 OK but says "Page not found" (a soft 404); error pages are not audited.`);
    expect(real.code).toBe(0);
    expect(JSON.parse(real.stdout).page.url).toBe(`${origin}/404-guide`);
  });

  it('documents exit code 3 in the help', async () => {
    const help = await runCitable(['help']);
    expect(help.stdout).toContain('3 an error page');
  });
});

describe('citable crawl with error pages', () => {
  it('lists them as crawl errors, outside the site score and its "N of M pages" counts', async () => {
    const run = await runCitable(['crawl', `${origin}/`, '--json', '--concurrency', '2'], ALLOW_LOCAL);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const result = JSON.parse(run.stdout);
    expect(result.site.pages.map((entry: { url: string }) => entry.url).sort()).toEqual([`${origin}/`, `${origin}/faq`, `${origin}/guide`]);
    expect(result.site.pageCount).toBe(3);
    expect(result.site.errorPages).toEqual([
      { url: `${origin}/broken`, status: 500, reason: 'answered 500 Internal Server Error' },
      { url: `${origin}/moved-away`, status: 404, reason: 'answered 404 Not Found' },
      { url: `${origin}/old-page`, status: 404, reason: 'answered 404 Not Found' },
    ]);
    for (const recommendation of result.site.recommendations as string[]) expect(recommendation).toMatch(/\(\d of 3 pages\)$/);

    const text = await runCitable(['crawl', `${origin}/`, '--concurrency', '2'], ALLOW_LOCAL);
    expect(text.stdout).toContain('3 pages audited');
    expect(text.stdout).toContain('3 error pages not scored');
    expect(text.stdout).toContain(`500  ${origin}/broken: answered 500 Internal Server Error`);
  });

  it('counts content pages only against --max-pages: soft 404s take no room', async () => {
    const run = await runCitable(['crawl', `${origin}/crowded/`, '--json', '--max-pages', '3', '--concurrency', '2'], ALLOW_LOCAL);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const result = JSON.parse(run.stdout);
    // The soft 404s come first and used to fill the limit, leaving the real pages unread.
    expect(result.site.pages.map((entry: { url: string }) => entry.url).sort()).toEqual([`${origin}/crowded/`, `${origin}/crowded/faq`, `${origin}/crowded/guide`]);
    expect(result.site.errorPages).toEqual(CROWDED_SOFT_404S.map((path) => ({ url: `${origin}${path}`, status: 200, reason: 'answered 200 OK but says "Page not found" (a soft 404)' })));
  });

  it('exits 3 with one line when every page read is an error page', async () => {
    const run = await runCitable(['crawl', `${origin}/dead/`, '--json'], ALLOW_LOCAL);
    expect(run.code).toBe(3);
    expect(run.stdout).toBe('');
    expect(run.stderr.trimEnd()).toBe(`citable: Every page read from ${origin}/dead/ was an error page (3 answered an HTTP error or said the page was not found); error pages are not audited.`);
  });
});
