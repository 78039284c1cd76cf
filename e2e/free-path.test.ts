import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser } from 'playwright-core';
import { startTestSite, type TestSite } from '../packages/server/test/fixtures/audit-site';
import { signUpAndOnboard, type Account } from './support/accounts';
import { callApi } from './support/api';
import { startAppServer, type AppServer } from './support/app-server';
import { launchBrowser, openPage, screenshot, SLOW } from './support/browser';

// Issue 33: the Free plan's path leads somewhere Free can go. A Free user who has audited their
// site opens the Free playbook: the audit counts, the Core steps say they are upgrade steps and
// name the plan, and the re-audit is open; the sidebar recommends nothing padlocked; the tools
// count matches the pricing page's; the walkthrough starts at the overview's audit and names
// Genie's plan. At desktop and phone width, with no console error.

const VIEWPORTS = [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
] as const;

let server: AppServer;
let site: TestSite;
let browser: Browser;
/** One Free account per width: the playbook test completes a step, so each width starts from its own audit. */
const accounts = new Map<number, Account>();

beforeAll(async () => {
  site = await startTestSite();
  server = await startAppServer({ FETCH_ALLOW_HOSTS: '127.0.0.1' });
  for (const { width } of VIEWPORTS) accounts.set(width, await freeAccountWithAudit(width));
  browser = await launchBrowser();
});

/** A Free account whose site has been audited once, from the overview's route (POST /api/audits). */
async function freeAccountWithAudit(width: number): Promise<Account> {
  const free = await signUpAndOnboard(server, {
    name: 'Fern Free',
    email: `fern.${width}.${Date.now()}@example.com`,
    // Goals that highlight Core tools (schema, optimizer): a padlocked tool must not be "recommended".
    onboarding: { websites: [{ name: 'Lantern Tea', url: site.url }], industry: 'Food & Beverage', competitors: [{ name: 'Rival Tea', url: 'https://rival-tea.example.net' }], goals: ['improve_understanding', 'content_structure'] },
  });
  const run = await callApi(server, '/api/audits', { body: { url: site.url, scope: 'site', maxPages: 1 }, cookie: free.cookie });
  expect(run.status, await run.clone().text()).toBe(202);
  const { id } = (await run.json()) as { id: string };
  // Waits on the run's own status (expect.poll only works inside a test), generously: the machine may be busy.
  const deadline = Date.now() + 120_000;
  for (;;) {
    const { status } = (await (await callApi(server, `/api/audits/${id}`, { cookie: free.cookie })).json()) as { status: string };
    if (status === 'completed') break;
    if (status === 'failed' || Date.now() > deadline) throw new Error(`the Free user's site audit ended ${status}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return free;
}

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await site?.close();
});

describe.each(VIEWPORTS)('at $width px', (viewport) => {
  const account = () => accounts.get(viewport.width)!;
  test('the Free playbook counts the audit run and shows Core steps as upgrade steps with their plan', async () => {
    const { page, errors, context } = await openPage(browser, { baseUrl: server.baseUrl, cookie: account().cookie, viewport });
    try {
      await page.goto(`${server.baseUrl}/dashboard?section=playbooks`);
      const foundation = page.locator('[data-testid="playbook-card"][data-playbook-id="ai-visibility-foundation"]');
      await foundation.waitFor();
      await foundation.getByTestId('playbook-open').click();
      await page.getByTestId('playbook-detail').waitFor();
      await expect.poll(async () => (await page.getByTestId('playbook-progress').textContent())?.trim(), SLOW).toBe('20% complete');
      const steps = page.getByTestId('playbook-step');
      expect(await steps.evaluateAll((items) => items.map((item) => item.getAttribute('data-state')))).toEqual(['completed', 'available', 'available', 'available', 'available']);
      // Schema, llms.txt and the editor: each an upgrade step naming Core, with no launch into a paywall.
      expect(await page.getByTestId('playbook-step-plan').allTextContents()).toEqual(['Upgrade step · Core plan', 'Upgrade step · Core plan', 'Upgrade step · Core plan']);
      expect(await page.getByTestId('playbook-upgrade').count()).toBe(3);
      expect(await page.getByTestId('playbook-launch').count()).toBe(1);
      await screenshot(page, `free-playbook-${viewport.width}`);

      // An upgrade step opens the plans at Core; the re-audit opens the overview's audit, which Free runs.
      await page.getByTestId('playbook-upgrade').first().click();
      const billing = page.getByRole('dialog').filter({ hasText: 'Core' });
      await billing.first().waitFor();
      await page.keyboard.press('Escape');
      await billing.first().waitFor({ state: 'detached' });
      await page.getByTestId('playbook-launch').click();
      await page.waitForURL(/section=overview/);
      await page.getByTestId('audit-panel').waitFor();
      await expect.poll(() => page.getByTestId('audit-run').isEnabled(), SLOW).toBe(true);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  test('nothing padlocked is recommended, the tool count is the pricing page\u2019s, and the walkthrough points where Free can go', async () => {
    const { page, errors, context } = await openPage(browser, { baseUrl: server.baseUrl, cookie: account().cookie, viewport });
    try {
      await page.goto(`${server.baseUrl}/dashboard?section=tools`);
      await expect.poll(() => page.locator('main').textContent(), SLOW).toContain('Your Free plan includes the overview');
      if (viewport.width >= 768) {
        const locked = page.locator('[data-testid^="sidebar-"][data-locked="true"]');
        expect(await locked.count()).toBeGreaterThan(0);
        expect(await locked.filter({ hasText: 'recommended for your goals' }).count()).toBe(0);
      }

      await page.goto(`${server.baseUrl}/dashboard`);
      await page.getByTestId('audit-panel').waitFor();
      await page.evaluate(() => window.localStorage.setItem('citable.walkthrough-pending', 'true'));
      await page.reload();
      const walkthrough = page.getByTestId('walkthrough');
      await walkthrough.waitFor();
      expect(await walkthrough.textContent()).toContain('Start with an audit');
      await screenshot(page, `free-walkthrough-${viewport.width}`);
      const texts: string[] = [];
      for (;;) {
        texts.push((await walkthrough.textContent()) ?? '');
        const next = page.getByTestId('walkthrough-next');
        if ((await next.textContent())?.trim() !== 'Next') break;
        await next.click();
      }
      expect(texts.join(' ')).toContain('Genie (Core plan)');
      expect(texts.join(' ')).not.toContain('Not sure what to do next');
      await page.getByTestId('walkthrough-next').click();
      await walkthrough.waitFor({ state: 'detached' });
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
