import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { verificationLink } from './support/accounts';
import { startAppServer, type AppServer } from './support/app-server';
import { signUpInDialog } from './support/auth-dialogs';
import { launchBrowser, openPage, screenshot, toastsGone } from './support/browser';

// The visitor's whole first journey: landing, annual pricing, Core, sign-up, e-mail verification
// (which signs in), the four onboarding steps, the dashboard greeting, a settings change, and sign-out.

let server: AppServer;
let browser: Browser;
let page: Page;
let consoleErrors: string[];

beforeAll(async () => {
  server = await startAppServer();
  browser = await launchBrowser();
  ({ page, errors: consoleErrors } = await openPage(browser));
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const email = `ada.${Date.now()}@example.com`;
const password = 'correct-horse-battery-staple';

test('the landing page is pre-rendered: readable without JavaScript', async () => {
  const html = await (await fetch(`${server.baseUrl}/`)).text();
  expect(html).toContain('AI Visibility Starts Here');
  expect(html).toMatch(/<html[^>]*lang="en"/);
  expect(html).toContain('application/ld+json');
});

test('a visitor goes from the landing page to a configured dashboard and back', async () => {
  await page.goto(`${server.baseUrl}/`);
  await page.getByRole('heading', { name: 'AI Visibility Starts Here' }).waitFor();
  await screenshot(page, 'landing');

  // Annual pricing shows the annual price divided by 12, rounded: Core 180 / 12 = 15.
  await expect.poll(() => page.getByTestId('plan-core-price').textContent()).toContain('$20');
  await page.getByRole('radio', { name: /Annual/ }).check({ force: true });
  await expect.poll(() => page.getByTestId('plan-core-price').textContent()).toContain('$15');

  // Choosing Core while signed out opens sign-up.
  await page.getByTestId('plan-core-button').click();
  await signUpInDialog(page, { name: 'Ada Lovelace', email, password });

  // The verification link from the outbox confirms the e-mail and signs in: the dashboard opens with onboarding.
  await page.goto(await verificationLink(server, email));

  // Onboarding: Next stays disabled until each step is valid.
  await page.getByRole('dialog', { name: 'Set up your account' }).waitFor();
  await expect.poll(() => page.getByTestId('onboarding-next').isDisabled()).toBe(true);
  await page.getByLabel('Website 1 Name').fill('Analytical Engines');
  await page.getByLabel('Website 1 URL').fill('https://analytical-engines.example.com');
  await screenshot(page, 'onboarding-websites');
  await page.getByTestId('onboarding-next').click();
  await page.getByLabel('Industry').selectOption('Technology & Software');
  await page.getByTestId('onboarding-next').click();
  await page.getByLabel('Competitor 1 Name').fill('Difference Co');
  await page.getByLabel('Competitor 1 URL').fill('https://difference.example.org');
  await page.getByTestId('onboarding-next').click();
  await expect.poll(() => page.getByTestId('onboarding-complete').isDisabled()).toBe(true);
  await page.getByTestId('goal-increase_citations').click();
  await screenshot(page, 'onboarding-goals');
  await page.getByTestId('onboarding-complete').click();

  // Greeted by first name on the dashboard.
  await page.getByTestId('dashboard-greeting').waitFor();
  expect(await page.getByTestId('dashboard-greeting').textContent()).toMatch(/^Good (morning|afternoon|evening), Ada$/);
  expect(new URL(page.url()).pathname).toBe('/dashboard');
  await screenshot(page, 'dashboard');

  // The first-time walkthrough opens after onboarding; Escape skips it.
  await page.getByTestId('walkthrough').waitFor();
  await page.keyboard.press('Escape');
  await page.getByTestId('walkthrough').waitFor({ state: 'detached' });

  // Core was chosen on the landing page, so checkout was attempted: with no billing provider its
  // error toast sits over the header for 8 s. Let every toast run out before using the header.
  await toastsGone(page);

  // Change a competitor in Settings; the saved profile shows it.
  await page.getByRole('button', { name: 'Settings' }).click();
  await page.getByRole('dialog', { name: 'Settings' }).waitFor();
  await page.getByLabel('Competitor 1 Name').fill('Babbage Ltd');
  await page.getByTestId('settings-save').click();
  await page.getByRole('dialog', { name: 'Settings' }).waitFor({ state: 'detached' });
  await page.getByTestId('website-card').getByText('Babbage Ltd').waitFor();

  // Sign out: back on the landing page, signed out.
  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.waitForURL(`${server.baseUrl}/`);
  await page.getByRole('button', { name: 'Sign In' }).waitFor();
  const storedKeys = await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('citable.')));
  expect(storedKeys).toEqual([]);

  expect(consoleErrors).toEqual([]);
});
