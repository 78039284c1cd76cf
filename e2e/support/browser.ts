import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect } from 'vitest';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';

/** Waits on the server and the page: the machine may be shared and busy, so they are generous, never timed. */
export const SLOW = { timeout: 30_000 };

export const screenshotDir = resolve(import.meta.dirname, '../screenshots');

/** Debian's Chromium with the flags this machine's closed network needs. */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

/** Collects console errors and failed requests so a test can assert a page ran cleanly. */
export function watchConsole(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(screenshotDir, { recursive: true });
  await page.screenshot({ path: resolve(screenshotDir, `${name}.png`), fullPage: true });
}

export interface OpenedPage {
  context: BrowserContext;
  page: Page;
  /** Console errors and failed requests of the page (watchConsole). */
  errors: string[];
}

export interface PageOptions extends BrowserContextOptions {
  /** A session cookie (as signIn returns it) for the server at `baseUrl`: the page is signed in. */
  cookie?: string;
  baseUrl?: string;
}

/** A new context (1366 × 900 unless told) and page, watched for console errors. */
export async function openPage(browser: Browser, { cookie, baseUrl, ...options }: PageOptions = {}): Promise<OpenedPage> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 }, ...options });
  if (cookie) {
    await context.addCookies(
      cookie.split('; ').map((pair) => {
        const at = pair.indexOf('=');
        return { name: pair.slice(0, at), value: pair.slice(at + 1), url: baseUrl };
      }),
    );
  }
  const page = await context.newPage();
  return { context, page, errors: watchConsole(page) };
}

/** Toasts sit at the top right over the header's buttons; waits until they have run out. */
export async function toastsGone(page: Page): Promise<void> {
  await expect.poll(() => page.locator('[data-testid^="toast-"]').count(), SLOW).toBe(0);
}

/**
 * Waits until React has taken over the page (createRoot or hydrateRoot called on #root). A
 * pre-rendered page is clickable before that, while its chunks load, but a click then finds no
 * handler and is lost; from then on React handles, or replays, every click.
 */
export async function appStarted(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const root = document.getElementById('root');
    return root !== null && Object.keys(root).some((key) => key.startsWith('__reactContainer$'));
  }, undefined, SLOW);
}
