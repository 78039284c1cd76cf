import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { ADVANCED_SECTION_IDS, TOOL_IDS, type PlanId } from '@citable/contract';
import { RIVAL_TEA_PAGES, serveSite, teaShopPages, type ServedSite } from '../packages/server/test/fixtures/tool-sites';
import { setPlans, signUpAndOnboard, type Account } from './support/accounts';
import { callApi } from './support/api';
import { startAppServer, type AppServer } from './support/app-server';
import { launchBrowser, openPage, screenshot, SLOW } from './support/browser';

// Issue 19, "Done when": signed in as a Free, a Pro and an Agency user, each with an audited site
// and an audited competitor (and, for the agency, a workspace with a client), every dashboard
// section (the sidebar's, plus the Settings and Billing dialogs) and every public page opens at
// 1440 × 900 and at 390 × 844 with no console error, no failed request or answer of 400 and up,
// no sideways scrolling, and no axe-core violation of WCAG 2.0/2.1 A and AA.

// Evaluated rather than added as a script tag, which the app's Content-Security-Policy (script-src 'self') refuses.
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

const VIEWPORTS = {
  desktop: { width: 1440, height: 900 },
  phone: { width: 390, height: 844 },
} as const;
type ViewportName = keyof typeof VIEWPORTS;

/** The sidebar's sections (registry.ts: the contract's tools and advanced areas, the grid and Clients), then the two dialogs. */
const SECTIONS = ['overview', 'tools', ...TOOL_IDS.filter((id) => id !== 'overview'), ...ADVANCED_SECTION_IDS, 'clients'];
const DIALOGS = { settings: 'Settings', billing: 'Billing & Subscription' } as const;

/** A path no route answers: the server sends the not-found page with 404. */
const NOT_FOUND_ROUTE = '/no-such-page';
/** Pages the sitemap leaves out: the token pages without a token, and the not-found page. */
const UNLISTED_ROUTES = ['/reset-password', '/invite', NOT_FOUND_ROUTE];

let server: AppServer;
let browser: Browser;
let shop: ServedSite;
let rival: ServedSite;
let publicRoutes: string[];
const USER_KEYS = ['free', 'pro', 'agency'] as const;
type UserKey = (typeof USER_KEYS)[number];
const users = {} as Record<UserKey, Account>;

const onboarding = () => ({
  websites: [{ name: 'Lantern Tea', url: shop.url }],
  industry: 'Food & Beverage',
  competitors: [{ name: 'Kettle & Leaf', url: rival.altUrl }],
  goals: ['voice_search', 'competitive_edge'],
});

/** Runs a one-page site audit of `url` as `account` and waits for it to complete. */
async function audit(account: Account, url: string): Promise<void> {
  const started = await callApi(server, '/api/audits', { body: { url, scope: 'site', maxPages: 1 }, cookie: account.cookie });
  expect(started.status, await started.clone().text()).toBe(202);
  const { id } = (await started.json()) as { id: string };
  const deadline = Date.now() + 90_000;
  for (;;) {
    const run = (await (await callApi(server, `/api/audits/${id}`, { cookie: account.cookie })).json()) as { status: string; error?: string };
    if (run.status === 'completed') return;
    if (run.status === 'failed') throw new Error(`audit of ${url} failed: ${run.error}`);
    if (Date.now() > deadline) throw new Error(`audit of ${url} still ${run.status}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

beforeAll(async () => {
  rival = await serveSite(RIVAL_TEA_PAGES);
  shop = await serveSite(teaShopPages([rival.altUrl]));
  server = await startAppServer();
  const stamp = Date.now();
  const names = { free: 'Frida Free', pro: 'Pablo Pro', agency: 'Agnes Agency' };
  await Promise.all(
    USER_KEYS.map(async (key) => {
      users[key] = await signUpAndOnboard(server, { name: names[key], email: `${key}.sweep.${stamp}@example.com`, onboarding: onboarding() });
    }),
  );
  // One restart sets both paid plans.
  await setPlans(server, [
    [users.pro, 'pro' satisfies PlanId],
    [users.agency, 'agency' satisfies PlanId],
  ]);
  // Each user's site and competitor audited, so the sections have scores, history and a comparison to lay out.
  await Promise.all(
    USER_KEYS.map(async (key) => {
      await audit(users[key], shop.url);
      await audit(users[key], rival.altUrl);
    }),
  );
  // The agency's workspace and client: the header's switcher and the Clients roll-up have rows.
  const created = await callApi(server, '/api/workspaces', { body: { name: 'Agnes Digital' }, cookie: users.agency.cookie });
  expect(created.status).toBe(201);
  const { workspace } = (await created.json()) as { workspace: { id: string } };
  const client = await callApi(server, `/api/workspaces/${workspace.id}/clients`, { body: { name: 'Cedar Law Partners', website: 'https://cedar-law.example.org' }, cookie: users.agency.cookie });
  expect(client.status).toBe(201);

  const sitemap = await (await fetch(`${server.baseUrl}/sitemap.xml`)).text();
  publicRoutes = [...[...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map(([, loc]) => new URL(loc!).pathname), ...UNLISTED_ROUTES];
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await shop?.close();
  await rival?.close();
});

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[] }[];
}

/**
 * Watches a page for what it does wrong: console errors, uncaught errors, requests that fail or
 * are answered with 400 and up. Also counts the requests in flight, so a check can wait for quiet.
 */
function watch(page: Page) {
  const problems: string[] = [];
  const inFlight = new Set<unknown>();
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console error: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('request', (request) => inFlight.add(request));
  page.on('requestfinished', (request) => inFlight.delete(request));
  page.on('requestfailed', (request) => {
    inFlight.delete(request);
    problems.push(`request failed: ${request.method()} ${request.url()} ${request.failure()?.errorText ?? ''}`);
  });
  page.on('response', (response) => {
    if (response.status() >= 400) problems.push(`HTTP ${response.status()}: ${response.request().method()} ${response.url()}`);
  });
  return {
    /** What went wrong since the last call. */
    take: () => problems.splice(0),
    /** Waits until no request is in flight, twice in a row (a finished query may start the next). */
    quiet: async () => {
      let calm = 0;
      await expect
        .poll(() => {
          calm = inFlight.size === 0 ? calm + 1 : 0;
          return calm >= 2;
        }, { ...SLOW, interval: 50 })
        .toBe(true);
    },
  };
}

/** Every way the page on screen falls short: sideways scrolling and axe-core violations. */
async function audit11y(page: Page): Promise<string[]> {
  const problems: string[] = [];
  const overflow = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
  if (overflow.scroll > overflow.client) problems.push(`scrolls sideways: scrollWidth ${overflow.scroll} > clientWidth ${overflow.client}`);
  // Colours mid-transition (a button fading in, a hover state settling) are not what the user
  // reads: let every finite animation end before axe measures contrast (seen failing under load).
  await page.evaluate(() =>
    Promise.all(document.getAnimations().filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity).map((animation) => animation.finished.catch(() => undefined))),
  );
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(`${axeSource}\n;void 0`);
  const violations = await page.evaluate(async (tags) => {
    const result = await (window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: AxeViolation[] }> } }).axe.run(document, {
      runOnly: { type: 'tag', values: tags },
      resultTypes: ['violations'],
    });
    return result.violations.map(({ id, impact, help, nodes }) => ({ id, impact, help, nodes: nodes.map(({ target }) => ({ target })) }));
  }, AXE_TAGS);
  for (const violation of violations) {
    problems.push(`axe ${violation.id} (${violation.impact}): ${violation.help}; ${violation.nodes.map((node) => JSON.stringify(node.target)).join(', ')}`);
  }
  return problems;
}

const report = (found: Record<string, string[]>) =>
  Object.entries(found)
    .filter(([, problems]) => problems.length > 0)
    .map(([where, problems]) => `${where}:\n  ${problems.join('\n  ')}`)
    .join('\n');

/**
 * One user at one viewport, in a context of its own: every section in the app (as the sidebar
 * switches them), the two dialogs, then this user's share of the public pages, each loaded whole
 * (pre-rendered markup, then hydration). A visitor (signed out) opens `routes` only. Returns what
 * each screen got wrong.
 */
async function sweep(who: UserKey | 'visitor', viewport: ViewportName, routes: string[]): Promise<Record<string, string[]>> {
  const cookie = who === 'visitor' ? undefined : users[who].cookie;
  const { context, page } = await openPage(browser, { baseUrl: server.baseUrl, cookie, viewport: VIEWPORTS[viewport] });
  const watcher = watch(page);
  const found: Record<string, string[]> = {};
  const check = async (where: string, shot: string) => {
    await watcher.quiet();
    found[where] = [...(await audit11y(page)), ...watcher.take()];
    await screenshot(page, `sweep-${who}-${viewport}-${shot}`);
  };
  /** As the sidebar does: the address changes and the router follows, without a reload. */
  const openSection = (search: string) =>
    page.evaluate((next) => {
      window.history.pushState(null, '', `/dashboard${next}`);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, search);
  try {
    if (cookie) {
      await page.goto(`${server.baseUrl}/dashboard`);
      await page.getByTestId('dashboard-greeting').waitFor(SLOW);
      // The sweep covers what the sidebar offers, no more and no less (rendered, if hidden, on phones).
      const listed = await page
        .getByTestId('dashboard-sidebar')
        .locator('[data-testid^="sidebar-"]')
        .evaluateAll((items) => items.map((item) => item.getAttribute('data-testid')!.slice('sidebar-'.length)));
      expect(new Set(listed)).toEqual(new Set([...SECTIONS, 'billing']));
      for (const id of SECTIONS) {
        await openSection(id === 'overview' ? '' : `?section=${id}`);
        // The sidebar marks the section in the same render that shows it.
        await page.locator(`[data-testid="sidebar-${id}"][aria-current="page"]`).waitFor({ state: 'attached', ...SLOW });
        await page.locator('main h1, main h2').first().waitFor(SLOW);
        await check(`dashboard ${id}`, id);
      }
      for (const [id, name] of Object.entries(DIALOGS)) {
        await openSection(`?section=${id}`);
        const dialog = page.getByRole('dialog', { name });
        await dialog.waitFor(SLOW);
        await check(`dashboard ${id} dialog`, id);
        await page.keyboard.press('Escape');
        await dialog.waitFor({ state: 'detached' });
      }
    }
    for (const route of routes) {
      // Nothing of the last page is still loading when it is left, so no request is cut off by the sweep itself.
      await watcher.quiet();
      await page.goto(`${server.baseUrl}${route}`);
      if (cookie && route === '/') {
        // A signed-in visitor of the home page is taken to the dashboard (app/auth-flow.ts).
        await page.waitForURL((url) => url.pathname === '/dashboard', SLOW);
        await page.getByTestId('dashboard-greeting').waitFor(SLOW);
      } else if (!cookie && route === '/dashboard') {
        // Signed out, the dashboard's address opens the sign-in dialog over a page that explains it.
        await page.getByRole('dialog').waitFor(SLOW);
      }
      await page.locator('h1').first().waitFor(SLOW);
      await check(`page ${route}`, `page${route === '/' ? '-home' : route.replaceAll('/', '-')}`);
      // The not-found page's own 404, and the line the browser logs for it, are what it should do.
      if (route === NOT_FOUND_ROUTE) {
        const expected = [`HTTP 404: GET ${server.baseUrl}${NOT_FOUND_ROUTE}`, 'console error: Failed to load resource: the server responded with a status of 404 (Not Found)'];
        found[`page ${route}`] = found[`page ${route}`].filter((problem) => !expected.includes(problem));
      }
    }
  } finally {
    await context.close();
  }
  return found;
}

/** Both sweeps' findings; if one fails, it waits for the other to end (and close its context) before failing the test. */
async function both<T>(sweeps: [Promise<T>, Promise<T>]): Promise<[T, T]> {
  const [first, second] = await Promise.allSettled(sweeps);
  if (first.status === 'rejected') throw first.reason;
  if (second.status === 'rejected') throw second.reason;
  return [first.value, second.value];
}

// The two viewports of a user run side by side (two cores); the users one after the other.
// Public pages look the same to every signed-in plan (the header's Dashboard button is all that
// depends on the session), so each user opens a third of them, at both viewports.
for (const [index, key] of USER_KEYS.entries()) {
  test(`signed in as the ${key} user: every dashboard section and public page at 1440 × 900 and 390 × 844`, { timeout: 300_000 }, async () => {
    const routes = publicRoutes.filter((_, at) => at % USER_KEYS.length === index);
    const [desktop, phone] = await both([sweep(key, 'desktop', routes), sweep(key, 'phone', routes)]);
    expect(report(desktop), `${key} at 1440 × 900`).toBe('');
    expect(report(phone), `${key} at 390 × 844`).toBe('');
  });
}

// Signed in, the home page leads to the dashboard; the landing page and the dashboard's sign-in
// screen as a visitor sees them.
test('signed out: the home page and the dashboard sign-in at 1440 × 900 and 390 × 844', async () => {
  const [desktop, phone] = await both([sweep('visitor', 'desktop', ['/', '/dashboard']), sweep('visitor', 'phone', ['/', '/dashboard'])]);
  expect(report(desktop), 'visitor at 1440 × 900').toBe('');
  expect(report(phone), 'visitor at 390 × 844').toBe('');
});
