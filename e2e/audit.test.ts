import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { createDb } from '../packages/server/src/db/client';
import { setPlan } from '../packages/server/src/services/profile';
import { startTestSite, type TestSite } from '../packages/server/test/fixtures/audit-site';
import { startAppServer, type AppServer } from './support/app-server';
import { launchBrowser, screenshot, watchConsole } from './support/browser';

// A Core user whose website is a small site on 127.0.0.1 audits it from the overview, reads the
// score, subscores and recommendations, expands a breakdown and finds the audit in the history.
//
// There is no billing yet, so the plan is set the way an operator would: the user signs up and
// onboards through the API on a first server, the server stops, the test opens the same PGlite
// folder with the server's own createDb and sets the plan with the profile service, and a second
// server starts on that folder (sessions and data survive, as in a restart).

let dataDir: string;
let site: TestSite;
let server: AppServer | undefined;
let browser: Browser;
let page: Page;
let consoleErrors: string[];

const email = `grace.${Date.now()}@example.com`;
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

function sessionCookie(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

async function signIn(address = email): Promise<string> {
  const response = await call('/api/auth/sign-in/email', { email: address, password });
  expect(response.status).toBe(200);
  return sessionCookie(response);
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'citable-e2e-audit-'));
  // Slow pages after the home page, so the site audit's progress is visible for a moment.
  site = await startTestSite({ delayMs: 1500 });

  server = await startAppServer({ DATA_DIR: dataDir });
  expect((await call('/api/auth/sign-up/email', { name: 'Grace Hopper', email, password })).status).toBe(200);
  const link = (await server.outbox()).filter((message) => message.to === email).flatMap((message) => message.links).find((l) => l.includes('verify-email'));
  await fetch(link!, { redirect: 'manual' });
  const cookie = await signIn();
  const onboarding = await call(
    '/api/profile/onboarding',
    { websites: [{ name: 'Lantern Tea', url: site.url }], industry: 'Food & Beverage', competitors: [{ name: 'Kettle Co', url: 'https://kettle.example.com' }], goals: ['increase_citations', 'competitive_edge'] },
    cookie,
  );
  expect(onboarding.status).toBe(200);
  const { user_id: userId } = (await onboarding.json()) as { user_id: string };
  await server.stop();

  const handle = await createDb({ dataDir });
  await setPlan(handle.db, userId, 'core');
  await handle.close();

  server = await startAppServer({ DATA_DIR: dataDir });
  browser = await launchBrowser();
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const pairs = (await signIn()).split('; ').map((pair) => pair.split('='));
  await context.addCookies(pairs.map(([name, ...value]) => ({ name, value: value.join('='), url: server!.baseUrl })));
  page = await context.newPage();
  consoleErrors = watchConsole(page);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await site?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

test('a Core user audits their website from the overview and finds it in the history', async () => {
  await page.goto(`${server!.baseUrl}/dashboard`);
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
  const freeEmail = `alan.${Date.now()}@example.com`;
  expect((await call('/api/auth/sign-up/email', { name: 'Alan Turing', email: freeEmail, password })).status).toBe(200);
  const link = (await server!.outbox()).filter((message) => message.to === freeEmail).flatMap((message) => message.links).find((l) => l.includes('verify-email'));
  await fetch(link!, { redirect: 'manual' });
  const cookie = await signIn(freeEmail);
  const onboarding = await call(
    '/api/profile/onboarding',
    { websites: [{ name: 'Lantern Tea', url: site.url }], industry: 'Food & Beverage', competitors: [{ name: 'Kettle Co', url: 'https://kettle.example.com' }], goals: ['competitive_edge'] },
    cookie,
  );
  expect(onboarding.status).toBe(200);

  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  await context.addCookies(cookie.split('; ').map((pair) => pair.split('=')).map(([name, ...value]) => ({ name, value: value.join('='), url: server!.baseUrl })));
  const freePage = await context.newPage();
  const errors = watchConsole(freePage);
  await freePage.goto(`${server!.baseUrl}/dashboard`);
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
