import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startTestSite, type TestSite } from '../packages/server/test/fixtures/audit-site';
import { signUpAndOnboard, type Onboarding } from './support/accounts';
import { startAppServer, type AppServer } from './support/app-server';
import { launchBrowser, openPage, screenshot } from './support/browser';

// A Core user whose website is a small site on 127.0.0.1 audits it from the overview, reads the
// score, subscores and recommendations, expands a breakdown and finds the audit in the history.
//
// There is no billing yet, so the plan is set the way an operator would: the user signs up and
// onboards through the API, the server stops, the plan is set in its database with the profile
// service, and the server starts again on that folder (sessions and data survive, as in a restart).

let site: TestSite;
let server: AppServer;
let browser: Browser;
let page: Page;
let consoleErrors: string[];

const onboarding = (goals: string[]): Onboarding => ({
  websites: [{ name: 'Lantern Tea', url: site.url }],
  industry: 'Food & Beverage',
  competitors: [{ name: 'Kettle Co', url: 'https://kettle.example.com' }],
  goals,
});

beforeAll(async () => {
  // Slow pages after the home page, so the site audit's progress is visible for a moment.
  site = await startTestSite({ delayMs: 1500 });
  server = await startAppServer();
  const grace = await signUpAndOnboard(server, { name: 'Grace Hopper', email: `grace.${Date.now()}@example.com`, onboarding: onboarding(['increase_citations', 'competitive_edge']), plan: 'core' });
  browser = await launchBrowser();
  ({ page, errors: consoleErrors } = await openPage(browser, { baseUrl: server.baseUrl, cookie: grace.cookie }));
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await site?.close();
});

test('a Core user audits their website from the overview and finds it in the history', async () => {
  await page.goto(`${server.baseUrl}/dashboard`);
  await page.getByTestId('dashboard-greeting').waitFor();
  await page.getByTestId('first-audit-cta').waitFor();
  await screenshot(page, 'audit-first-cta');

  await expect.poll(() => page.getByRole('combobox', { name: 'Website' }).inputValue()).toBe(site.url);
  await page.getByTestId('audit-panel').getByRole('button', { name: 'Run Audit' }).click();
  const progress = page.getByRole('progressbar', { name: 'Site audit progress' });
  await expect.poll(() => progress.getAttribute('aria-valuenow'), { timeout: 30_000 }).toBe('25');
  expect(await progress.getAttribute('aria-valuetext')).toBe('1 of 4 pages');
  await screenshot(page, 'audit-progress');

  const report = page.getByTestId('audit-report');
  await report.waitFor({ timeout: 60_000 });
  const score = Number(await page.getByTestId('overall-score').textContent());
  expect(score).toBeGreaterThan(0);
  expect(score).toBeLessThanOrEqual(100);
  const subscores = page.getByTestId('subscores');
  for (const label of ['AI Understanding', 'Citation Likelihood', 'Conversational Readiness', 'Content Structure Quality']) {
    await subscores.getByText(label).waitFor();
  }
  await expect.poll(() => page.getByTestId('recommendation').count()).toBeGreaterThan(0);
  expect(await page.getByTestId('recommendation').count()).toBeLessThanOrEqual(3);
  await screenshot(page, 'audit-result');

  // Each subscore's breakdown expands on its own.
  const breakdown = page.getByTestId('score-breakdown');
  const understanding = breakdown.getByRole('button', { name: /AI Understanding/ });
  const citations = breakdown.getByRole('button', { name: /Citation Likelihood/ });
  expect(await understanding.getAttribute('aria-expanded')).toBe('false');
  await understanding.click();
  expect(await understanding.getAttribute('aria-expanded')).toBe('true');
  expect(await citations.getAttribute('aria-expanded')).toBe('false');
  await expect.poll(() => breakdown.getByTestId('breakdown-check').filter({ visible: true }).count()).toBeGreaterThan(0);
  await understanding.scrollIntoViewIfNeeded();
  await screenshot(page, 'audit-breakdown');

  // The history lists the audit with its address and score.
  const recent = page.getByTestId('recent-audit');
  await expect.poll(() => recent.count()).toBe(1);
  const entry = (await recent.first().textContent()) ?? '';
  expect(entry).toContain(site.url);
  expect(entry).toContain(String(score));

  // The goals card measures progress with the new audit.
  await page.getByTestId('goals-card').getByRole('progressbar').first().waitFor();

  const flag = await page.evaluate(() => localStorage.getItem('citable.audit-auto-run'));
  expect(JSON.parse(flag ?? 'null')).toEqual({ url: site.url, scope: 'site' });
  expect(consoleErrors).toEqual([]);
});

test('a free user audits one page and sees the overall score with an upgrade hint', async () => {
  const alan = await signUpAndOnboard(server, { name: 'Alan Turing', email: `alan.${Date.now()}@example.com`, onboarding: onboarding(['competitive_edge']) });
  const { context, page: freePage, errors } = await openPage(browser, { baseUrl: server.baseUrl, cookie: alan.cookie });
  await freePage.goto(`${server.baseUrl}/dashboard`);
  await freePage.getByTestId('first-audit-cta').waitFor();

  await freePage.getByRole('radio', { name: 'Specific page' }).check();
  await freePage.getByLabel('Page path').fill('faq');
  expect(await freePage.getByText(`Audits ${site.url}/faq`).count()).toBe(1);
  await freePage.getByTestId('audit-panel').getByRole('button', { name: 'Run Audit' }).click();
  await freePage.getByTestId('audit-report').waitFor({ timeout: 60_000 });

  await freePage.getByTestId('subscores-locked').waitFor();
  expect(await freePage.getByTestId('subscores').count()).toBe(0);
  expect(await freePage.getByTestId('score-breakdown').count()).toBe(0);
  expect(await freePage.getByTestId('recent-audit').first().textContent()).toContain(`${site.url}/faq`);
  await screenshot(freePage, 'audit-free-result');
  expect(errors).toEqual([]);
  await context.close();
});
