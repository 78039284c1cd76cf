import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { createDb } from '../packages/server/src/db/client';
import { setPlan } from '../packages/server/src/services/profile';
import { startChangingSite, type ChangingSite } from '../packages/server/test/track/changing-site';
import { startAppServer, type AppServer } from './support/app-server';
import { launchBrowser, screenshot, watchConsole } from './support/browser';

// A Pro user audits a site on 127.0.0.1 several times through the API while its content changes,
// so the scores move. In the browser they see the trend chart, find the score-drop alert in the
// bell and mark it read, filter the history and download it as CSV.

let dataDir: string;
let site: ChangingSite;
let server: AppServer | undefined;
let browser: Browser;
let page: Page;
let consoleErrors: string[];

const email = `ada.${Date.now()}@example.com`;
const password = 'correct-horse-battery-staple';

async function call(path: string, body?: unknown, cookie?: string): Promise<Response> {
  const base = server!.baseUrl;
  return fetch(`${base}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { origin: base, 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
    redirect: 'manual',
  });
}

async function signIn(): Promise<string> {
  const response = await call('/api/auth/sign-in/email', { email, password });
  expect(response.status).toBe(200);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'citable-e2e-track-'));
  site = await startChangingSite(5);
  server = await startAppServer({ DATA_DIR: dataDir });
  expect((await call('/api/auth/sign-up/email', { name: 'Ada Lovelace', email, password })).status).toBe(200);
  const link = (await server.outbox()).filter((message) => message.to === email).flatMap((message) => message.links).find((l) => l.includes('verify-email'));
  await fetch(link!, { redirect: 'manual' });
  let cookie = await signIn();
  const onboarding = await call(
    '/api/profile/onboarding',
    { websites: [{ name: 'Lantern Tea', url: site.url }], industry: 'Food & Beverage', competitors: [{ name: 'Kettle Co', url: 'https://kettle.example.com' }], goals: ['competitive_edge'] },
    cookie,
  );
  expect(onboarding.status).toBe(200);
  const { user_id: userId } = (await onboarding.json()) as { user_id: string };
  await server.stop();
  const handle = await createDb({ dataDir });
  await setPlan(handle.db, userId, 'pro');
  await handle.close();

  server = await startAppServer({ DATA_DIR: dataDir });
  cookie = await signIn();
  // Four real audits while the content gets thinner: 85, 85, 73, 40.
  for (const level of [5, 5, 3, 1]) {
    site.level = level;
    const audit = await call('/api/functions/ai-visibility-audit', { url: `${site.url}/` }, cookie);
    expect(audit.status).toBe(200);
  }
  browser = await launchBrowser();
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 }, acceptDownloads: true });
  const pairs = cookie.split('; ').map((pair) => pair.split('='));
  await context.addCookies(pairs.map(([name, ...value]) => ({ name, value: value.join('='), url: server!.baseUrl })));
  page = await context.newPage();
  consoleErrors = watchConsole(page);
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await site?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

test('a Pro user follows their scores: trends, an alert, history filters and the CSV export', async () => {
  await page.goto(`${server!.baseUrl}/dashboard?section=history`);
  await page.getByTestId('history-section').waitFor();
  await expect.poll(() => page.getByTestId('history-entry').count(), { timeout: 15_000 }).toBe(4);
  await page.getByTestId('history-insights').waitFor();
  await screenshot(page, 'track-history');

  // Sorting by score, ascending, puts the thin page's 40 first.
  await page.getByTestId('history-sort').selectOption('score');
  await page.getByTestId('history-order').selectOption('asc');
  await expect.poll(async () => Number(await page.getByTestId('history-score').first().textContent()), { timeout: 10_000 }).toBeLessThan(60);
  await page.getByTestId('history-type').selectOption('scheduled');
  await expect.poll(() => page.getByTestId('history-entry').count(), { timeout: 10_000 }).toBe(0);
  await page.getByTestId('history-type').selectOption('page');
  await expect.poll(() => page.getByTestId('history-entry').count(), { timeout: 10_000 }).toBe(4);

  // The CSV download: its name and header row.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-csv').click()]);
  expect(download.suggestedFilename()).toBe(`performance_history_${new Date().toISOString().slice(0, 10)}.csv`);
  const csv = readFileSync((await download.path())!, 'utf8');
  expect(csv.split('\r\n')[0]).toBe('Date,Website,Type,Trigger,Status,Overall Score,AI Understanding,Citation Likelihood,Conversational Readiness,Content Structure,Top Recommendations');
  expect(csv.trim().split('\r\n')).toHaveLength(5);
  await page.getByText('Export Successful').waitFor();

  // The trend chart with its analysis.
  await page.getByTestId('view-trends').click();
  const curve = page.getByTestId('trend-chart').locator('path.recharts-line-curve').first();
  await curve.waitFor({ state: 'attached' });
  expect(await curve.getAttribute('d')).toMatch(/^M/);
  await expect.poll(() => page.getByTestId('trend-analysis').textContent(), { timeout: 10_000 }).toMatch(/lost \d+ points over 4 audits \(-\d+\)/);
  await screenshot(page, 'track-trends');

  // The bell shows the score drop; opening its action marks it read.
  const badge = page.getByTestId('alerts-badge');
  await badge.waitFor();
  const unread = Number(await badge.textContent());
  expect(unread).toBeGreaterThan(0);
  await page.getByTestId('alerts-bell').click();
  const panel = page.getByTestId('alerts-panel');
  await panel.waitFor();
  const drop = panel.getByTestId('alert-item').filter({ hasText: /dropped/ }).first();
  await drop.waitFor();
  await screenshot(page, 'track-alerts');
  expect(await drop.getAttribute('data-read')).toBe('false');
  await drop.getByRole('button', { name: 'View history' }).click();
  await expect.poll(async () => ((await badge.count()) === 0 ? 0 : Number(await badge.textContent())), { timeout: 10_000 }).toBe(unread - 1);
  await page.getByTestId('history-section').waitFor();

  // The overview's insights and the competitive view read the same audits.
  await page.goto(`${server!.baseUrl}/dashboard`);
  await expect.poll(() => page.getByTestId('insight').count(), { timeout: 10_000 }).toBeGreaterThan(0);
  await page.getByTestId('insights-card').scrollIntoViewIfNeeded();
  await screenshot(page, 'track-overview-insights');
  await page.goto(`${server!.baseUrl}/dashboard?section=competitive-viz`);
  await page.getByTestId('competitive-section').getByText('Score Comparison').waitFor();
  await screenshot(page, 'track-competitive');

  expect(consoleErrors).toEqual([]);
}, 120_000);
