import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { WORKSPACE_ERRORS, type WorkspaceRole } from '@citable/contract';
import { signUpAndOnboard, type Account } from './support/accounts';
import { callApi } from './support/api';
import { startAppServer, type AppServer } from './support/app-server';
import { launchBrowser, openPage, screenshot, SLOW } from './support/browser';

// Issue 33: what each role of an agency workspace is offered while a client of the agency is shown.
// The owner (Agency plan) makes a workspace and a client and invites an admin, a member and a
// client-role person, who accept over HTTP as the invite page does. Each signs in, in a browser of
// their own, at desktop and phone width, with the client selected: owner, admin and member get
// every control; the client role gets the scores and reports to read, each control that would
// change something disabled with the reason on it, and no agency plan, billing or white-label.
// None of them sees a console error (a click that reached a 403 would log one).

const stamp = Date.now();
const CLIENT = { name: 'Juniper Bakery', website: 'https://juniper-bakery.example.com' };
const VIEWPORTS = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;

let server: AppServer;
let browser: Browser;
const accounts = new Map<WorkspaceRole, Account>();
let clientId: string;

function onboarding(name: string) {
  const host = name.toLowerCase().replace(/\W+/g, '-');
  return { websites: [{ name, url: `https://${host}.example.net` }], industry: 'Marketing & Advertising', competitors: [{ name: `${name} Rival`, url: `https://rival-${host}.example.net` }], goals: ['improve_understanding'] };
}

beforeAll(async () => {
  server = await startAppServer();
  const owner = await signUpAndOnboard(server, { name: 'Oona Owner', email: `oona.${stamp}@example.com`, onboarding: onboarding('Oona Agency'), plan: 'agency' });
  accounts.set('owner', owner);
  const workspace = await callApi(server, '/api/workspaces', { body: { name: 'Oona Digital' }, cookie: owner.cookie });
  expect(workspace.status).toBe(201);
  const workspaceId = ((await workspace.json()) as { workspace: { id: string } }).workspace.id;
  const created = await callApi(server, `/api/workspaces/${workspaceId}/clients`, { body: CLIENT, cookie: owner.cookie });
  expect(created.status, await created.clone().text()).toBe(201);
  clientId = ((await created.json()) as { client: { id: string } }).client.id;

  for (const role of ['admin', 'member', 'client'] as const) {
    const person = await signUpAndOnboard(server, { name: `${role[0]!.toUpperCase()}${role.slice(1)} Person`, email: `${role}.${stamp}@example.com`, onboarding: onboarding(`${role} Own Site`) });
    const invited = await callApi(server, `/api/workspaces/${workspaceId}/invitations`, { body: { email: person.email, role, clientIds: role === 'client' ? [clientId] : [] }, cookie: owner.cookie });
    expect(invited.status, await invited.clone().text()).toBe(201);
    const { link } = (await invited.json()) as { link: string };
    const token = new URL(link).searchParams.get('token');
    const accepted = await callApi(server, '/api/invitations/accept', { body: { token }, cookie: person.cookie });
    expect(accepted.status, await accepted.clone().text()).toBe(200);
    accounts.set(role, person);
  }
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** A signed-in page of `role` with the agency's client selected, as the client switcher leaves it. */
async function openAsRole(role: WorkspaceRole, viewport: (typeof VIEWPORTS)[number]): Promise<{ page: Page; errors: string[]; close: () => Promise<void> }> {
  const { context, page, errors } = await openPage(browser, { baseUrl: server.baseUrl, cookie: accounts.get(role)!.cookie, viewport: { width: viewport.width, height: viewport.height } });
  await context.addInitScript((id) => window.localStorage.setItem('citable.selected-client', id), clientId);
  return { page, errors, close: () => context.close() };
}

/** Whether a control is offered and usable: absent, disabled (with its title) or enabled. */
async function controlState(page: Page, testId: string): Promise<'absent' | 'disabled' | 'enabled'> {
  const control = page.getByTestId(testId);
  if ((await control.count()) === 0 || !(await control.first().isVisible())) return 'absent';
  return (await control.first().isEnabled()) ? 'enabled' : 'disabled';
}

describe.each(VIEWPORTS)('at $width px', (viewport) => {
  test.each(['owner', 'admin', 'member', 'client'] as const)('the %s sees the controls the role may use, and no console error', async (role) => {
    const readOnly = role === 'client';
    const { page, errors, close } = await openAsRole(role, viewport);
    try {
      // The overview of the selected client: its banner, the audit controls.
      await page.goto(`${server.baseUrl}/dashboard`);
      await expect.poll(() => page.getByTestId('client-banner-name').textContent(), SLOW).toBe(CLIENT.name);
      const run = page.getByTestId('audit-run');
      await run.waitFor();
      // The role comes with the workspace, which loads beside the page: waited for, not assumed.
      await expect.poll(() => controlState(page, 'audit-run'), SLOW).toBe(readOnly ? 'disabled' : 'enabled');
      expect(await page.getByTestId('client-banner-read-only').count()).toBe(readOnly ? 1 : 0);
      if (readOnly) {
        // The reason is on the control (its title and description), not behind a click.
        expect(await run.getAttribute('title')).toBe(WORKSPACE_ERRORS.readOnly);
        const describedBy = (await run.getAttribute('aria-describedby'))!;
        expect(await page.locator(`[id="${describedBy}"]`).textContent()).toContain(WORKSPACE_ERRORS.readOnly);
      }

      // The agency's plan and billing are not a client's business; white-label neither.
      expect(await controlState(page, 'plan-badge')).toBe(readOnly ? 'absent' : 'enabled');
      if (viewport.width >= 768) {
        expect(await controlState(page, 'header-billing')).toBe(readOnly ? 'absent' : 'enabled');
        expect(await controlState(page, 'sidebar-billing')).toBe(readOnly ? 'absent' : 'enabled');
        expect(await controlState(page, 'sidebar-white-label')).toBe(readOnly ? 'absent' : 'enabled');
      } else {
        await page.getByTestId('nav-drawer-open').click();
        await page.getByTestId('nav-drawer').waitFor();
        expect(await controlState(page, 'nav-drawer-billing')).toBe(readOnly ? 'absent' : 'enabled');
        expect(await controlState(page, 'nav-drawer-white-label')).toBe(readOnly ? 'absent' : 'enabled');
        expect(await page.getByTestId('nav-drawer').textContent()).toContain(readOnly ? 'Sign out' : 'Agency plan');
        await page.getByTestId('nav-drawer-close').click();
        await page.getByTestId('nav-drawer').waitFor({ state: 'detached' });
      }
      await screenshot(page, `roles-${role}-overview-${viewport.width}`);

      // A tool: Run is offered to every role that may run it; the client role reads why not.
      await page.goto(`${server.baseUrl}/dashboard?section=schema`);
      await page.getByTestId('tool-page-schema').waitFor();
      await expect.poll(() => page.getByTestId('client-banner-name').textContent(), SLOW).toBe(CLIENT.name);
      await expect.poll(() => page.getByTestId('tool-page-schema').getByTestId('read-only-note').count(), SLOW).toBe(readOnly ? 1 : 0);
      if (readOnly) expect(await controlState(page, 'tool-run')).toBe('disabled');

      // Reports: generating is for the agency's people.
      await page.goto(`${server.baseUrl}/dashboard?section=reports`);
      await page.getByTestId('reports-section').waitFor();
      await expect.poll(() => controlState(page, 'reports-generate'), SLOW).toBe(readOnly ? 'disabled' : 'enabled');

      // Clients: adding one is for owners and admins; the others see the list only.
      await page.goto(`${server.baseUrl}/dashboard?section=clients`);
      const section = page.getByTestId('clients-section');
      await expect.poll(() => section.getByTestId('rollup-row').count(), SLOW).toBe(1);
      expect(await controlState(page, 'add-client')).toBe(role === 'owner' || role === 'admin' ? 'enabled' : 'absent');
      await screenshot(page, `roles-${role}-clients-${viewport.width}`);

      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });
});
