import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { createTestStorage, startTestServer, type TestServer, type TestStorage } from '../helpers';

/**
 * Citable's own public site names the address users reach: /llms.txt, /llms-full.txt,
 * /robots.txt, /sitemap.xml and the pre-rendered pages' canonical and og:url are built from
 * PUBLIC_URL, or, when it is unset, from the address the server actually listens on (here an
 * ephemeral port, known only after listen()). The build writes a placeholder origin
 * (dist/routes.json) that the server replaces as it sends them.
 */

const PLACEHOLDER = 'https://public-url.citable.invalid';
// Big enough to be compressed, like a real page.
const filler = '<p>Citable measures how answer engines read a site.</p>'.repeat(60);
const pageHtml = (route: string, title: string) =>
  `<!doctype html><html><head><title>${title}</title><link rel="canonical" href="${PLACEHOLDER}${route}" /><meta property="og:url" content="${PLACEHOLDER}${route}" />` +
  `<script type="application/ld+json">{"@id":"${PLACEHOLDER}/#organization","url":"${PLACEHOLDER}${route}"}</script></head><body><main><h1>${title}</h1>${filler}</main></body></html>`;
const LLMS = `# Citable\n\n> Citable audits how AI systems read a site.\n\n## Pages\n\n- [Pricing](${PLACEHOLDER}/pricing): plans.\n- [Introduction](${PLACEHOLDER}/docs/introduction): start here.\n`;
const LLMS_FULL = `${LLMS}\n---\n\n# Pricing\n\nSource: ${PLACEHOLDER}/pricing\n\n${'Free, Core, Pro and Agency plans. '.repeat(50)}\n`;
const SITEMAP = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n  <url><loc>${PLACEHOLDER}/</loc></url>\n  <url><loc>${PLACEHOLDER}/pricing</loc></url>\n</urlset>\n`;
const ROBOTS = `User-agent: *\nAllow: /\nDisallow: /api/\n\nSitemap: ${PLACEHOLDER}/sitemap.xml\n`;

let dist: string;

function write(file: string, content: string, { precompress = false } = {}) {
  const target = path.join(dist, file);
  mkdirSync(path.dirname(target), { recursive: true });
  writeFileSync(target, content);
  // A compressed copy naming the placeholder, as a build that kept one would have: never to be sent.
  if (precompress) {
    writeFileSync(`${target}.br`, brotliCompressSync(content));
    writeFileSync(`${target}.gz`, gzipSync(content));
  }
}

/** One request with node:http, which leaves the body as the server encoded it. */
function raw(baseUrl: string, pathname: string, { method = 'GET', headers = {} }: { method?: string; headers?: Record<string, string> } = {}) {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
    const req = request(`${baseUrl}${pathname}`, { method, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
      response.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

beforeAll(() => {
  dist = mkdtempSync(path.join(tmpdir(), 'citable-site-dist-'));
  write('index.html', '<!doctype html><title>shell</title>');
  write('pages/index.html', pageHtml('/', 'landing'), { precompress: true });
  write('pages/pricing.html', pageHtml('/pricing', 'pricing'), { precompress: true });
  write('pages/404.html', '<!doctype html><title>Page not found | Citable</title><div id="root" data-not-found=""><h1>Page not found</h1></div>');
  write('site/llms.txt', LLMS);
  write('site/llms-full.txt', LLMS_FULL, { precompress: true });
  write('site/sitemap.xml', SITEMAP);
  write('site/robots.txt', ROBOTS);
  // Files an older build left at the root, with other content: the server's routes win over them.
  write('llms.txt', '# stale\n');
  write('robots.txt', 'User-agent: *\nDisallow: /\n');
  write('routes.json', JSON.stringify({ routes: ['/', '/pricing', '/dashboard'], notFoundPage: 'pages/404.html', placeholderOrigin: PLACEHOLDER }));
});
afterAll(() => rmSync(dist, { recursive: true, force: true }));

/** What every test below checks of a server whose public address is `origin`. */
async function expectSiteNames(baseUrl: string, origin: string) {
  const llms = await fetch(`${baseUrl}/llms.txt`);
  expect(llms.status).toBe(200);
  expect(llms.headers.get('content-type')).toBe('text/plain; charset=utf-8');
  const llmsText = await llms.text();
  expect(llmsText).toContain(`- [Pricing](${origin}/pricing): plans.`);
  expect(llmsText).toContain(`(${origin}/docs/introduction)`);

  const full = await fetch(`${baseUrl}/llms-full.txt`);
  expect(full.headers.get('content-type')).toBe('text/plain; charset=utf-8');
  expect(await full.text()).toContain(`Source: ${origin}/pricing`);

  const sitemap = await fetch(`${baseUrl}/sitemap.xml`);
  expect(sitemap.headers.get('content-type')).toBe('application/xml; charset=utf-8');
  const locs = [...(await sitemap.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map(([, loc]) => loc);
  expect(locs).toEqual([`${origin}/`, `${origin}/pricing`]);

  const robots = await fetch(`${baseUrl}/robots.txt`);
  expect(robots.headers.get('content-type')).toBe('text/plain; charset=utf-8');
  const robotsText = await robots.text();
  expect(robotsText).toContain('Disallow: /api/');
  expect(robotsText).toContain(`Sitemap: ${origin}/sitemap.xml`);

  for (const route of ['/', '/pricing']) {
    const html = await (await fetch(`${baseUrl}${route}`)).text();
    expect(html, route).toContain(`<link rel="canonical" href="${origin}${route}" />`);
    expect(html, route).toContain(`<meta property="og:url" content="${origin}${route}" />`);
    expect(html, route).toContain(`"@id":"${origin}/#organization"`);
    expect(html, route).not.toContain(PLACEHOLDER);
  }
}

describe('without PUBLIC_URL, on an ephemeral port', () => {
  let storage: TestStorage;
  let app: FastifyInstance;
  let baseUrl: string;

  beforeAll(async () => {
    storage = await createTestStorage();
    const config = loadConfig({
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: storage.dataDir,
      WEB_DIST_DIR: dist,
      JOB_SCHEDULES: 'off',
      ...(storage.databaseUrl ? { DATABASE_URL: storage.databaseUrl } : {}),
    });
    // Before listening, the configuration can only name port 0.
    expect(config).toMatchObject({ publicUrl: 'http://127.0.0.1:0', publicUrlSet: false });
    app = await buildApp(config, { logger: false });
    await app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  }, 180_000);
  afterAll(async () => {
    await app?.close();
    await storage?.remove();
  });

  it('follows the address the server listens on', () => {
    expect(baseUrl).not.toBe('http://127.0.0.1:0');
    expect(app.publicUrl()).toBe(baseUrl);
  });

  it('serves llms.txt, llms-full.txt, the sitemap, robots.txt and the pages with absolute URLs on that address', async () => {
    await expectSiteNames(baseUrl, baseUrl);
  });

  it('compresses the rewritten files per request and never sends the build’s compressed copies', async () => {
    for (const [route, type] of [['/', /text\/html/], ['/llms-full.txt', /text\/plain/]] as const) {
      const brotli = await raw(baseUrl, route, { headers: { 'accept-encoding': 'br' } });
      expect(brotli.status, route).toBe(200);
      expect(brotli.headers['content-encoding'], route).toBe('br');
      expect(brotli.headers['content-type'], route).toMatch(type);
      expect(brotli.headers.vary, route).toMatch(/accept-encoding/i);
      const text = brotliDecompressSync(brotli.body).toString();
      expect(text, route).not.toContain(PLACEHOLDER);
      expect(text, route).toContain(baseUrl);

      const gzip = await raw(baseUrl, route, { headers: { 'accept-encoding': 'gzip' } });
      expect(gzip.headers['content-encoding'], route).toBe('gzip');
      expect(gunzipSync(gzip.body).toString(), route).toBe(text);
    }
  });

  it('answers conditional requests with 304 and HEAD without a body', async () => {
    const first = await raw(baseUrl, '/pricing');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers['cache-control']).toBe('no-cache');
    expect((await raw(baseUrl, '/pricing', { headers: { 'if-none-match': etag } })).status).toBe(304);
    expect((await raw(baseUrl, '/pricing', { headers: { 'if-none-match': '"something-else"' } })).status).toBe(200);
    // Each page has its own validator.
    expect((await raw(baseUrl, '/', { headers: { 'if-none-match': etag } })).status).toBe(200);
    const head = await raw(baseUrl, '/llms.txt', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(head.body.length).toBe(0);
    // A page's HEAD says what its GET sends: the same encoding and validator.
    for (const route of ['/', '/pricing']) {
      const get = await raw(baseUrl, route, { headers: { 'accept-encoding': 'br' } });
      const pageHead = await raw(baseUrl, route, { method: 'HEAD', headers: { 'accept-encoding': 'br' } });
      expect(pageHead.status, route).toBe(200);
      expect(pageHead.headers['content-encoding'], route).toBe('br');
      expect(pageHead.headers.etag, route).toBe(get.headers.etag);
      expect(pageHead.body.length, route).toBe(0);
    }
  });

  it('does not serve the build files that name the placeholder as they are', async () => {
    for (const file of ['/pages/pricing.html', '/pages/index.html.br', '/site/llms.txt', '/site/sitemap.xml']) {
      const response = await raw(baseUrl, file, { headers: { 'accept-encoding': 'br, gzip' } });
      expect(response.status, file).toBe(404);
      expect(response.body.toString(), file).not.toContain(PLACEHOLDER);
    }
    // The not-found page keeps its 404, and the app shell and other client routes are unchanged.
    const missing = await fetch(`${baseUrl}/no-such-page`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('Page not found');
    expect(await (await fetch(`${baseUrl}/dashboard`)).text()).toContain('<title>shell</title>');
  });
});

describe('with PUBLIC_URL', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { WEB_DIST_DIR: dist, PUBLIC_URL: 'https://citable.example.com/' } });
  }, 180_000);
  afterAll(async () => server?.close());

  it('names PUBLIC_URL, whatever address the server listens on', async () => {
    expect(server.app.publicUrl()).toBe('https://citable.example.com');
    await expectSiteNames(server.baseUrl, 'https://citable.example.com');
  });
});

describe('an API-only server (no web build)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  }, 180_000);
  afterAll(async () => server?.close());

  it('answers the site files with 404 and the reason', async () => {
    for (const route of ['/llms.txt', '/llms-full.txt', '/robots.txt', '/sitemap.xml']) {
      const response = await fetch(`${server.baseUrl}${route}`);
      expect(response.status, route).toBe(404);
      expect(await response.text(), route).toMatch(/not built/);
    }
  });
});
