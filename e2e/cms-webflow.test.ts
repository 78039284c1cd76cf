import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startWebflowFake, type WebflowFake } from '../packages/server/test/fakes/webflow-fake';
import { signUpAndOnboard } from './support/accounts';
import { startAppServer, type AppServer } from './support/app-server';
import { launchBrowser, openPage, screenshot } from './support/browser';

// A Pro user connects a Webflow site with a site token (a local fake of the Data API v2 on
// 127.0.0.1, which the server reaches through WEBFLOW_API_URL and FETCH_ALLOW_HOSTS), syncs its
// collection items, publishes content and JSON-LD to one item live, and disconnects.

const TOKEN = 'wf_e2e_site_token_0123456789abcdef';
const SITE_ID = '65b0f0e0d0c0b0a090807060';
const COLLECTION_ID = '65b0f0e0d0c0b0a090807061';
const ITEM_ID = '65b0f0e0d0c0b0a090807062';

let webflow: WebflowFake;
let server: AppServer;
let browser: Browser;
let page: Page;
let consoleErrors: string[];
let cookie: string;

beforeAll(async () => {
  webflow = await startWebflowFake({
    token: TOKEN,
    site: { id: SITE_ID, displayName: 'Lantern Tea', shortName: 'lantern-tea', customDomains: [] },
    collections: [
      {
        id: COLLECTION_ID,
        displayName: 'Journal',
        slug: 'journal',
        fields: [
          { slug: 'name', type: 'PlainText', displayName: 'Name' },
          { slug: 'slug', type: 'PlainText', displayName: 'Slug' },
          { slug: 'post-body', type: 'RichText', displayName: 'Post Body' },
          { slug: 'json-ld', type: 'PlainText', displayName: 'JSON-LD' },
        ],
        items: [
          { id: ITEM_ID, isArchived: false, isDraft: false, fieldData: { name: 'How to brew green tea', slug: 'green-tea', 'post-body': '<h2>How hot should the water be?</h2><p>Brew green tea at 70 to 80 °C for two minutes.</p>' } },
          { id: '65b0f0e0d0c0b0a090807063', isArchived: false, isDraft: false, fieldData: { name: 'Our story', slug: 'story', 'post-body': '<p>We started in 2019 with one kettle.</p>' } },
        ],
      },
    ],
  });
  server = await startAppServer({ FETCH_ALLOW_HOSTS: '127.0.0.1', WEBFLOW_API_URL: `${webflow.url}/v2` });
  const grace = await signUpAndOnboard(server, {
    name: 'Grace Hopper',
    email: `grace.${Date.now()}@example.com`,
    onboarding: { websites: [{ name: 'Lantern Tea', url: 'https://lantern-tea.webflow.io' }], industry: 'Food & Beverage', competitors: [{ name: 'Kettle Co', url: 'https://kettle.example.com' }], goals: ['increase_citations'] },
    plan: 'pro',
  });
  cookie = grace.cookie;
  browser = await launchBrowser();
  ({ page, errors: consoleErrors } = await openPage(browser, { baseUrl: server.baseUrl, cookie }));
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await webflow?.close();
});

test('a Pro user connects Webflow, syncs its items, publishes content and schema live, and disconnects', async () => {
  await page.goto(`${server.baseUrl}/dashboard?section=integrations`);
  await page.getByTestId('cms-section').waitFor();
  expect(await page.getByTestId('cms-card-webflow').getAttribute('data-state')).toBe('available');
  expect(await page.getByTestId('cms-card-contentful').getAttribute('data-state')).toBe('available');
  // Drupal is an Agency connector; Squarespace is sold by no plan and says why.
  expect(await page.getByTestId('cms-card-drupal').getAttribute('data-state')).toBe('upgrade');
  expect(await page.getByTestId('cms-card-squarespace').count()).toBe(0);
  expect(await page.getByTestId('cms-unsupported').textContent()).toContain('Squarespace has no public API for writing pages or blog posts');

  await page.getByTestId('cms-connect-webflow').click();
  const dialog = page.getByTestId('cms-connect-dialog');
  await dialog.getByLabel('Site token').fill('not-the-token');
  await dialog.getByTestId('cms-connect-submit').click();
  const error = dialog.getByTestId('cms-connect-error');
  await error.waitFor();
  expect(await error.textContent()).toContain('Failed to connect Webflow: Request not authorized');
  expect(consoleErrors).toEqual([expect.stringContaining('status of 400')]);
  consoleErrors.length = 0;

  await dialog.getByLabel('Site token').fill(TOKEN);
  await dialog.getByTestId('cms-connect-submit').click();
  await dialog.waitFor({ state: 'detached' });
  const connected = page.getByTestId('cms-connected-webflow');
  await connected.waitFor();
  expect(await connected.textContent()).toContain('https://lantern-tea.webflow.io');

  await page.getByTestId('cms-sync-webflow').click();
  await page.getByText('Sync completed successfully').waitFor();
  const items = page.getByTestId('cms-synced-items');
  await items.getByText('How to brew green tea').waitFor();
  expect(await items.textContent()).toContain(`${COLLECTION_ID}/${ITEM_ID}`);

  for (const [width, name] of [
    [1440, 'cms-webflow-connected-1440'],
    [390, 'cms-webflow-connected-390'],
  ] as const) {
    await page.setViewportSize({ width, height: 900 });
    await screenshot(page, name);
  }
  await page.setViewportSize({ width: 1366, height: 900 });

  await page.getByTestId('cms-publish-webflow').click();
  const publish = page.getByTestId('cms-publish-dialog');
  await publish.getByLabel('Item id').fill(`${COLLECTION_ID}/${ITEM_ID}`);
  await publish.getByLabel('Content (HTML for the Rich text field)').fill('<h2>How hot should the water be?</h2><p>70 to 80 °C.</p>');
  await publish.getByLabel('Schema (JSON-LD)').fill('{"@context":"https://schema.org","@type":"FAQPage"}');
  await publish.getByLabel('Publish the item to the live site').check();
  await screenshot(page, 'cms-webflow-publish');
  await publish.getByTestId('cms-publish-submit').click();
  const done = publish.getByTestId('cms-publish-done');
  await done.waitFor();
  expect(await done.textContent()).toContain(`Item #${COLLECTION_ID}/${ITEM_ID} updated.`);
  const item = webflow.collections[0].items[0];
  expect(item.fieldData['post-body']).toBe('<h2>How hot should the water be?</h2><p>70 to 80 °C.</p>');
  expect(item.fieldData['json-ld']).toBe('{"@context":"https://schema.org","@type":"FAQPage"}');
  expect(webflow.published).toEqual([ITEM_ID]);
  await publish.getByRole('button', { name: 'Done' }).click();

  await page.getByTestId('cms-disconnect-webflow').click();
  await page.getByTestId('cms-disconnect-confirm').click();
  await connected.waitFor({ state: 'detached' });
  expect(await page.getByTestId('cms-card-webflow').getAttribute('data-state')).toBe('available');
  expect(consoleErrors).toEqual([]);
});

test('the public /integrations page lists each connector and webhooks as they are', async () => {
  const visitor = await openPage(browser, { baseUrl: server.baseUrl });
  await visitor.page.goto(`${server.baseUrl}/integrations`);
  for (const id of ['wordpress', 'shopify', 'webflow', 'contentful', 'drupal', 'webhooks']) {
    await visitor.page.getByTestId(`integration-${id}`).waitFor();
    expect(await visitor.page.getByTestId(`integration-${id}`).textContent(), id).not.toContain('No connector');
  }
  expect(await visitor.page.getByTestId('integration-squarespace').textContent()).toContain('No connector');
  expect(await visitor.page.getByTestId('integration-webhooks').textContent()).toContain('Settings → Webhooks');
  await visitor.context.close();
});
