import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { FOOTER_LINKS } from '../packages/web/src/features/landing/data/footer-links';
import { startAppServer, type AppServer } from './support/app-server';
import { launchBrowser, openPage, screenshot, watchConsole } from './support/browser';

// The public pages of spec 000 §2 and spec 002 §2.14: each renders, pre-rendered and hydrated,
// without console errors; every footer link resolves; the contact form and the status page work
// against the real server.

const OPERATOR = 'operator@citable.test';

const PAGES: { route: string; heading: string; text: string; staticText?: string }[] = [
  { route: '/integrations', heading: 'Connect Citable to your stack', text: 'No connector' },
  { route: '/help-center', heading: 'How can we help?', text: 'Popular articles' },
  { route: '/help-center/how-the-score-works', heading: 'How the AI Visibility Score works', text: 'The four subscores' },
  { route: '/contact-us', heading: 'Talk to the Citable team', text: 'Business hours' },
  // The status is measured live, so its pre-rendered shell holds the loading state.
  { route: '/status', heading: 'Citable system status', text: 'System Components', staticText: 'Checking all systems...' },
  { route: '/privacy-policy', heading: 'Privacy Policy', text: 'Last updated June 1, 2025' },
  { route: '/terms-of-service', heading: 'Terms of Service', text: 'San Francisco' },
  { route: '/cookie-policy', heading: 'Cookie Policy', text: 'citable.session_token' },
];

let server: AppServer;
let browser: Browser;
let page: Page;
let consoleErrors: string[];

beforeAll(async () => {
  server = await startAppServer({ CONTACT_EMAIL: OPERATOR });
  browser = await launchBrowser();
  ({ page, errors: consoleErrors } = await openPage(browser));
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const screenshotName = (route: string) => `public${route.replace(/\//g, '-')}`;

test('the public pages are pre-rendered with their title, description and canonical', async () => {
  for (const { route, text, staticText } of PAGES) {
    const html = await (await fetch(`${server.baseUrl}${route}`)).text();
    expect(html, route).toMatch(/<title>[^<]+\| Citable[^<]*<\/title>/);
    expect(html, route).toMatch(/<meta name="description" content="[^"]{50,}"/);
    // The server's PUBLIC_URL (this test server's address), put in place of the build's placeholder.
    expect(html, route).toContain(`<link rel="canonical" href="${server.baseUrl}${route}" />`);
    expect(html, route).toContain(staticText ?? text);
    expect(html, route).not.toContain('noindex');
  }
});

test('every public page renders without console errors', async () => {
  for (const { route, heading, text } of PAGES) {
    await page.goto(`${server.baseUrl}${route}`);
    await page.getByRole('heading', { level: 1, name: heading }).waitFor();
    await page.getByText(text).first().waitFor();
    if (route === '/status') await page.getByText('All Systems Operational').waitFor();
    await screenshot(page, screenshotName(route));
  }
  expect(consoleErrors).toEqual([]);
});

test('every footer link resolves to a page, not the not-found page', async () => {
  for (const link of FOOTER_LINKS) {
    await page.goto(`${server.baseUrl}/contact-us`);
    await page.getByRole('navigation', { name: 'Footer' }).getByRole('link', { name: link.label, exact: true }).click();
    await page.waitForURL(`${server.baseUrl}${link.to}`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    expect(await page.getByRole('heading', { name: 'Page not found' }).count(), link.to).toBe(0);
  }
  // A path no route answers is a 404 (the browser logs that line), with the not-found page.
  const response = await page.goto(`${server.baseUrl}/no-such-page`);
  expect(response?.status()).toBe(404);
  await page.getByRole('heading', { name: 'Page not found' }).waitFor();
  expect(consoleErrors.filter((message) => !/status of 404/.test(message))).toEqual([]);
  consoleErrors.length = 0;
});

test('the status page shows the live checks and refreshes', async () => {
  await page.goto(`${server.baseUrl}/status`);
  await page.getByText('All Systems Operational').waitFor();
  const database = page.getByRole('row', { name: /Database/ });
  await expect.poll(() => database.textContent()).toMatch(/Operational.*\d+(\.\d)? ms/);
  const before = await page.locator('time').first().getAttribute('datetime');
  await new Promise((resolve) => setTimeout(resolve, 2100));
  await page.getByRole('button', { name: 'Refresh' }).click();
  await expect.poll(() => page.locator('time').first().getAttribute('datetime')).not.toBe(before);
  expect(await page.getByRole('heading', { name: 'Scheduled Maintenance' }).count()).toBe(0);
  expect(consoleErrors).toEqual([]);
});

test('the help centre search filters articles and questions', async () => {
  await page.goto(`${server.baseUrl}/help-center`);
  await page.getByRole('searchbox', { name: 'Search articles and questions' }).fill('robots');
  await page.getByRole('heading', { name: 'Matching articles' }).waitFor();
  await page.getByRole('link', { name: 'Fixing the most common issues' }).waitFor();
  expect(await page.getByRole('link', { name: 'Plans, upgrades and cancelling' }).count()).toBe(0);
  await screenshot(page, 'public-help-center-search');
});

test('the public pages fit a phone screen', async () => {
  const phone = await browser.newPage({ viewport: { width: 390, height: 844 } });
  const errors = watchConsole(phone);
  // /pricing shows the whole landing page, with its wide comparison and crawler tables.
  for (const route of ['/contact-us', '/status', '/integrations', '/cookie-policy', '/pricing', '/help-center']) {
    await phone.goto(`${server.baseUrl}${route}`);
    await phone.getByRole('heading', { level: 1 }).first().waitFor();
    if (route === '/status') await phone.getByText('All Systems Operational').waitFor();
    const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, route).toBeLessThanOrEqual(0);
    await screenshot(phone, `${screenshotName(route)}-phone`);
  }
  await phone.close();
  expect(errors).toEqual([]);
});

test('a visitor sends the contact form and the operator receives it', async () => {
  await page.goto(`${server.baseUrl}/contact-us`);
  const form = page.getByRole('form', { name: 'Contact form' });
  // The browser's own validation stops an empty submission (spec 000 §5).
  await form.getByRole('button', { name: 'Send Message' }).click();
  expect(await form.evaluate((element) => (element as HTMLFormElement).checkValidity())).toBe(false);

  await form.getByLabel('Name', { exact: true }).fill('Ada Lovelace');
  await form.getByLabel('E-mail').fill('ada@example.com');
  await form.getByLabel('Website (optional)').fill('https://engines.example.com');
  await form.getByLabel('Subject', { exact: true }).selectOption('support');
  await form.getByLabel('Message', { exact: true }).fill('How do I read the citation likelihood subscore?');
  await form.getByRole('checkbox').check();
  await form.getByRole('button', { name: 'Send Message' }).click();
  await page.getByRole('heading', { name: 'Message Sent!' }).waitFor();
  // A full-page screenshot of a scrolled page paints the sticky header mid-page.
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, 'public-contact-us-sent');

  const mail = (await server.outbox()).filter((message) => message.to === OPERATOR);
  expect(mail).toHaveLength(1);
  expect(mail[0].text).toContain('How do I read the citation likelihood subscore?');

  await page.getByRole('button', { name: 'Send Another Message' }).click();
  await page.getByRole('form', { name: 'Contact form' }).waitFor();
  expect(consoleErrors).toEqual([]);
});
