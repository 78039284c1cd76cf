import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { billingEnv, TEST_API_KEY, TEST_WEBHOOK_SECRET, VARIANTS } from '../packages/server/test/billing/billing-server';
import { FakeLemonSqueezy, sign, webhookBody } from '../packages/server/test/billing/fake-lemon-squeezy';
import { signUpAndOnboard } from './support/accounts';
import { startAppServer, type AppServer } from './support/app-server';
import { appStarted, launchBrowser, openPage, screenshot, SLOW } from './support/browser';

// Billing with the provider configured and the real SDK pointed at a local fake of its API
// (LEMONSQUEEZY_API_URL): choosing Pro reaches the hosted checkout, the success and cancel
// returns show their toasts, and the billing dialog shows what the provider reports.

let fake: FakeLemonSqueezy;
let server: AppServer;
let browser: Browser;
let page: Page;
let consoleErrors: string[];
let userId: string;

const email = `grace.${Date.now()}@example.com`;

beforeAll(async () => {
  fake = await new FakeLemonSqueezy(TEST_API_KEY).start();
  server = await startAppServer(billingEnv(fake.baseUrl));
  const site = (n: number) => ({ name: `Site ${n}`, url: `https://site${n}.example.com` });
  const grace = await signUpAndOnboard(server, {
    name: 'Grace Hopper',
    email,
    onboarding: { websites: [site(1)], industry: 'Technology & Software', competitors: [site(2)], goals: ['increase_citations'] },
  });
  userId = grace.userId;
  browser = await launchBrowser();
  ({ page, errors: consoleErrors } = await openPage(browser, { baseUrl: server.baseUrl, cookie: grace.cookie }));
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await fake?.stop();
});

test('choosing Pro while signed in goes to the provider checkout; paying returns with Subscription Activated', async () => {
  await page.goto(`${server.baseUrl}/pricing`);
  // A click on the pre-rendered button before React has taken over the page is lost.
  await appStarted(page);
  await page.getByTestId('plan-pro-button').click();
  await page.waitForURL((url) => url.href.startsWith(`${fake.baseUrl}/checkout/custom/`));
  await page.getByRole('heading', { name: 'Fake Lemon Squeezy checkout' }).waitFor();

  const [created] = fake.received('POST', '/v1/checkouts');
  expect(created.body.data.relationships.variant.data.id).toBe(VARIANTS.pro.monthly);
  expect(created.body.data.attributes.checkout_data.custom).toEqual({ user_id: userId, plan: 'pro' });
  expect(created.body.data.attributes.product_options.redirect_url).toBe(`${server.baseUrl}/dashboard?checkout_success=true&plan=pro`);

  await page.getByRole('link', { name: 'Pay' }).click();
  await page.getByText('Subscription Activated').waitFor();
  await page.getByText('Your Pro plan has been activated.').waitFor();
  await expect.poll(() => new URL(page.url()).search, SLOW).toBe('');
});

test('the cancel return shows Checkout Cancelled', async () => {
  await page.goto(`${server.baseUrl}/?checkout_cancelled=true`);
  await page.getByText('Checkout Cancelled').waitFor();
  await page.getByText('Your checkout was cancelled. You can try again anytime.').waitFor();
});

test('the billing dialog shows the subscription, usage, plans and the provider invoices', async () => {
  // The provider confirms the purchase with a signed webhook.
  const subscription = fake.putSubscription({ id: '31337', customerId: '4711', variantId: VARIANTS.pro.monthly, userEmail: email });
  fake.addInvoice('31337', { id: '9', status: 'paid', total: '$60.00', createdAt: '2026-11-01T10:00:00.000000Z' });
  const body = webhookBody('subscription_created', subscription, { customData: { user_id: userId, plan: 'pro' } });
  const delivered = await fetch(`${server.baseUrl}/api/billing/webhook`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-signature': sign(body, TEST_WEBHOOK_SECRET) }, body });
  expect(delivered.status).toBe(200);

  await page.goto(`${server.baseUrl}/dashboard`);
  await page.getByTestId('sidebar-billing').click();
  const dialog = page.getByTestId('billing-dialog');
  await dialog.waitFor();
  await expect.poll(() => dialog.getByTestId('billing-current-plan').textContent(), SLOW).toBe('Pro');
  await expect.poll(() => dialog.getByTestId('billing-status').textContent(), SLOW).toBe('Active, renews on December 1, 2026');
  await dialog.getByTestId('billing-history').waitFor();
  await dialog.getByTestId('billing-usage').waitFor();
  expect(await dialog.getByTestId('billing-portal').getAttribute('href')).toContain('lemonsqueezy.com/billing');
  await screenshot(page, 'billing-dialog');
  await dialog.getByTestId('billing-history').scrollIntoViewIfNeeded();
  await screenshot(page, 'billing-dialog-comparison');

  await dialog.getByTestId('billing-cancel').click();
  await dialog.getByTestId('billing-cancel-yes').click();
  await expect.poll(() => dialog.getByTestId('billing-status').textContent(), SLOW).toBe('Cancelled, access until December 1, 2026');
  expect(fake.received('DELETE', '/v1/subscriptions/31337')).toHaveLength(1);
  await screenshot(page, 'billing-dialog-cancelled');
  expect(consoleErrors).toEqual([]);
});
