import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { parse as parseJunit, type TestSuites } from 'junit2json';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditResultSchema } from '@citable/contract';
import { ARS, articleHtml, tempFiles } from './fixtures';
import { ALLOW_LOCAL, runCitable } from './run-citable';
import { sarifErrors } from './sarif-schema';

/**
 * Many pages in one run: --urls FILE, --sitemap URL (an index of three sitemaps here, one of them
 * missing), several pages on the command line, and "-" for standard input.
 */
let server: Server;
let origin = '';
const PAGES = ['/a', '/b', '/c', '/d', '/e'];

beforeAll(async () => {
  server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    const xml = (body: string) => response.writeHead(200, { 'content-type': 'application/xml' }).end(`<?xml version="1.0" encoding="UTF-8"?>\n${body}`);
    const urlset = (paths: string[]) => xml(`<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${paths.map((p) => `<url><loc>${origin}${p}</loc></url>`).join('')}</urlset>`);
    if (path === '/robots.txt') return response.writeHead(200, { 'content-type': 'text/plain' }).end('User-agent: *\nAllow: /\n');
    if (path === '/sitemap.xml') {
      return xml(`<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${['/sitemap-broken.xml', '/sitemap-1.xml', '/sitemap-2.xml'].map((p) => `<sitemap><loc>${origin}${p}</loc></sitemap>`).join('')}</sitemapindex>`);
    }
    if (path === '/sitemap-1.xml') return urlset(['/a', '/b', '/a']);
    if (path === '/sitemap-2.xml') return urlset(['/c', '/d', '/e']);
    if (path === '/pages.xml') return urlset(['/b', '/missing']);
    if (path === '/not-a-sitemap.xml') return response.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>Hello</title>');
    // /b has no title: document-title fails there and passes elsewhere.
    if (PAGES.includes(path)) return response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(articleHtml(path === '/b' ? '' : `Brewing sencha, part ${path.slice(1)}`));
    response.writeHead(404, { 'content-type': 'text/html' }).end('<!doctype html><title>Not found</title><p>Not found</p>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('citable audit --urls FILE', () => {
  it('audits each listed page in order (comments skipped), prints a JSON array, and reports an error page', async () => {
    const dir = tempFiles({ 'urls.txt': `# pages to audit\n${origin}/a   # the first page\n\n  ${origin}/b\n# ${origin}/c is left out\n${origin}/missing\n${origin}/a\n` });
    const run = await runCitable(['audit', '--urls', join(dir, 'urls.txt'), '--json'], ALLOW_LOCAL);
    expect(run.stderr).toBe(`citable: ${origin}/missing answered 404 Not Found; error pages are not audited.\n`);
    // The highest exit code that applies: a page was an error page.
    expect(run.code).toBe(3);
    const results = JSON.parse(run.stdout);
    expect(results.map((result: { page: { url: string } }) => result.page.url)).toEqual([`${origin}/a`, `${origin}/b`]);
    for (const result of results) {
      expect(auditResultSchema.parse(result)).toEqual(result);
      expect(result.page.httpStatus).toBe(200);
    }
  });

  it('applies the gates to each page, each failure naming its page', async () => {
    const dir = tempFiles({ 'urls.txt': `${origin}/a\n${origin}/b\n` });
    const run = await runCitable(['audit', '--urls', join(dir, 'urls.txt'), '--assert', 'check:document-title=pass', '--fail-under', '0', '--format', 'junit'], ALLOW_LOCAL);
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(`citable: ${origin}/b: check document-title fails --assert check:document-title=pass: Page has no title (The page has no title.)\n`);
    const junit = (await parseJunit(run.stdout)) as TestSuites;
    expect(junit.testsuite!.map((suite) => suite.name)).toEqual([`${origin}/a`, `${origin}/b`]);
    for (const suite of junit.testsuite!) {
      const gates = suite.testcase!.filter((c) => c.classname === 'citable.gates');
      expect(gates.map((c) => c.name)).toEqual(['--fail-under 0', '--assert check:document-title=pass']);
      expect(gates[1].failure !== undefined).toBe(suite.name === `${origin}/b`);
    }

    const missing = await runCitable(['audit', '--urls', join(dir, 'nope.txt')]);
    expect(missing).toMatchObject({ code: 2, stderr: `citable: --urls ${join(dir, 'nope.txt')}: no such file\n` });
    const empty = tempFiles({ 'urls.txt': '# nothing yet\n\n' });
    expect((await runCitable(['audit', '--urls', join(empty, 'urls.txt')])).stderr).toBe(`citable: --urls ${join(empty, 'urls.txt')} lists no URL (one a line; # starts a comment)\n`);
  });
});

describe('citable audit --sitemap URL', () => {
  it('reads a sitemap index through the safe fetcher and audits its pages, up to --max-urls', async () => {
    const run = await runCitable(['audit', '--sitemap', `${origin}/sitemap.xml`, '--max-urls', '4', '--format', 'sarif'], ALLOW_LOCAL);
    expect(run.code).toBe(0);
    expect(run.stderr).toBe(
      [`citable: ${origin}/sitemap-broken.xml answered HTTP 404`, `citable: ${origin}/sitemap.xml lists more than 4 pages: the first 4 are audited (--max-urls)`, ''].join('\n'),
    );
    const sarif = JSON.parse(run.stdout);
    expect(sarifErrors(sarif)).toEqual([]);
    expect(sarif.runs[0].properties.pages.map((page: { uri: string }) => page.uri)).toEqual(['/a', '/b', '/c', '/d'].map((p) => `${origin}${p}`));
    // One result per failing check per page: /b's missing title among them, at /b.
    const titleResults = sarif.runs[0].results.filter((result: { ruleId: string }) => result.ruleId === 'document-title');
    expect(titleResults.map((result: { locations: { physicalLocation: { artifactLocation: { uri: string } } }[] }) => result.locations[0].physicalLocation.artifactLocation.uri)).toEqual([`${origin}/b`]);
  });

  it('is refused when private without FETCH_ALLOW_HOSTS, missing, or not a sitemap', async () => {
    const [blocked, missing, notSitemap] = await Promise.all([
      runCitable(['audit', '--sitemap', `${origin}/sitemap.xml`]),
      runCitable(['audit', '--sitemap', `${origin}/nope.xml`], ALLOW_LOCAL),
      runCitable(['audit', '--sitemap', `${origin}/not-a-sitemap.xml`], ALLOW_LOCAL),
    ]);
    expect(blocked.code).toBe(2);
    expect(blocked.stderr).toContain('127.0.0.1 is a loopback address and cannot be audited');
    expect(missing).toMatchObject({ code: 2, stderr: `citable: --sitemap ${origin}/nope.xml answered HTTP 404\n` });
    expect(notSitemap).toMatchObject({ code: 2, stderr: `citable: --sitemap ${origin}/not-a-sitemap.xml is not a sitemap (no <urlset>, <sitemapindex> or list of URLs)\n` });
  });

  it('goes on past a page that is an error page', async () => {
    const run = await runCitable(['audit', '--sitemap', `${origin}/pages.xml`, '--json'], ALLOW_LOCAL);
    expect(run.code).toBe(3);
    expect(run.stderr).toBe(`citable: ${origin}/missing answered 404 Not Found; error pages are not audited.\n`);
    expect(JSON.parse(run.stdout).map((result: { page: { url: string } }) => result.page.url)).toEqual([`${origin}/b`]);
  });
});

describe('citable audit -', () => {
  it('audits the page piped into standard input, alone or with other pages', async () => {
    const page = articleHtml('Brewing sencha at home');
    const [alone, together, empty] = await Promise.all([
      runCitable(['audit', '-', '--json'], {}, { input: page }),
      runCitable(['audit', ARS, '-', '--json', '--assert', 'check:document-title=pass'], {}, { input: page }),
      runCitable(['audit', '-'], {}, { input: '  \n' }),
    ]);
    expect(alone.stderr).toBe('');
    expect(alone.code).toBe(0);
    const result = JSON.parse(alone.stdout);
    expect(auditResultSchema.parse(result)).toEqual(result);
    expect(result.page).toMatchObject({ url: null, title: 'Brewing sencha at home' });
    expect('httpStatus' in result.page).toBe(false);

    // Two pages: an array, and the gates name each page (standard input as "stdin").
    expect(together.code).toBe(1);
    expect(together.stderr).toMatch(new RegExp(`^citable: ${ARS.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: check document-title fails `));
    expect(JSON.parse(together.stdout)).toHaveLength(2);

    expect(empty).toMatchObject({ code: 2, stdout: '', stderr: 'citable: standard input is empty (pipe a page into citable audit -)\n' });
  });
});
