import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { competitiveAnalysisResultSchema, competitiveDataSchema, YOUR_SCORE_MESSAGES, type AuditRun } from '@citable/contract';
import { startTestSite, type TestSite } from '../packages/server/test/fixtures/audit-site';
import { startChangingSite, type ChangingSite } from '../packages/server/test/track/changing-site';
import { readPdf } from '../packages/server/test/reports/pdf-reader';
import { signUpAndOnboard, setPlans, type Account } from './support/accounts';
import { callApi } from './support/api';
import { startAppServer, type AppServer } from './support/app-server';
import { launchBrowser, openPage, screenshot, SLOW } from './support/browser';

// Issue 30. A Pro user runs an "Entire site" audit from the overview (4 pages), then audits one page
// of the same site through POST /api/v1/audits. The site's score stays the site audit's everywhere
// (the overview's ring, goal progress, insights, Competitive Insights, Competitive Analysis, the
// API), the page audit is shown as a page audit with its address, and the Executive Summary and
// Competitive Intelligence PDFs claim no change, no ranking from the page and no ROI gain.

let site: TestSite;
let rival: ChangingSite;
let server: AppServer;
let account: Account;
let browser: Browser;
let page: Page;
let errors: string[];
let apiKey = '';
const scores = { site: 0, page: 0, rival: 0 };
let pageUrl = '';

const overallScore = () => page.getByTestId('overall-score').textContent();

async function waitForRun(path: string, headers: Record<string, string>): Promise<AuditRun> {
  const deadline = Date.now() + 90_000;
  for (;;) {
    const run = (await (await callApi(server, path, { headers, cookie: headers.authorization ? undefined : account.cookie })).json()) as AuditRun;
    if (run.status === 'completed') return run;
    if (run.status === 'failed') throw new Error(`audit ${run.website_url} failed: ${run.error}`);
    if (Date.now() > deadline) throw new Error(`audit ${run.website_url} still ${run.status}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** A page audit through the public API, as a client's integration would send it. */
async function apiPageAudit(url: string): Promise<number> {
  const headers = { authorization: `Bearer ${apiKey}` };
  const response = await callApi(server, '/api/v1/audits', { body: { url, scope: 'page' }, headers });
  expect([200, 201, 202], await response.clone().text()).toContain(response.status);
  const body = (await response.json()) as AuditRun & { overallScore?: number };
  if (body.status === 'completed' && body.result) return body.result.overallScore;
  return (await waitForRun(`/api/v1/audits/${body.id}`, headers)).result!.overallScore;
}

async function reportText(reportType: 'executive-summary' | 'competitive-intelligence'): Promise<string> {
  const config = { includeROI: true, includeCompetitorBenchmarks: true, roiInputs: { monthlyOrganicTraffic: 20000, conversionRate: 2, valuePerConversion: 80 } };
  const created = await callApi(server, '/api/functions/generate-report', { cookie: account.cookie, body: { reportType, reportName: `Lantern Tea ${reportType}`, format: 'pdf', config } });
  expect(created.status, await created.clone().text()).toBe(202);
  const { reportId } = (await created.json()) as { reportId: string };
  const deadline = Date.now() + 60_000;
  for (;;) {
    const row = (await (await callApi(server, `/api/reports/${reportId}`, { cookie: account.cookie })).json()) as { status: string };
    if (row.status === 'completed') break;
    if (row.status === 'failed' || Date.now() > deadline) throw new Error(`report ${reportType} ${row.status}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const file = Buffer.from(await (await callApi(server, `/api/reports/${reportId}/view`, { cookie: account.cookie })).arrayBuffer());
  expect(file.subarray(0, 4).toString()).toBe('%PDF');
  return readPdf(file).text.replace(/\s+/g, ' ');
}

beforeAll(async () => {
  [site, rival] = await Promise.all([startTestSite(), startChangingSite(2)]);
  server = await startAppServer({ FETCH_ALLOW_HOSTS: '127.0.0.1' });
  account = await signUpAndOnboard(server, {
    name: 'Aiko Tanaka',
    email: `one.score.${Date.now()}@example.com`,
    onboarding: { websites: [{ name: 'Lantern Tea', url: site.url }], industry: 'Food & Beverage', competitors: [{ name: 'Kettle Co', url: rival.url }], goals: ['competitive_edge'] },
  });
  await setPlans(server, [[account, 'pro']]);
  const key = await callApi(server, '/api/api-keys', { body: { name: 'Client integration' }, cookie: account.cookie });
  expect(key.status, await key.clone().text()).toBe(201);
  apiKey = ((await key.json()) as { secret: string }).secret;
  // The competitor's site audit, as "Audit now" in Competitive Insights makes it.
  const started = await callApi(server, '/api/audits', { body: { url: rival.url, scope: 'site', maxPages: 1 }, cookie: account.cookie });
  expect(started.status, await started.clone().text()).toBe(202);
  scores.rival = (await waitForRun(`/api/audits/${((await started.json()) as AuditRun).id}`, {})).result!.overallScore;
  browser = await launchBrowser();
  ({ page, errors } = await openPage(browser, { baseUrl: server.baseUrl, cookie: account.cookie, viewport: { width: 1440, height: 900 } }));
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await Promise.all([site?.close(), rival?.close()]);
});

test('an "Entire site" audit, then a page audit through the API: one score everywhere', async () => {
  await page.goto(`${server.baseUrl}/dashboard`);
  await expect.poll(() => page.getByRole('combobox', { name: 'Website' }).inputValue(), SLOW).toBe(site.url);
  await page.getByTestId('audit-panel').getByRole('button', { name: 'Run Audit' }).click();
  await page.getByTestId('audit-report').waitFor({ timeout: 90_000 });
  scores.site = Number(await overallScore());
  expect(await page.getByTestId('audit-report').textContent()).toContain('4 pages');

  // A page of the same site, through the public API, scoring differently from the site.
  for (const path of ['/', '/faq', '/guide', '/about']) {
    pageUrl = `${site.url}${path}`;
    scores.page = await apiPageAudit(pageUrl);
    if (scores.page !== scores.site) break;
  }
  expect(scores.page).not.toBe(scores.site);

  // The overview, reloaded: the ring is still the site's, "Entire site" still selected; the page audit is listed as one.
  await page.reload();
  await expect.poll(() => page.getByTestId('recent-audit').count(), SLOW).toBe(2);
  await expect.poll(overallScore, SLOW).toBe(String(scores.site));
  expect(await page.getByTestId('score-caption').textContent()).toBe('AI Visibility Score');
  expect(await page.getByRole('radio', { name: 'Entire site' }).isChecked()).toBe(true);
  await expect.poll(() => page.getByTestId('goals-card').textContent(), SLOW).toContain(`Progress: ${scores.site} of 90`);
  const insights = page.getByTestId('insights-card');
  await insights.getByTestId('insight').first().waitFor(SLOW);
  expect(await insights.textContent()).not.toContain(`is ${scores.page}.`);
  await screenshot(page, 'one-score-overview');

  // The page audit, opened from the list, says what it is.
  await page.getByTestId('recent-audit').filter({ hasText: pageUrl }).first().click();
  await expect.poll(() => page.getByTestId('page-audit-note').textContent(), SLOW).toBe(YOUR_SCORE_MESSAGES.pageAudit(pageUrl));
  expect(await page.getByTestId('score-caption').textContent()).toBe('Page score');
  await screenshot(page, 'one-score-page-audit');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByTestId('page-audit-note').scrollIntoViewIfNeeded();
  await screenshot(page, 'one-score-page-audit-390');
  await page.setViewportSize({ width: 1440, height: 900 });

  // Competitive Insights and Competitive Analysis: site against site, with the same score.
  const competitive = competitiveDataSchema.parse(await (await callApi(server, '/api/competitive-intel', { cookie: account.cookie })).json());
  expect(competitive.userSite?.overallScore).toBe(scores.site);
  expect(competitive.competitors.map((entry) => entry.overallScore)).toEqual([scores.rival]);
  await page.goto(`${server.baseUrl}/dashboard?section=competitive-viz`);
  await page.getByTestId('competitive-section').getByText('Score Comparison').waitFor(SLOW);
  const analysis = await callApi(server, '/api/functions/competitive-analysis', { cookie: account.cookie, body: { primaryUrl: site.url, competitorUrls: [rival.url] } });
  expect(analysis.status, await analysis.clone().text()).toBe(200);
  const compared = competitiveAnalysisResultSchema.parse(await analysis.json());
  expect(compared.basis).toBe('site-audits');
  expect(compared.primarySiteAnalysis.overallScore).toBe(scores.site);
  expect(compared.competitorAnalyses.map((entry) => entry.overallScore)).toEqual([scores.rival]);

  // The API lists both audits by kind, each with its own score.
  const listed = (await (await callApi(server, '/api/v1/audits?limit=10', { headers: { authorization: `Bearer ${apiKey}` } })).json()) as { audits: { kind: string; website_url: string; overall_score: number }[] };
  expect(listed.audits.filter((audit) => audit.website_url?.startsWith(site.url)).map((audit) => [audit.kind, audit.overall_score])).toEqual([
    ['page', scores.page],
    ['site', scores.site],
  ]);
  expect(errors).toEqual([]);
}, 300_000);

test('the Executive Summary and Competitive Intelligence PDFs claim no change and no invented gain', async () => {
  const ahead = scores.site > scores.rival ? 1 : 0;
  for (const template of ['executive-summary', 'competitive-intelligence'] as const) {
    const text = await reportText(template);
    expect(text).toContain(`Lantern Tea scored ${scores.site}/100 for AI visibility in a site audit of 4 pages`);
    expect(text).toContain('No change to report');
    expect(text).not.toMatch(/rose \d+ point|fell \d+ point/);
    expect(text).toContain(`Ahead of ${ahead} of 1 audited competitor.`);
    expect(text).not.toContain(`${scores.page}/100`);
    // ROI needs two audits of the same kind and pages: none is projected, no visits, revenue or ROI.
    expect(text).toContain('ROI needs at least 2 audits of the same kind and pages');
    expect(text).not.toMatch(/Monthly ROI|visits \/ month|Estimated monthly revenue/);
  }
}, 180_000);
