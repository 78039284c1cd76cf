import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { createDb } from '../packages/server/src/db/client';
import { setPlan } from '../packages/server/src/services/profile';
import { startTestSite, type TestSite } from '../packages/server/test/fixtures/audit-site';
import { startAppServer, type AppServer } from './support/app-server';
import { launchBrowser, screenshot, watchConsole } from './support/browser';

// A Core user with real audits of a site served on 127.0.0.1 generates a PDF report in the
// Reports section and downloads it; a Free user sees the upgrade prompt. The plan is set in the
// database between two starts of the server (the embedded database belongs to one process).

const PASSWORD = 'correct-horse-battery-staple';
const dataDir = mkdtempSync(join(tmpdir(), 'citable-e2e-reports-'));
const env = { DATA_DIR: dataDir, FETCH_ALLOW_HOSTS: '127.0.0.1' };

let server: AppServer;
let browser: Browser;
let site: TestSite;

async function apiCall(path: string, body: unknown, cookie?: string): Promise<Response> {
  return fetch(`${server.baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.baseUrl, ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
    redirect: 'manual',
  });
}

async function signIn(email: string): Promise<string> {
  const response = await apiCall('/api/auth/sign-in/email', { email, password: PASSWORD });
  expect(response.status).toBe(200);
  return response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .filter((pair) => !pair.endsWith('='))
    .join('; ');
}

/** Signs up, verifies through the outbox link, completes onboarding; returns the user id. */
async function createUser(email: string): Promise<string> {
  expect((await apiCall('/api/auth/sign-up/email', { name: 'Aiko Tanaka', email, password: PASSWORD })).status).toBe(200);
  const link = (await server.outbox())
    .filter((m) => m.to === email)
    .flatMap((m) => m.links)
    .find((l) => l.includes('verify-email'));
  await fetch(link!, { redirect: 'manual' });
  const cookie = await signIn(email);
  const onboarding = await apiCall(
    '/api/profile/onboarding',
    { websites: [{ name: 'Lantern Tea', url: site.url }], industry: 'Food & Beverage', competitors: [{ name: 'Kettle & Leaf', url: 'https://kettle.example.com' }], goals: ['increase_citations'] },
    cookie,
  );
  expect(onboarding.status).toBe(200);
  return ((await onboarding.json()) as { user_id: string }).user_id;
}

async function signedInPage(email: string): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 }, acceptDownloads: true });
  const cookie = await signIn(email);
  await context.addCookies(
    cookie.split('; ').map((pair) => {
      const at = pair.indexOf('=');
      return { name: pair.slice(0, at), value: pair.slice(at + 1), url: server.baseUrl };
    }),
  );
  const page = await context.newPage();
  return { context, page, errors: watchConsole(page) };
}

const coreEmail = `reports.core.${Date.now()}@example.com`;
const freeEmail = `reports.free.${Date.now()}@example.com`;

beforeAll(async () => {
  site = await startTestSite();
  server = await startAppServer(env);
  const coreId = await createUser(coreEmail);
  await createUser(freeEmail);
  await server.stop();
  const handle = await createDb({ dataDir });
  await setPlan(handle.db, coreId, 'core');
  await handle.close();
  server = await startAppServer(env);
  // Two real audits of the site, so the report has a history.
  const cookie = await signIn(coreEmail);
  for (const path of ['/about', '/faq']) expect((await apiCall('/api/functions/ai-visibility-audit', { url: `${site.url}${path}` }, cookie)).status).toBe(200);
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await site?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('Advanced Reports', () => {
  test('a Core user generates a PDF report and downloads it', async () => {
    const { page, errors, context } = await signedInPage(coreEmail);
    await page.goto(`${server.baseUrl}/dashboard?section=reports`);
    await page.getByTestId('reports-empty').waitFor();
    await screenshot(page, 'reports-empty');

    await page.getByTestId('reports-generate').click();
    await page.getByTestId('report-templates').waitFor();
    expect(await page.getByTestId('report-template-competitive-intelligence').isDisabled()).toBe(true);
    await screenshot(page, 'reports-templates');
    await page.getByTestId('report-template-executive-summary').click();
    expect(await page.getByTestId('report-generate').isDisabled()).toBe(true);
    await page.getByTestId('report-name').fill('Lantern Tea quarterly review');
    await page.getByTestId('report-format').selectOption('pdf');
    await page.getByTestId('report-roi').check();
    await page.getByTestId('roi-traffic').fill('12000');
    await page.getByTestId('roi-conversion').fill('2.5');
    await page.getByTestId('roi-value').fill('80');
    await screenshot(page, 'reports-form');
    await page.getByTestId('report-generate').click();

    await page.getByTestId('reports-table').waitFor({ timeout: 60_000 });
    const row = page.getByTestId('report-row').filter({ hasText: 'Lantern Tea quarterly review' });
    await expect.poll(() => row.getByTestId('report-download').isEnabled(), { timeout: 30_000 }).toBe(true);
    await screenshot(page, 'reports-list');

    await row.getByTestId('report-download').click();
    await page.getByTestId('report-download-dialog').waitFor();
    await page.getByTestId('download-format-pdf').check();
    await screenshot(page, 'reports-download-dialog');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('report-download-confirm').click()]);
    expect(download.suggestedFilename()).toMatch(/^report_[0-9a-f]{8}\.pdf$/);
    const file = readFileSync((await download.path())!);
    expect(file.subarray(0, 4).toString()).toBe('%PDF');
    expect(errors).toEqual([]);
    await context.close();
  });

  test('a Free user sees the upgrade prompt', async () => {
    const { page, context } = await signedInPage(freeEmail);
    await page.goto(`${server.baseUrl}/dashboard?section=reports`);
    await page.getByTestId('reports-upgrade').getByText('Upgrade to Core Plan').waitFor();
    expect(await page.getByTestId('reports-generate').count()).toBe(0);
    await context.close();
  });
});
