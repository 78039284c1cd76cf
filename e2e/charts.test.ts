import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { AuditRun } from '@citable/contract';
import { startChangingSite, type ChangingSite } from '../packages/server/test/track/changing-site';
import { signUpAndOnboard, type Account } from './support/accounts';
import { callApi } from './support/api';
import { startAppServer, type AppServer } from './support/app-server';
import { launchBrowser, openPage, screenshot, SLOW } from './support/browser';

// Issue 19 item 5, "Seeing beats reading". A Pro user has two websites and a competitor, each a
// site on 127.0.0.1 whose content the test sets, audited today: the first website three times
// while it improves, the second twice while it gets worse, the competitor once. The overview
// draws the selected website's own scores as a sparkline that follows the website selector;
// Competitive Insights draws every site's score with the user's marked; the Trends chart gives
// the three audits of one day three different axis labels. Nothing scrolls sideways on a phone.

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };

let lantern: ChangingSite;
let birch: ChangingSite;
let kettle: ChangingSite;
let server: AppServer;
let account: Account;
let browser: Browser;
let page: Page;
let errors: string[];
const scores: Record<'lantern' | 'birch' | 'kettle', number[]> = { lantern: [], birch: [], kettle: [] };

/**
 * A one-page site audit of the site at the given content level; returns its score. Site audits,
 * because the user's score and Competitive Insights are the latest site audit's (issue #30); a
 * page audit is shown as a page's score, never as the site's.
 */
async function audit(site: ChangingSite, level: number): Promise<number> {
  site.level = level;
  const response = await callApi(server, '/api/audits', { body: { url: `${site.url}/`, scope: 'site', maxPages: 1 }, cookie: account.cookie });
  expect(response.status, await response.clone().text()).toBe(202);
  const { id } = (await response.json()) as AuditRun;
  const run = async () => (await (await callApi(server, `/api/audits/${id}`, { cookie: account.cookie })).json()) as AuditRun;
  // vi.waitFor rather than expect.poll: this runs in beforeAll.
  const done = await vi.waitFor(
    async () => {
      const current = await run();
      expect(current.status).toBe('completed');
      return current;
    },
    { timeout: 90_000, interval: 250 },
  );
  return done.result!.overallScore;
}

// Evaluated rather than added as a script tag, which the app's Content-Security-Policy (script-src 'self') refuses.
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** axe-core's WCAG 2.0/2.1 A and AA violations inside the element `selector` picks (the chart, not the rest of the page). */
async function axeViolations(target: Page, selector: string): Promise<string[]> {
  if (!(await target.evaluate(() => 'axe' in window))) await target.evaluate(`${axeSource}\n;void 0`);
  return target.evaluate(async (include) => {
    type Result = { violations: { id: string; help: string; nodes: { target: unknown }[] }[] };
    const axe = (window as unknown as { axe: { run: (context: object, options: object) => Promise<Result> } }).axe;
    const result = await axe.run({ include: [include] }, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] }, resultTypes: ['violations'] });
    return result.violations.map((violation) => `${violation.id}: ${violation.help} ${JSON.stringify(violation.nodes.map((node) => node.target))}`);
  }, selector);
}

const sidewaysOverflow = (target: Page) => target.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
const websiteSelect = () => page.getByRole('combobox', { name: 'Website' });
const sparklineLabel = (target: Page) => target.getByTestId('score-sparkline').getAttribute('aria-label');

beforeAll(async () => {
  [lantern, birch, kettle] = await Promise.all([startChangingSite(1), startChangingSite(5), startChangingSite(3)]);
  server = await startAppServer();
  account = await signUpAndOnboard(server, {
    name: 'Ada Lovelace',
    email: `ada.charts.${Date.now()}@example.com`,
    onboarding: { websites: [{ name: 'Lantern Tea', url: lantern.url }], industry: 'Food & Beverage', competitors: [{ name: 'Kettle Co', url: kettle.url }], goals: ['competitive_edge'] },
    plan: 'pro',
  });
  // Pro allows a second website.
  const sites = await callApi(server, '/api/profile', {
    method: 'PATCH',
    cookie: account.cookie,
    body: {
      websites: [
        { name: 'Lantern Tea', url: lantern.url },
        { name: 'Birch Books', url: birch.url },
      ],
      competitors: [{ name: 'Kettle Co', url: kettle.url }],
    },
  });
  expect(sites.status, await sites.clone().text()).toBe(200);
  for (const level of [1, 3, 5]) scores.lantern.push(await audit(lantern, level));
  for (const level of [5, 1]) scores.birch.push(await audit(birch, level));
  scores.kettle.push(await audit(kettle, 3));
  // The content levels move the scores, so a trend has somewhere to go.
  expect(scores.lantern[2]).toBeGreaterThan(scores.lantern[0]);
  expect(scores.birch[1]).toBeLessThan(scores.birch[0]);
  browser = await launchBrowser();
  ({ page, errors } = await openPage(browser, { baseUrl: server.baseUrl, cookie: account.cookie, viewport: DESKTOP }));
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await Promise.all([lantern?.close(), birch?.close(), kettle?.close()]);
});

test('the overview’s sparkline draws the selected website’s own scores and follows the selector', async () => {
  await page.goto(`${server.baseUrl}/dashboard`);
  await expect.poll(() => websiteSelect().inputValue(), SLOW).toBe(lantern.url);
  const [first, , last] = scores.lantern;
  await expect.poll(() => sparklineLabel(page), SLOW).toBe(`Score trend of Lantern Tea: ${first} to ${last} over 3 audits`);
  // It is an image with that name for assistive technology, with the change beside it.
  expect(await page.getByRole('img', { name: `Score trend of Lantern Tea: ${first} to ${last} over 3 audits` }).count()).toBe(1);
  expect(await page.getByTestId('score-trend-change').textContent()).toBe(`+${last - first} points`);
  await page.getByTestId('score-trend').scrollIntoViewIfNeeded();
  expect(await axeViolations(page, '[data-testid="score-trend"]')).toEqual([]);
  await screenshot(page, 'charts-overview');

  // Another website: its own two audits, never the first website's nor the competitor's.
  await websiteSelect().selectOption(birch.url);
  await expect.poll(() => sparklineLabel(page), SLOW).toBe(`Score trend of Birch Books: ${scores.birch[0]} to ${scores.birch[1]} over 2 audits`);
  expect(await page.getByTestId('score-trend-change').textContent()).toBe(`${scores.birch[1] - scores.birch[0]} points`);
  expect(await page.getByTestId('score-trend-subject').textContent()).toBe('Birch Books · last 2 site audits');
  await websiteSelect().selectOption(lantern.url);
  await expect.poll(() => sparklineLabel(page), SLOW).toContain('Lantern Tea');
});

test('Competitive Insights charts the user’s site against the competitor, with subscores', async () => {
  await page.goto(`${server.baseUrl}/dashboard?section=competitive-viz`);
  const section = page.getByTestId('competitive-section');
  const overall = section.getByRole('img', { name: /^Overall score:/ });
  await overall.waitFor(SLOW);
  const label = await overall.getAttribute('aria-label');
  // Highest first; the user's site named as theirs; the competitors' average (one competitor: its score).
  const [lanternScore, kettleScore] = [scores.lantern[2], scores.kettle[0]];
  const entries = [`Lantern Tea (your site) ${lanternScore}`, `Kettle Co ${kettleScore}`];
  expect(label).toBe(`Overall score: ${(lanternScore >= kettleScore ? entries : entries.reverse()).join(', ')}; competitor average ${kettleScore}`);
  // The user's bar is marked in the chart itself, not by colour alone.
  expect(await section.getByTestId('comparison-user').textContent()).toContain('Lantern Tea · You');
  expect(await section.getByTestId('comparison-user').locator('text').last().textContent()).toBe(String(lanternScore));
  expect(await section.getByTestId('comparison-competitor').locator('text').first().textContent()).toBe('Kettle Co');
  // Four subscore panels, each naming both sites.
  const panels = section.getByTestId('subscore-comparison');
  expect(await panels.count()).toBe(4);
  for (const name of ['AI Understanding', 'Citation Likelihood', 'Conversational Readiness', 'Content Structure Quality']) {
    const panel = section.getByRole('img', { name: new RegExp(`^${name}: Lantern Tea \\(your site\\) \\d+, Kettle Co \\d+$`) });
    expect(await panel.count(), name).toBe(1);
  }
  expect(await axeViolations(page, '[data-testid="score-comparison-charts"]')).toEqual([]);
  await screenshot(page, 'charts-competitive');
});

test('the Trends chart tells apart the audits of one day, with the full date and time for assistive technology', async () => {
  await page.goto(`${server.baseUrl}/dashboard?section=history&view=trends`);
  const chart = page.getByTestId('trend-chart');
  await expect.poll(() => chart.getByTestId('trend-axis-label').count(), SLOW).toBe(3);
  const labels = await chart.getByTestId('trend-axis-label').allTextContents();
  // Three audits of today: three different labels, each with the time of day.
  expect(new Set(labels).size).toBe(3);
  for (const text of labels) expect(text).toMatch(/\d{2}:\d{2}/);
  // The hidden table carries each audit's full date and time with its score.
  const rows = page.getByTestId('trend-table').locator('tbody tr');
  expect(await rows.count()).toBe(3);
  expect(await rows.locator('td').allTextContents()).toEqual(scores.lantern.map(String));
  expect(await chart.locator('g > title').first().textContent()).toMatch(/\d{4}/);
  expect(await axeViolations(page, '[data-testid="trends-view"]')).toEqual([]);
  await screenshot(page, 'charts-trends');
  expect(errors).toEqual([]);
});

test('on a phone the charts fit the screen', async () => {
  const phone = await openPage(browser, { baseUrl: server.baseUrl, cookie: account.cookie, viewport: PHONE });
  try {
    const sections = [
      ['overview', '/dashboard', phone.page.getByTestId('score-sparkline')],
      ['competitive', '/dashboard?section=competitive-viz', phone.page.getByTestId('overall-comparison')],
      ['trends', '/dashboard?section=history&view=trends', phone.page.getByTestId('trend-axis-label').first()],
    ] as const;
    for (const [name, path, chart] of sections) {
      await phone.page.goto(`${server.baseUrl}${path}`);
      await chart.waitFor(SLOW);
      await chart.scrollIntoViewIfNeeded();
      expect(await sidewaysOverflow(phone.page), name).toBe(0);
      await screenshot(phone.page, `charts-phone-${name}`);
    }
    expect(phone.errors).toEqual([]);
  } finally {
    await phone.context.close();
  }
});
