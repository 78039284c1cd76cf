import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser, Page, Request } from 'playwright-core';
import { startWordpressFake, type WordpressFake } from '../packages/server/test/fakes/wordpress-fake';
import { signUpAndOnboard } from './support/accounts';
import { startAppServer, type AppServer } from './support/app-server';
import { launchBrowser, openPage, screenshot } from './support/browser';

// An Agency user connects a WordPress site (a local fake of the REST API on 127.0.0.1, which the
// server may reach through FETCH_ALLOW_HOSTS), syncs its posts, audits one, publishes a draft,
// disconnects it, then brands the dashboard. The plan is set in the database while the server is
// stopped, as an operator would (support/accounts.ts setPlans).

const WP_USER = 'editor';
const WP_PASSWORD = 'abcd EFGH ijkl MNOP';

let wordpress: WordpressFake;
let server: AppServer;
let browser: Browser;
let page: Page;
let consoleErrors: string[];

beforeAll(async () => {
  wordpress = await startWordpressFake({
    username: WP_USER,
    applicationPassword: WP_PASSWORD,
    posts: [
      {
        id: 11,
        title: 'How to brew green tea',
        status: 'publish',
        content:
          '<h2>How hot should the water be?</h2><p>Brew green tea at 70 to 80 °C for two minutes. Boiling water makes it bitter, according to the Japan Tea Association.</p><ul><li>Use 3 g of leaves per cup.</li><li>Steep twice.</li></ul>',
      },
      { id: 12, title: 'Our story', status: 'publish', content: '<p>We started in 2019 with one kettle.</p>' },
    ],
  });

  server = await startAppServer({ FETCH_ALLOW_HOSTS: '127.0.0.1' });
  const ada = await signUpAndOnboard(server, {
    name: 'Ada Lovelace',
    email: `ada.${Date.now()}@example.com`,
    onboarding: { websites: [{ name: 'Lantern Tea', url: wordpress.url }], industry: 'Food & Beverage', competitors: [{ name: 'Kettle Co', url: 'https://kettle.example.com' }], goals: ['increase_citations'] },
    plan: 'agency',
  });
  browser = await launchBrowser();
  ({ page, errors: consoleErrors } = await openPage(browser, { baseUrl: server.baseUrl, cookie: ada.cookie }));
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await wordpress?.close();
});

test('an Agency user connects WordPress, syncs and audits a post, publishes a draft, and disconnects', async () => {
  await page.goto(`${server.baseUrl}/dashboard?section=integrations`);
  await page.getByTestId('cms-section').waitFor();
  expect(await page.getByTestId('cms-card-wordpress').getAttribute('data-state')).toBe('available');
  expect(await page.getByTestId('cms-card-webflow').getAttribute('data-state')).toBe('available');
  await screenshot(page, 'cms-catalogue');

  await page.getByRole('button', { name: 'WordPress details' }).click();
  await page.getByTestId('cms-details-dialog').getByText('Application Passwords', { exact: false }).first().waitFor();
  await page.getByTestId('cms-details-dialog').getByRole('button', { name: 'Connect' }).click();

  const dialog = page.getByTestId('cms-connect-dialog');
  await dialog.getByLabel('Site URL').fill(wordpress.url);
  await dialog.getByLabel('Username').fill(WP_USER);
  await dialog.getByLabel('Application password').fill('wrong password');
  await dialog.getByTestId('cms-connect-submit').click();
  const error = dialog.getByTestId('cms-connect-error');
  await error.waitFor();
  expect(await error.textContent()).toContain('Failed to connect WordPress: The provided password is an invalid application password.');
  await screenshot(page, 'cms-connect-error');
  // The refused connect is the one failed request the browser reports; nothing else may fail.
  expect(consoleErrors).toEqual([expect.stringContaining('status of 400')]);
  consoleErrors.length = 0;

  await dialog.getByLabel('Application password').fill(WP_PASSWORD);
  await dialog.getByTestId('cms-connect-submit').click();
  await dialog.waitFor({ state: 'detached' });
  const connected = page.getByTestId('cms-connected-wordpress');
  await connected.waitFor();
  expect(await connected.textContent()).toContain(wordpress.url);
  expect(await page.getByTestId('cms-card-wordpress').getAttribute('data-state')).toBe('connected');

  await page.getByTestId('cms-sync-wordpress').click();
  await page.getByText('Sync completed successfully').waitFor();
  const items = page.getByTestId('cms-synced-items');
  await items.getByText('How to brew green tea').waitFor();
  expect(await connected.getByTestId('cms-last-sync').textContent()).toMatch(/^Last synced /);

  await items.getByRole('button', { name: 'Audit How to brew green tea' }).click();
  const score = items.getByTestId('cms-item-score');
  await score.waitFor({ timeout: 30_000 });
  expect(await score.textContent()).toMatch(/^\d{1,3}\/100/);
  await screenshot(page, 'cms-connected-synced');

  await page.getByTestId('cms-publish-wordpress').click();
  const publish = page.getByTestId('cms-publish-dialog');
  await publish.getByLabel('Title (optional)').fill('Green tea, answered');
  await publish.getByLabel('Content (HTML)').fill('<h2>How hot should the water be?</h2><p>70 to 80 °C.</p>');
  await publish.getByLabel('Schema (JSON-LD)').fill('{"@context":"https://schema.org","@type":"FAQPage"}');
  await screenshot(page, 'cms-publish');
  await publish.getByTestId('cms-publish-submit').click();
  await publish.getByTestId('cms-publish-done').waitFor();
  const draft = wordpress.posts.find((post) => post.title === 'Green tea, answered');
  expect(draft?.status).toBe('draft');
  expect(draft?.content).toContain('<p>70 to 80 °C.</p>');
  expect(draft?.content).toContain('"@type":"FAQPage"');
  await publish.getByRole('button', { name: 'Done' }).click();

  await page.getByTestId('cms-disconnect-wordpress').click();
  const confirm = page.getByTestId('cms-disconnect-dialog');
  await confirm.getByRole('button', { name: 'Cancel' }).waitFor();
  await screenshot(page, 'cms-disconnect-confirm');
  // The open item list belongs to the deleted connection: reloading it would answer 404 (it did,
  // whenever that request beat the connection list that unmounts it), so it must not even start.
  const itemListRequests: string[] = [];
  const recordItemList = (request: Request) => {
    if (/^\/api\/cms\/[^/]+\/items$/.test(new URL(request.url()).pathname)) itemListRequests.push(request.url());
  };
  page.on('request', recordItemList);
  await page.getByTestId('cms-disconnect-confirm').click();
  await connected.waitFor({ state: 'detached' });
  page.off('request', recordItemList);
  expect(itemListRequests).toEqual([]);
  expect(await page.getByTestId('cms-card-wordpress').getAttribute('data-state')).toBe('available');
  expect(consoleErrors).toEqual([]);
});

test('the Agency user brands the dashboard with white-label settings', async () => {
  await page.goto(`${server.baseUrl}/dashboard?section=white-label`);
  await page.getByTestId('white-label-section').waitFor();
  await page.getByLabel('Primary colour', { exact: true }).fill('#0EA5E9');
  await page.getByLabel('Company name').fill('Harbour Digital');
  await page.getByLabel('Custom CSS').fill('@import url(https://evil.example/x.css);\nh2 { font-weight: 800; position: fixed }');
  await page.getByTestId('white-label-save').click();
  await page.getByTestId('white-label-removed').waitFor();
  expect(await page.getByTestId('brand-company-name').textContent()).toBe('Harbour Digital');
  expect(await page.getByTestId('brand-css').textContent()).toBe('.citable-brand h2 { font-weight: 800; }');
  const primary = await page.getByTestId('brand-root').evaluate((element) => getComputedStyle(element).getPropertyValue('--color-primary-500').trim());
  expect(primary.toUpperCase()).toBe('#0EA5E9');
  await screenshot(page, 'white-label-saved');
  expect(consoleErrors).toEqual([]);
});
