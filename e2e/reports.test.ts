import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser } from 'playwright-core';
import { startTestSite, type TestSite } from '../packages/server/test/fixtures/audit-site';
import { setPlans, signUpAndOnboard, type Account } from './support/accounts';
import { callApi } from './support/api';
import { startAppServer, type AppServer } from './support/app-server';
import { launchBrowser, openPage, screenshot } from './support/browser';

// A Core user with real audits of a site served on 127.0.0.1 generates a PDF report in the
// Reports section and downloads it; a Free user sees the upgrade prompt. The plan is set in the
// database while the server is stopped (the embedded database belongs to one process).

let server: AppServer;
let browser: Browser;
let site: TestSite;
let core: Account;
let free: Account;

function createUser(email: string): Promise<Account> {
  return signUpAndOnboard(server, {
    name: 'Aiko Tanaka',
    email,
    onboarding: { websites: [{ name: 'Lantern Tea', url: site.url }], industry: 'Food & Beverage', competitors: [{ name: 'Kettle & Leaf', url: 'https://kettle.example.com' }], goals: ['increase_citations'] },
  });
}

beforeAll(async () => {
  site = await startTestSite();
  server = await startAppServer({ FETCH_ALLOW_HOSTS: '127.0.0.1' });
  core = await createUser(`reports.core.${Date.now()}@example.com`);
  free = await createUser(`reports.free.${Date.now()}@example.com`);
  await setPlans(server, [[core, 'core']]);
  // Two real audits of the site, so the report has a history.
  for (const path of ['/about', '/faq']) expect((await callApi(server, '/api/functions/ai-visibility-audit', { body: { url: `${site.url}${path}` }, cookie: core.cookie })).status).toBe(200);
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await site?.close();
});

describe('Advanced Reports', () => {
  test('a Core user generates a PDF report and downloads it', async () => {
    const { page, errors, context } = await openPage(browser, { baseUrl: server.baseUrl, cookie: core.cookie, acceptDownloads: true });
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
    const { page, context } = await openPage(browser, { baseUrl: server.baseUrl, cookie: free.cookie, acceptDownloads: true });
    await page.goto(`${server.baseUrl}/dashboard?section=reports`);
    await page.getByTestId('reports-upgrade').getByText('Upgrade to Core Plan').waitFor();
    expect(await page.getByTestId('reports-generate').count()).toBe(0);
    await context.close();
  });
});
