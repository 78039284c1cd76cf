import { existsSync, readFileSync } from 'node:fs';
import { request } from 'node:http';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startAppServer, type AppServer } from './support/app-server';
import { launchBrowser, openPage, screenshot, SLOW } from './support/browser';

// "A fast public site": the JavaScript the public pages load stays within budget (measured on the
// built dist), responses are compressed, the pages run without tripping the Content-Security-
// Policy, and a path no route answers is a real 404 with the not-found page.

const dist = resolve(import.meta.dirname, '../packages/web/dist');
/** Gzipped JavaScript a public page may load before any interaction. */
const BUDGET_BYTES = 170 * 1024;

interface ManifestChunk {
  file: string;
  imports?: string[];
  isEntry?: boolean;
}

/**
 * The JavaScript a built page loads before any interaction: its module scripts and modulepreload
 * links, and (from the Vite manifest) everything those import statically, recursively.
 */
function pageScripts(page: string): string[] {
  const html = readFileSync(join(dist, page), 'utf8');
  const files = new Set<string>();
  for (const match of html.matchAll(/<script\b[^>]*\btype="module"[^>]*\bsrc="\/([^"]+)"/g)) files.add(match[1]);
  for (const match of html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*\bhref="\/([^"]+)"/g)) files.add(match[1]);
  const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
  const byFile = new Map(Object.values(manifest).map((chunk) => [chunk.file, chunk]));
  const pending = [...files];
  while (pending.length > 0) {
    for (const imported of byFile.get(pending.pop()!)?.imports ?? []) {
      const file = manifest[imported].file;
      if (!files.has(file)) {
        files.add(file);
        pending.push(file);
      }
    }
  }
  return [...files];
}

const gzipped = (file: string) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

describe('bundle budget', () => {
  test('the built app is there to measure', () => {
    expect(existsSync(join(dist, 'pages/index.html')), 'run `npm run build` first').toBe(true);
    expect(existsSync(join(dist, '.vite/manifest.json')), 'the web build writes .vite/manifest.json').toBe(true);
  });

  for (const [route, page] of [
    ['/', 'pages/index.html'],
    ['/pricing', 'pages/pricing.html'],
    ['/documentation', 'pages/documentation.html'],
  ]) {
    test(`${route} loads at most ${kib(BUDGET_BYTES)} of JavaScript, gzipped`, () => {
      const files = pageScripts(page);
      const raw = files.reduce((sum, file) => sum + readFileSync(join(dist, file)).length, 0);
      const total = files.reduce((sum, file) => sum + gzipped(file), 0);
      console.log(`JavaScript of ${route}: ${kib(total)} gzip (${kib(raw)} raw) in ${files.length} files; budget ${kib(BUDGET_BYTES)}`);
      expect(files.some((file) => file.endsWith('.js'))).toBe(true);
      expect(total).toBeLessThanOrEqual(BUDGET_BYTES);
    });
  }

  test('the dashboard stays out of the public pages', () => {
    const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
    const dashboard = manifest['src/app/routes/dashboard-route.tsx'];
    expect(dashboard).toBeDefined();
    console.log(`Dashboard chunk: ${kib(gzipped(dashboard.file))} gzip`);
    expect(pageScripts('pages/index.html')).not.toContain(dashboard.file);
  });
});

/** One GET as a browser would send it, with node:http (which leaves the body encoded). */
function fetchRaw(url: string, acceptEncoding: string) {
  return new Promise<{ status: number; encoding: string | undefined; bytes: number }>((resolveResponse, reject) => {
    const req = request(url, { headers: { 'accept-encoding': acceptEncoding } }, (response) => {
      let bytes = 0;
      response.on('data', (chunk: Buffer) => (bytes += chunk.length));
      response.on('end', () => resolveResponse({ status: response.statusCode ?? 0, encoding: response.headers['content-encoding'], bytes }));
      response.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

describe('the served site', () => {
  let server: AppServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startAppServer();
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** Records the CSP violations the page reports (securitypolicyviolation events). */
  async function watchCsp(page: Page): Promise<() => Promise<string[]>> {
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { cspViolations: string[] }).cspViolations = seen;
      document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`));
    });
    return () => page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
  }

  test('/ and its scripts and stylesheet are sent compressed', async () => {
    const html = readFileSync(join(dist, 'pages/index.html'), 'utf8');
    const urls = ['/', ...[...html.matchAll(/\b(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((match) => match[1])];
    let compressed = 0;
    let plain = 0;
    for (const url of urls) {
      const brotli = await fetchRaw(`${server.baseUrl}${url}`, 'gzip, deflate, br, zstd');
      const identity = await fetchRaw(`${server.baseUrl}${url}`, 'identity');
      expect(brotli.status, url).toBe(200);
      expect(brotli.encoding, url).toBe('br');
      expect(identity.encoding, url).toBeUndefined();
      compressed += brotli.bytes;
      plain += identity.bytes;
    }
    console.log(`Transfer of / (HTML, its scripts and stylesheet, ${urls.length} responses): ${kib(compressed)} with Brotli, ${kib(plain)} uncompressed`);
    expect(compressed).toBeLessThan(plain / 3);
  });

  test('the landing page hydrates without errors or CSP violations, zod included', async () => {
    const { context, page, errors } = await openPage(browser);
    const violations = await watchCsp(page);
    const encodings = new Map<string, string | null>();
    page.on('response', (response) => {
      if (response.url().includes('/assets/')) void response.headerValue('content-encoding').then((value) => encodings.set(response.url(), value));
    });
    await page.goto(`${server.baseUrl}/`);
    await page.getByRole('heading', { name: 'AI Visibility Starts Here' }).waitFor();
    // Hydrated: the FAQ answers to a click.
    const question = page.locator('#faq button').first();
    await expect.poll(async () => {
      await question.click();
      return question.getAttribute('aria-expanded');
    }, SLOW).toBe('true');
    // The sign-in dialog builds and runs zod schemas (its chunk loads on first opening).
    await page.getByRole('button', { name: 'Sign In' }).first().click();
    const dialog = page.getByTestId('auth-dialog');
    await dialog.waitFor(SLOW);
    await dialog.getByLabel('Email', { exact: true }).fill('not-an-email');
    await dialog.getByLabel('Password', { exact: true }).fill('x');
    await dialog.getByTestId('auth-submit').click();
    await dialog.getByText(/valid e-?mail/i).first().waitFor(SLOW);
    expect(await violations()).toEqual([]);
    expect(errors).toEqual([]);
    expect([...encodings.values()].every((value) => value === 'br')).toBe(true);
    await context.close();
  });

  test('the signed-out dashboard runs without CSP violations', async () => {
    const { context, page, errors } = await openPage(browser);
    const violations = await watchCsp(page);
    await page.goto(`${server.baseUrl}/dashboard`);
    await page.getByTestId('dashboard-signed-out').waitFor(SLOW);
    await page.getByTestId('auth-dialog').waitFor(SLOW);
    expect(await violations()).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  test('a path no route answers is a 404 with the not-found page, which works', async () => {
    for (const width of [1280, 390]) {
      const { context, page, errors } = await openPage(browser, { viewport: { width, height: 900 } });
      const violations = await watchCsp(page);
      const response = await page.goto(`${server.baseUrl}/no-such-page`);
      expect(response?.status()).toBe(404);
      await page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor();
      expect(await page.title()).toBe('Page not found | Citable');
      await screenshot(page, `not-found-${width}`);
      // Hydrated: the link navigates in place to the landing page.
      await page.getByRole('link', { name: 'Back to home' }).click();
      await page.getByRole('heading', { name: 'AI Visibility Starts Here' }).waitFor(SLOW);
      expect(page.url()).toBe(`${server.baseUrl}/`);
      // The document's own 404 is the one message a browser logs for it.
      expect(errors.filter((message) => !/status of 404/.test(message))).toEqual([]);
      expect(await violations()).toEqual([]);
      await context.close();
    }
  });

  test('an unknown help article is a 404 that shows its own not-found message', async () => {
    const { context, page, errors } = await openPage(browser);
    const response = await page.goto(`${server.baseUrl}/help-center/no-such-article`);
    expect(response?.status()).toBe(404);
    await page.getByRole('heading', { level: 1, name: 'Article not found' }).waitFor(SLOW);
    expect(errors.filter((message) => !/status of 404/.test(message))).toEqual([]);
    await context.close();
  });

  test('the landing page at 1280 and 390 pixels', async () => {
    for (const width of [1280, 390]) {
      const { context, page, errors } = await openPage(browser, { viewport: { width, height: 900 } });
      await page.goto(`${server.baseUrl}/`);
      await page.getByRole('heading', { name: 'AI Visibility Starts Here' }).waitFor();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await screenshot(page, `landing-${width}`);
      expect(errors).toEqual([]);
      await context.close();
    }
  });
});
