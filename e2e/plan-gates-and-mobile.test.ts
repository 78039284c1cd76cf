import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { PLANS, TOOL_IDS, TOOLS, type ToolId } from '@citable/contract';
import { serveSite, teaShopPages, type ServedSite } from '../packages/server/test/fixtures/tool-sites';
import { signUpAndOnboard, type Account } from './support/accounts';
import { callApi } from './support/api';
import { startAppServer, type AppServer } from './support/app-server';
import { appStarted, launchBrowser, openPage, screenshot, SLOW } from './support/browser';

// Issue 19, items 3 and 4, on a server without a billing provider (the self-hoster's default):
// a Free user meets locks and an upgrade button that opens the billing dialog at the plan that has
// the tool; the billing dialog says once that online payment is not set up, and how an operator sets
// plans, and makes no failing request; at 390 × 844 the dashboard has a header that fits, a
// navigation drawer driven by the keyboard, and neither it nor any public page scrolls sideways.

let server: AppServer;
let browser: Browser;
let shop: ServedSite;
let free: Account;
let agency: Account;

const PHONE = { width: 390, height: 844 };
const TOOLS_IN_GRID = TOOL_IDS.filter((id) => id !== 'overview');

const onboarding = (url: string) => ({
  websites: [{ name: 'Lantern Tea', url }],
  industry: 'Food & Beverage',
  competitors: [{ name: 'Kettle & Leaf', url: 'https://kettle-and-leaf.example.com' }],
  goals: ['voice_search', 'competitive_edge'],
});

beforeAll(async () => {
  shop = await serveSite(teaShopPages([]));
  server = await startAppServer();
  free = await signUpAndOnboard(server, { name: 'Frida Free', email: `frida.${Date.now()}@example.com`, onboarding: onboarding(shop.url) });
  agency = await signUpAndOnboard(server, { name: 'Agnes Agency', email: `agnes.${Date.now()}@example.com`, onboarding: onboarding(shop.url), plan: 'agency' });
  // Something in the sections to lay out: two audits, a workspace and a client (the header's switcher, the roll-up table).
  for (const path of ['/', '/faq']) {
    const audited = await callApi(server, '/api/functions/ai-visibility-audit', { body: { url: `${shop.url}${path}` }, cookie: agency.cookie });
    expect(audited.status, await audited.clone().text()).toBe(200);
  }
  const created = await callApi(server, '/api/workspaces', { body: { name: 'Agnes Digital' }, cookie: agency.cookie });
  expect(created.status).toBe(201);
  const { workspace } = (await created.json()) as { workspace: { id: string } };
  const client = await callApi(server, `/api/workspaces/${workspace.id}/clients`, { body: { name: 'Cedar Law Partners', website: 'https://cedar-law.example.org' }, cookie: agency.cookie });
  expect(client.status).toBe(201);
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await shop?.close();
});

/** Whatever a page does wrong on the wire or in its script: failed requests, answers of 400 and up, uncaught errors. */
function watchFailures(page: Page): string[] {
  const failures: string[] = [];
  page.on('requestfailed', (request) => failures.push(`failed: ${request.method()} ${request.url()} ${request.failure()?.errorText ?? ''}`));
  page.on('response', (response) => {
    if (response.status() >= 400) failures.push(`${response.status()}: ${response.request().method()} ${response.url()}`);
  });
  page.on('pageerror', (error) => failures.push(`pageerror: ${error.message}`));
  return failures;
}

const focusedTestId = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? document.activeElement?.tagName ?? null);

describe('a Free user', () => {
  let context: BrowserContext;
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    ({ context, page, errors } = await openPage(browser, { baseUrl: server.baseUrl, cookie: free.cookie, viewport: { width: 1440, height: 900 } }));
  });
  afterAll(async () => {
    await context?.close();
  });

  test('All Tools lists every tool, the ones above the plan locked and named for their plan', async () => {
    await page.goto(`${server.baseUrl}/dashboard?section=tools`);
    await page.getByTestId('tools-grid').waitFor();
    for (const id of TOOLS_IN_GRID) {
      const card = page.getByTestId(`tool-card-${id}`);
      expect(await card.isVisible(), id).toBe(true);
      expect(await card.getAttribute('data-locked'), id).toBe('true');
      expect(await card.getByRole('img', { name: `requires ${PLANS[TOOLS[id].requiredPlan].name}` }).count(), id).toBe(1);
    }
    await screenshot(page, 'issue19-free-all-tools');
  });

  test('the sidebar locks what the plan lacks, with an accessible label, and leaves the rest open', async () => {
    const lockOf = (id: string) => page.getByTestId(`sidebar-${id}`).getByRole('img', { name: /^requires / });
    for (const id of TOOLS_IN_GRID) {
      expect(await page.getByTestId(`sidebar-${id}`).getByRole('img', { name: `requires ${PLANS[TOOLS[id].requiredPlan].name}` }).count(), id).toBe(1);
    }
    expect(await page.getByTestId('sidebar-reports').getByRole('img', { name: 'requires Core' }).count()).toBe(1);
    expect(await page.getByTestId('sidebar-competitive-viz').getByRole('img', { name: 'requires Pro' }).count()).toBe(1);
    expect(await page.getByTestId('sidebar-white-label').getByRole('img', { name: 'requires Agency' }).count()).toBe(1);
    for (const id of ['overview', 'tools', 'playbooks', 'history']) expect(await lockOf(id).count(), id).toBe(0);
  });

  async function upgradeFrom(id: ToolId) {
    const tool = TOOLS[id];
    const plan = PLANS[tool.requiredPlan];
    await page.getByTestId(`sidebar-${id}`).click();
    const prompt = page.getByTestId('tool-upgrade');
    // Sections load on first use: until this one's chunk arrives, the previous tool's prompt may still be on screen.
    await expect.poll(() => prompt.textContent(), SLOW).toContain(`${tool.name} is part of the ${plan.name} plan`);
    await prompt.getByRole('button', { name: `Upgrade to ${plan.name}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Billing & Subscription' });
    await dialog.waitFor();
    const card = dialog.getByTestId(`plan-card-${tool.requiredPlan}`);
    await expect.poll(() => card.getAttribute('data-selected'), SLOW).toBe('true');
    // The asked-for plan has the focus and is in view; no other plan is marked.
    await expect.poll(() => focusedTestId(page), SLOW).toBe(`plan-card-${tool.requiredPlan}`);
    expect(await dialog.locator('[data-selected="true"]').count()).toBe(1);
    const [box, viewport] = [await card.boundingBox(), page.viewportSize()!];
    expect(box && box.y < viewport.height && box.y + box.height > 0).toBe(true);
    expect(await dialog.getByTestId('billing-intent').textContent()).toBe(`${tool.name} is part of the ${plan.name} plan.`);
    return dialog;
  }

  test('a locked tool says what it does, and "Upgrade to <plan>" opens the billing dialog at that plan', async () => {
    await page.goto(`${server.baseUrl}/dashboard`);
    await page.getByTestId('dashboard-greeting').waitFor();
    const dialog = await upgradeFrom('entities');
    await screenshot(page, 'issue19-upgrade-pro');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    // Citation Tracker has a screen of its own; it is gated the same way.
    await upgradeFrom('citations');
    await page.keyboard.press('Escape');
    expect(errors).toEqual([]);
  });

  test('each locked area\'s own plans button opens the billing dialog at the plan that has the area', async () => {
    const areas = [
      { section: 'reports', button: 'See plans', plan: 'core', feature: 'Advanced Reports' },
      { section: 'editor', button: 'View Plans', plan: 'core', feature: 'Content Editor' },
      { section: 'white-label', button: 'See plans', plan: 'agency', feature: 'White-label theming' },
      { section: 'clients', button: 'See plans', plan: 'agency', feature: 'Client management' },
      { section: 'playbooks', button: 'View Plans', plan: 'pro', feature: 'Optimization Playbooks' },
    ] as const;
    for (const area of areas) {
      await page.goto(`${server.baseUrl}/dashboard?section=${area.section}`);
      await page.getByTestId(`${area.section}-upgrade`).getByRole('button', { name: area.button }).click();
      const dialog = page.getByRole('dialog', { name: 'Billing & Subscription' });
      await dialog.waitFor();
      await expect.poll(() => dialog.locator('[data-selected="true"]').getAttribute('data-testid'), SLOW).toBe(`plan-card-${area.plan}`);
      expect(await dialog.getByTestId('billing-intent').textContent(), area.section).toBe(`${area.feature} is part of the ${PLANS[area.plan].name} plan.`);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
    }
    // A locked playbook's own button names that playbook and the plan that opens it.
    await page.goto(`${server.baseUrl}/dashboard?section=playbooks`);
    const locked = page.locator('article', { hasText: 'Pro plan' }).first();
    const title = (await locked.getByRole('heading').first().textContent())!.trim();
    await locked.getByRole('button', { name: 'View Plans' }).click();
    const dialog = page.getByRole('dialog', { name: 'Billing & Subscription' });
    await expect.poll(() => dialog.locator('[data-selected="true"]').getAttribute('data-testid'), SLOW).toBe('plan-card-pro');
    expect(await dialog.getByTestId('billing-intent').textContent()).toBe(`${title} is part of the Pro plan.`);
    expect(errors).toEqual([]);
  });
});

test('without a billing provider the dialog says so once, with the operator command, and makes no failing request', async () => {
  for (const account of [free, agency]) {
    const { context, page } = await openPage(browser, { baseUrl: server.baseUrl, cookie: account.cookie, viewport: { width: 1440, height: 900 } });
    const failures = watchFailures(page);
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    await page.goto(`${server.baseUrl}/dashboard`);
    await page.getByTestId('dashboard-greeting').waitFor();
    await page.getByTestId('sidebar-billing').click();
    const dialog = page.getByRole('dialog', { name: 'Billing & Subscription' });
    await dialog.getByTestId('billing-usage').waitFor();
    await page.waitForLoadState('networkidle');

    const note = dialog.getByTestId('billing-no-provider');
    expect(await note.textContent()).toContain('Online payment is not set up on this server.');
    expect(await note.textContent()).toContain('npx citable admin set-plan <email> <plan>');
    expect(await dialog.getByText('Online payment is not set up on this server.').count()).toBe(1);
    // The disabled buttons point at that one explanation.
    const noteId = await note.getAttribute('id');
    for (const plan of ['core', 'pro', 'agency'] as const) {
      const button = dialog.getByTestId(`plan-${plan}-button`);
      expect(await button.isDisabled(), plan).toBe(true);
      expect(await button.getAttribute('aria-describedby'), plan).toBe(noteId);
    }
    // No link to a customer portal exists without a provider, so none is mentioned.
    expect(await dialog.getByText(/Manage card and invoices/).count()).toBe(0);
    expect(requested).not.toContain('/api/billing/invoices');
    expect(failures).toEqual([]);
    await screenshot(page, `issue19-billing-no-provider-${account === free ? 'free' : 'agency'}`);
    await context.close();
  }
});

// That no dashboard section and no public page scrolls sideways at 390 × 844, for every plan, is
// checked by the sweep (sweep.test.ts).
describe('at 390 × 844', () => {
  let context: BrowserContext;
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    ({ context, page, errors } = await openPage(browser, { baseUrl: server.baseUrl, cookie: agency.cookie, viewport: PHONE }));
  });
  afterAll(async () => {
    await context?.close();
  });

  test('the header fits: menu, mark, a readable client switcher, plan and alerts on one line', async () => {
    await page.goto(`${server.baseUrl}/dashboard`);
    await page.getByTestId('dashboard-greeting').waitFor();
    const header = page.locator('header').first();
    expect(await header.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
    expect((await header.boundingBox())!.height).toBeLessThanOrEqual(72);
    const switcher = page.getByTestId('client-switcher');
    await switcher.waitFor();
    expect(await switcher.textContent()).toContain('My account');
    // Not cut to "M...": the label is shown whole.
    expect(await switcher.locator('span.truncate').evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
    const box = (await switcher.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    for (const name of ['Open menu', 'Alerts']) expect(await page.getByRole('button', { name }).isVisible(), name).toBe(true);
    // Sign-out and the rest of the account moved into the drawer.
    expect(await page.getByRole('button', { name: 'Sign out' }).count()).toBe(0);
    await screenshot(page, 'issue19-phone-dashboard');
  });

  test('the menu button opens an accessible drawer that the keyboard opens, traps, closes and leaves', async () => {
    // By test id: while the drawer is open, the rest of the page is hidden from the accessibility tree.
    const menu = page.getByTestId('nav-drawer-open');
    expect(await page.getByRole('button', { name: 'Open menu' }).isVisible()).toBe(true);
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    await menu.focus();
    await page.keyboard.press('Enter');
    const drawer = page.getByRole('dialog', { name: /Citable menu/ });
    await drawer.waitFor();
    expect(await menu.getAttribute('aria-expanded')).toBe('true');
    expect(await drawer.evaluate((element) => element.id)).toBe(await menu.getAttribute('aria-controls'));
    await expect.poll(() => drawer.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    // Focus stays inside however far one tabs.
    for (let i = 0; i < 40; i++) {
      await page.keyboard.press('Tab');
      expect(await drawer.evaluate((element) => element.contains(document.activeElement)), `tab ${i}`).toBe(true);
    }
    for (const name of ['Billing', 'Settings', 'Home', 'Sign out']) expect(await drawer.getByRole(name === 'Home' ? 'link' : 'button', { name, exact: true }).isVisible(), name).toBe(true);
    await screenshot(page, 'issue19-phone-drawer');

    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    expect(await focusedTestId(page)).toBe('nav-drawer-open');

    // The close button, from the keyboard.
    await page.keyboard.press('Enter');
    await drawer.waitFor();
    await drawer.getByRole('button', { name: 'Close menu' }).focus();
    await page.keyboard.press('Enter');
    await drawer.waitFor({ state: 'detached' });

    // A section chosen from the keyboard opens and closes the drawer.
    await menu.focus();
    await page.keyboard.press('Enter');
    await drawer.waitFor();
    await drawer.getByTestId('nav-drawer-history').focus();
    await page.keyboard.press('Enter');
    await drawer.waitFor({ state: 'detached' });
    await expect.poll(() => new URL(page.url()).searchParams.get('section')).toBe('history');
  });

  test('the Genie button covers no control once the page is scrolled to its end', async () => {
    // A Free account: its playbooks end with a "View Plans" button at the bottom right, where the button floats.
    const phone = await openPage(browser, { baseUrl: server.baseUrl, cookie: free.cookie, viewport: PHONE });
    try {
      for (const path of ['/', '/dashboard?section=playbooks', '/dashboard?section=history']) {
        await phone.page.goto(`${server.baseUrl}${path}`);
        await appStarted(phone.page);
        await phone.page.getByRole(path === '/' ? 'contentinfo' : 'main').waitFor();
        if (path.includes('playbooks')) await phone.page.getByRole('button', { name: 'View Plans' }).last().waitFor();
        await phone.page.getByTestId('genie-button').waitFor();
        // Scrolled again on each try: sections still loading (the history, a playbook's progress) make the page longer after a scroll.
        await expect
          .poll(() =>
            phone.page.evaluate(() => {
              window.scrollTo(0, document.documentElement.scrollHeight);
              return Math.ceil(window.scrollY + window.innerHeight) >= document.documentElement.scrollHeight;
            }),
          )
          .toBe(true);
        const covered = await phone.page.getByTestId('genie-button').evaluate((button) => {
          const genie = button.getBoundingClientRect();
          return [...document.querySelectorAll('a[href], button, input, select, textarea, [tabindex]:not([tabindex="-1"])')]
            .filter((element) => !button.parentElement!.contains(element))
            .filter((element) => {
              const box = element.getBoundingClientRect();
              return box.width > 0 && box.height > 0 && box.right > genie.left && box.left < genie.right && box.bottom > genie.top && box.top < genie.bottom;
            })
            .map((element) => element.textContent?.trim() || element.outerHTML.slice(0, 80));
        });
        expect(covered, path).toEqual([]);
      }
      await screenshot(phone.page, 'issue30-phone-genie-page-end');
    } finally {
      await phone.context.close();
    }
  });

  test('the docs navigation is a closed disclosure above the article', async () => {
    await page.goto(`${server.baseUrl}/docs/introduction`);
    const toggle = page.getByTestId('docs-nav-toggle');
    await toggle.waitFor();
    const nav = page.getByRole('navigation', { name: 'Documentation' });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await nav.isVisible()).toBe(false);
    // The article's title is on the first screen, not below some 30 links.
    const title = (await page.getByRole('heading', { level: 1 }).first().boundingBox())!;
    expect(title.y + title.height).toBeLessThan(PHONE.height);
    await toggle.click();
    await nav.waitFor();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    expect((await nav.boundingBox())!.y).toBeLessThan((await page.getByRole('heading', { level: 1 }).first().boundingBox())!.y);
    await screenshot(page, 'issue30-phone-docs-nav-open');
    await nav.getByRole('link', { name: 'Webhooks' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/docs/webhooks');
    await expect.poll(() => nav.isVisible()).toBe(false);
  });

  test('the contact form is filled in with the signed-in account’s name and e-mail', async () => {
    await page.goto(`${server.baseUrl}/contact-us`);
    const form = page.getByRole('form', { name: 'Contact form' });
    await expect.poll(() => form.getByLabel('E-mail').inputValue()).toBe(agency.email);
    expect(await form.getByLabel('Name', { exact: true }).inputValue()).toBe('Agnes Agency');
    await screenshot(page, 'issue30-phone-contact-prefilled');
  });
});

