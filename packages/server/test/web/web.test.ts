import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers';

let server: TestServer;
let dist: string;

beforeAll(async () => {
  // A stand-in for packages/web/dist with the files the web build produces.
  dist = mkdtempSync(path.join(tmpdir(), 'citable-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  mkdirSync(path.join(dist, 'pages'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>shell</title>');
  writeFileSync(path.join(dist, 'assets', 'app-3f2a1b.js'), 'console.log(1)');
  writeFileSync(path.join(dist, 'pages', 'index.html'), '<!doctype html><title>landing</title>');
  writeFileSync(path.join(dist, 'pages', 'pricing.html'), '<!doctype html><title>pricing</title>');
  writeFileSync(path.join(dist, 'robots.txt'), 'User-agent: *\nAllow: /\n');
  writeFileSync(path.join(dist, 'llms.txt'), '# Citable\n');
  server = await startTestServer({ env: { WEB_DIST_DIR: dist } });
});
afterAll(async () => {
  await server?.close();
  rmSync(dist, { recursive: true, force: true });
});

const get = (pathname: string) => fetch(`${server.baseUrl}${pathname}`);

describe('web app serving', () => {
  it('serves pre-rendered public pages for their routes, slash-insensitive', async () => {
    for (const [route, title] of [['/', 'landing'], ['/pricing', 'pricing'], ['/pricing/', 'pricing']]) {
      const response = await get(route);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/text\/html/);
      expect(await response.text()).toContain(`<title>${title}</title>`);
    }
  });

  it('serves the app shell with 200 for client routes', async () => {
    for (const route of ['/dashboard', '/dashboard/settings', '/reset-password?token=abc']) {
      const response = await get(route);
      expect(response.status).toBe(200);
      expect(await response.text()).toContain('<title>shell</title>');
    }
  });

  it('caches hashed assets for a year and serves robots.txt and llms.txt', async () => {
    const asset = await get('/assets/app-3f2a1b.js');
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await (await get('/robots.txt')).text()).toContain('User-agent');
    expect(await (await get('/llms.txt')).text()).toContain('# Citable');
    expect((await get('/assets/missing.js')).status).toBe(404);
  });

  it('keeps /api answers JSON', async () => {
    const response = await get('/api/missing');
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ error: expect.any(String) });
  });
});
