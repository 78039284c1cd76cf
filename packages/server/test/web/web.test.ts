import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers';

let server: TestServer;
let dist: string;

/** The server's log, one parsed JSON line each (info and up: access lines, warnings, errors). */
const logLines: Record<string, any>[] = [];
const logStream = new Writable({
  write(chunk, _encoding, callback) {
    for (const line of String(chunk).split('\n')) if (line.trim()) logLines.push(JSON.parse(line));
    callback();
  },
});

const NOT_FOUND_HTML = '<!doctype html><title>Page not found | Citable</title><div id="root" data-not-found=""><h1>Page not found</h1></div>';
// Big enough to be worth compressing, like a real page.
const LANDING_HTML = `<!doctype html><title>landing</title><main>${'<p>Citable measures how answer engines read a site.</p>'.repeat(80)}</main>`;
const ASSET = `console.log(${JSON.stringify('x'.repeat(4000))});`;

function write(file: string, content: string, { precompress = false } = {}) {
  const target = path.join(dist, file);
  mkdirSync(path.dirname(target), { recursive: true });
  writeFileSync(target, content);
  // As the web build does (packages/web/scripts/precompress.ts).
  if (precompress) {
    writeFileSync(`${target}.br`, brotliCompressSync(content));
    writeFileSync(`${target}.gz`, gzipSync(content));
  }
}

beforeAll(async () => {
  // A stand-in for packages/web/dist with the files the web build produces.
  dist = mkdtempSync(path.join(tmpdir(), 'citable-dist-'));
  write('index.html', '<!doctype html><title>shell</title>');
  write('assets/app-3f2a1b.js', ASSET, { precompress: true });
  write('pages/index.html', LANDING_HTML, { precompress: true });
  write('pages/pricing.html', '<!doctype html><title>pricing</title>');
  write('pages/docs/introduction.html', '<!doctype html><title>introduction</title>');
  write('pages/404.html', NOT_FOUND_HTML);
  // The site files the server sends at /robots.txt and /llms.txt (public-site.test.ts covers their URLs).
  write('site/robots.txt', 'User-agent: *\nAllow: /\n');
  write('site/llms.txt', '# Citable\n');
  // The web router's routes as the build lists them: literal paths, a pre-rendered-only
  // parameterised route expanded, a parameter and a catch-all of the app.
  write('routes.json', JSON.stringify({ routes: ['/', '/pricing', '/docs/introduction', '/dashboard', '/reset-password', '/audits/:id', '/app/*'], notFoundPage: 'pages/404.html' }), { precompress: true });
  // Vite's asset map, which the build writes and only the build reads.
  write('.vite/manifest.json', JSON.stringify({ 'index.html': { file: 'assets/app-3f2a1b.js', isEntry: true } }), { precompress: true });
  server = await startTestServer({ env: { WEB_DIST_DIR: dist }, logger: { level: 'info', stream: logStream } });
});
afterAll(async () => {
  await server?.close();
  rmSync(dist, { recursive: true, force: true });
});

const get = (pathname: string, init?: RequestInit) => fetch(`${server.baseUrl}${pathname}`, init);

/** One request with node:http, which leaves the body as the server encoded it. */
function raw(pathname: string, { method = 'GET', headers = {} }: { method?: string; headers?: Record<string, string> } = {}) {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
    const req = request(`${server.baseUrl}${pathname}`, { method, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
      response.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

describe('web app serving', () => {
  it('serves pre-rendered public pages for their routes, slash-insensitive', async () => {
    for (const [route, title] of [['/', 'landing'], ['/pricing', 'pricing'], ['/pricing/', 'pricing'], ['/docs/introduction', 'introduction']]) {
      const response = await get(route);
      expect(response.status, route).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/text\/html/);
      expect(response.headers.get('cache-control')).toBe('no-cache');
      expect(await response.text()).toContain(`<title>${title}</title>`);
    }
  });

  it('serves the app shell with 200 for the client routes, parameterised and catch-all ones included', async () => {
    for (const route of ['/dashboard', '/dashboard/', '/Dashboard', '/reset-password?token=abc', '/audits/42', '/app', '/app/settings/team']) {
      const response = await get(route);
      expect(response.status, route).toBe(200);
      expect(await response.text()).toContain('<title>shell</title>');
    }
  });

  it('answers a path no client route renders with 404 and the not-found page', async () => {
    for (const route of ['/no-such-page', '/dashboard/settings', '/audits', '/audits/1/2', '/docs/no-such-article', '/404', '/index']) {
      const response = await get(route);
      expect(response.status, route).toBe(404);
      expect(response.headers.get('content-type'), route).toMatch(/text\/html/);
      expect(await response.text(), route).toContain('Page not found');
    }
    const head = await raw('/no-such-page', { method: 'HEAD' });
    expect(head.status).toBe(404);
    expect(head.body.length).toBe(0);
  });

  it('keeps security headers on every page, found or not', async () => {
    for (const route of ['/', '/dashboard', '/no-such-page']) {
      const response = await get(route);
      expect(response.headers.get('content-security-policy'), route).toContain("script-src 'self'");
      expect(response.headers.get('x-content-type-options'), route).toBe('nosniff');
    }
  });

  it('caches hashed assets for a year and serves robots.txt and llms.txt', async () => {
    const asset = await get('/assets/app-3f2a1b.js');
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await asset.text()).toBe(ASSET);
    expect(await (await get('/robots.txt')).text()).toContain('User-agent');
    expect(await (await get('/llms.txt')).text()).toContain('# Citable');
    expect((await get('/assets/missing.js')).status).toBe(404);
  });

  it('logs no error for page loads: each page, shell and not-found page is sent once', async () => {
    // Each request's access line says when it was answered; the next request follows it, so a
    // handler that goes on after answering (and sends again) has logged by the time the last one
    // is answered. The last request is a plain API call, outside the web plugin.
    const requests = ['/', '/pricing', '/docs/introduction', '/dashboard', '/no-such-page', '/', '/api/health'].map((route, index) => ({ route, id: `page-load-${index}` }));
    for (const { route, id } of requests) {
      for (const encoding of ['br, gzip', 'identity']) {
        const requestId = `${id}-${encoding === 'identity' ? 'plain' : 'compressed'}`;
        await (await get(route, { headers: { 'x-request-id': requestId, 'accept-encoding': encoding } })).arrayBuffer();
        await expect.poll(() => logLines.some((line) => line.reqId === requestId && line.msg === 'request completed'), { timeout: 30_000 }).toBe(true);
      }
    }
    const pageLoadLines = logLines.filter((line) => String(line.reqId).startsWith('page-load-'));
    expect(pageLoadLines.filter((line) => line.level >= 40 || line.err).map((line) => line.msg)).toEqual([]);
    expect(pageLoadLines.filter((line) => line.msg === 'request completed').map((line) => line.res.statusCode)).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 404, 404, 200, 200, 200, 200]);
  });

  it("does not serve the build's own files (route table, Vite manifest), compressed or not", async () => {
    for (const route of ['/routes.json', '/routes.json.br', '/routes.json.gz', '/.vite/manifest.json', '/.vite/manifest.json.br', '/.vite/Manifest.json', '/%2Evite/manifest.json', '/Routes.json']) {
      for (const encoding of ['br, gzip', 'identity']) {
        const response = await get(route, { headers: { 'accept-encoding': encoding } });
        expect(response.status, `${route} (${encoding})`).toBe(404);
        const body = await response.text();
        expect(body, route).toContain('Page not found');
        expect(body, route).not.toContain('notFoundPage');
        expect(body, route).not.toContain('isEntry');
      }
    }
  });

  it('keeps /api answers JSON', async () => {
    const response = await get('/api/missing');
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ error: expect.any(String) });
  });
});

describe('compression', () => {
  it('sends the pre-compressed copy the client prefers, Brotli first, and the file itself otherwise', async () => {
    const brotli = await raw('/', { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(brotli.status).toBe(200);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toMatch(/accept-encoding/i);
    expect(brotli.headers['content-type']).toMatch(/text\/html/);
    expect(brotli.headers['cache-control']).toBe('no-cache');
    expect(brotli.headers['content-security-policy']).toContain("default-src 'self'");
    expect(brotli.body.length).toBeLessThan(LANDING_HTML.length / 4);
    expect(brotliDecompressSync(brotli.body).toString()).toBe(LANDING_HTML);

    const gzip = await raw('/', { headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).toString()).toBe(LANDING_HTML);

    const plain = await raw('/', { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(LANDING_HTML);

    const asset = await raw('/assets/app-3f2a1b.js', { headers: { 'accept-encoding': 'br' } });
    expect(asset.headers['content-encoding']).toBe('br');
    expect(asset.headers['content-type']).toMatch(/javascript/);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(asset.body).toString()).toBe(ASSET);
  });

  it('answers HEAD like GET, without a body', async () => {
    const head = await raw('/', { method: 'HEAD', headers: { 'accept-encoding': 'br' } });
    expect(head.status).toBe(200);
    expect(head.headers['content-encoding']).toBe('br');
    expect(head.headers['content-type']).toMatch(/text\/html/);
    expect(head.body.length).toBe(0);
  });

  it('compresses API answers of 1 KiB or more, and leaves small ones alone', async () => {
    const large = await raw('/api/v1/openapi.json', { headers: { 'accept-encoding': 'br, gzip' } });
    expect(large.status).toBe(200);
    expect(large.headers['content-encoding']).toBe('br');
    expect(large.headers.vary).toMatch(/accept-encoding/i);
    expect(JSON.parse(brotliDecompressSync(large.body).toString())).toMatchObject({ openapi: expect.any(String) });

    const gzip = await raw('/api/v1/openapi.json', { headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.body).toString())).toMatchObject({ openapi: expect.any(String) });

    const small = await raw('/api/missing', { headers: { 'accept-encoding': 'br, gzip' } });
    expect(small.status).toBe(404);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(small.body.toString())).toMatchObject({ error: expect.any(String) });
  });
});
