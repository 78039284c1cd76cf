import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { AUDIT_RUN_MESSAGES, type AuditRun } from '@citable/contract';
import { startChangingSite, type ChangingSite } from '../packages/server/test/track/changing-site';
import { signUpAndOnboard, type Account } from './support/accounts';
import { callApi } from './support/api';
import { startAppServer, type AppServer } from './support/app-server';
import { launchBrowser, openPage, screenshot, SLOW } from './support/browser';

// Issue 19. A Pro user has three websites (one never audited) and two competitors, one of them on
// the same host as their first website under its own path (/rival). The overview's score follows
// the website selector and never shows a competitor's score, even after a competitor audit that is
// newer than any of theirs. In Competitive Insights, "Audit now" while another audit runs says
// which one is running, with no page error, and the view refreshes when an audit ends.

let own: ChangingSite;
let second: ChangingSite;
let far: ChangingSite;
let server: AppServer;
let account: Account;
let browser: Browser;
let page: Page;
let errors: string[];
const scores: Record<'own' | 'second' | 'rival', number> = { own: 0, second: 0, rival: 0 };

/** Starts a one-page site audit through the API, as another tab or monitoring would. */
async function startAudit(url: string): Promise<string> {
  const response = await callApi(server, '/api/audits', { body: { url, scope: 'site', maxPages: 1 }, cookie: account.cookie });
  expect(response.status, await response.clone().text()).toBe(202);
  return ((await response.json()) as AuditRun).id;
}

async function auditRun(id: string): Promise<AuditRun> {
  return (await (await callApi(server, `/api/audits/${id}`, { cookie: account.cookie })).json()) as AuditRun;
}

/** Waits for the audit to end (it must complete) and returns its score. */
async function finished(id: string): Promise<number> {
  const deadline = Date.now() + 90_000;
  for (;;) {
    const run = await auditRun(id);
    if (run.status === 'completed') return run.result!.overallScore;
    if (run.status === 'failed') throw new Error(`audit ${run.website_url} failed: ${run.error}`);
    if (Date.now() > deadline) throw new Error(`audit ${run.website_url} still ${run.status}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

const overallScore = () => page.getByTestId('overall-score').textContent();
const websiteSelect = () => page.getByRole('combobox', { name: 'Website' });

beforeAll(async () => {
  [own, second, far] = await Promise.all([startChangingSite(5, { '/rival': 1 }), startChangingSite(3), startChangingSite(2)]);
  server = await startAppServer();
  account = await signUpAndOnboard(server, {
    name: 'Ada Lovelace',
    email: `ada.own.${Date.now()}@example.com`,
    onboarding: { websites: [{ name: 'Lantern Tea', url: own.url }], industry: 'Food & Beverage', competitors: [{ name: 'Kettle Co', url: `${own.url}/rival` }], goals: ['competitive_edge'] },
    plan: 'pro',
  });
  // Pro allows more sites than onboarding on the free plan did.
  const sites = await callApi(server, '/api/profile', {
    method: 'PATCH',
    cookie: account.cookie,
    body: {
      websites: [
        { name: 'Lantern Tea', url: own.url },
        { name: 'Birch Books', url: second.url },
        { name: 'Cedar Cafe', url: 'https://cedar.example' },
      ],
      competitors: [
        { name: 'Kettle Co', url: `${own.url}/rival` },
        { name: 'Far Rival', url: far.url },
      ],
    },
  });
  expect(sites.status, await sites.clone().text()).toBe(200);
  // The user's two sites, then the same-host competitor: the newest audit is the competitor's.
  scores.own = await finished(await startAudit(own.url));
  scores.second = await finished(await startAudit(second.url));
  scores.rival = await finished(await startAudit(`${own.url}/rival`));
  expect(new Set(Object.values(scores)).size).toBe(3);
  browser = await launchBrowser();
  ({ page, errors } = await openPage(browser, { baseUrl: server.baseUrl, cookie: account.cookie, viewport: { width: 1440, height: 900 } }));
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await Promise.all([own?.close(), second?.close(), far?.close()]);
});

test('the overview’s score is the selected website’s own, never a competitor’s', async () => {
  await page.goto(`${server.baseUrl}/dashboard`);
  await expect.poll(() => websiteSelect().inputValue(), SLOW).toBe(own.url);
  await expect.poll(overallScore, SLOW).toBe(String(scores.own));
  // The recent audits are the website's own: the same-host competitor's newer audit is not among them.
  await expect.poll(() => page.getByTestId('recent-audit').allTextContents(), SLOW).toEqual([expect.stringContaining(`${own.url} (1 page)`)]);

  await websiteSelect().selectOption(second.url);
  await expect.poll(overallScore, SLOW).toBe(String(scores.second));
  await expect.poll(() => page.getByTestId('recent-audit').allTextContents(), SLOW).toEqual([expect.stringContaining(second.url)]);

  // A website without an audit says so by name; no other site's score stands in for it.
  await websiteSelect().selectOption('https://cedar.example');
  await expect.poll(() => page.getByTestId('first-audit-title').textContent(), SLOW).toBe(AUDIT_RUN_MESSAGES.noAuditYet('Cedar Cafe'));
  expect(await page.getByTestId('overall-score').count()).toBe(0);
  expect(await page.getByTestId('recent-audits').count()).toBe(0);

  await websiteSelect().selectOption(own.url);
  await expect.poll(overallScore, SLOW).toBe(String(scores.own));
  await screenshot(page, 'own-score-overview');
});

test('Competitive Insights: "Audit now" while an audit runs names it, and the view refreshes when audits end', async () => {
  await page.goto(`${server.baseUrl}/dashboard?section=competitive-viz`);
  const section = page.getByTestId('competitive-section');
  await section.getByText('Score Comparison').waitFor(SLOW);
  // The same-host competitor keeps its own name; the far one has no audit yet.
  await section.locator('svg').getByText('Kettle Co', { exact: true }).waitFor(SLOW);
  const farMissing = section.getByText('Far Rival has no audit in this period yet');
  await farMissing.waitFor(SLOW);
  const auditNow = section.getByRole('button', { name: 'Audit now' });
  expect(await auditNow.count()).toBe(1);

  // Another audit (of the user's own site) is running, slowed down by its site, when "Audit now" is clicked.
  const release = own.hold();
  let ownRun = '';
  try {
    ownRun = await startAudit(own.url);
    const [refused] = await Promise.all([page.waitForResponse((response) => response.url().endsWith('/api/audits') && response.request().method() === 'POST'), auditNow.click()]);
    expect(refused.status()).toBe(409);
    const notice = page.getByTestId('competitive-audit-notice');
    await expect.poll(() => notice.textContent(), SLOW).toBe(AUDIT_RUN_MESSAGES.alreadyRunning('Lantern Tea'));
    await expect.poll(() => section.getByTestId('audit-progress').textContent(), SLOW).toContain('Auditing Lantern Tea');
    expect(await auditNow.isDisabled()).toBe(true);
    await screenshot(page, 'own-score-competitive-running');
  } finally {
    release();
  }
  // When it ends, the page says so and "Audit now" can start.
  const ownScore = await finished(ownRun);
  await expect.poll(() => page.getByTestId('competitive-audit-notice').textContent(), { timeout: 60_000 }).toBe(AUDIT_RUN_MESSAGES.finished('Lantern Tea', ownScore));
  await expect.poll(() => auditNow.isEnabled(), SLOW).toBe(true);

  // "Audit now" for Far Rival: it runs, and the comparison shows its score without a reload.
  const [accepted] = await Promise.all([page.waitForResponse((response) => response.url().endsWith('/api/audits') && response.request().method() === 'POST'), auditNow.click()]);
  expect(accepted.status()).toBe(202);
  const farRun = ((await accepted.json()) as AuditRun).id;
  const farScore = await finished(farRun);
  await expect.poll(() => farMissing.count(), { timeout: 60_000 }).toBe(0);
  await expect.poll(() => page.getByTestId('competitive-audit-notice').textContent(), SLOW).toBe(AUDIT_RUN_MESSAGES.finished('Far Rival', farScore));
  await section.locator('svg').getByText('Far Rival', { exact: true }).waitFor(SLOW);
  await screenshot(page, 'own-score-competitive');

  // Back on the overview while a competitor audit runs: it is named, and when it ends the score is still the site's.
  scores.own = ownScore;
  const hold = own.hold();
  let rivalRun = '';
  try {
    rivalRun = await startAudit(`${own.url}/rival`);
    await page.goto(`${server.baseUrl}/dashboard`);
    await expect.poll(() => page.getByTestId('audit-progress').textContent(), SLOW).toContain('Auditing Kettle Co');
    await expect.poll(overallScore, SLOW).toBe(String(scores.own));
  } finally {
    hold();
  }
  const rivalScore = await finished(rivalRun);
  expect(rivalScore).not.toBe(scores.own);
  await expect.poll(() => page.getByTestId('audit-progress').count(), { timeout: 60_000 }).toBe(0);
  await expect.poll(() => page.getByTestId('recent-audit').count(), SLOW).toBe(2);
  expect(await overallScore()).toBe(String(scores.own));
  for (const text of await page.getByTestId('recent-audit').allTextContents()) expect(text).not.toContain('/rival');

  // No page error, and no console error but the browser's own line for the refused start.
  expect(errors.filter((error) => !/status of 409/.test(error))).toEqual([]);
}, 240_000);
