import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BILLING_ERRORS } from '@citable/contract';
import { loadBillingConfig } from '../../src/settings/billing';
import { reconcileSubscriptions } from '../../src/features/billing/reconcile-job';
import { createProvider } from '../../src/features/billing/provider';
import { auditRuns, toolRuns, userActivity } from '../../src/db/schema';
import { api, signUpVerified, STRONG_PASSWORD, uniqueEmail } from '../helpers';
import { billingEnv, startBillingServer, TEST_API_KEY, TEST_STORE_ID, TEST_WEBHOOK_SECRET, VARIANTS, type BillingTestServer } from './billing-server';
import { FakeLemonSqueezy, sign, subscriptionObject, webhookBody } from './fake-lemon-squeezy';

let fake: FakeLemonSqueezy;
let server: BillingTestServer;
let base: string;
let nextId = 8000;

beforeAll(async () => {
  fake = await new FakeLemonSqueezy(TEST_API_KEY).start();
  server = await startBillingServer({ env: billingEnv(fake.baseUrl) });
  base = server.baseUrl;
});
afterAll(async () => {
  await server?.close();
  await fake?.stop();
});

async function newUser(label: string) {
  const email = uniqueEmail(label);
  const cookie = await signUpVerified(base, { name: `${label} Person`, email, password: STRONG_PASSWORD });
  const me = await api(base, '/api/me', { cookie });
  return { email, cookie, id: me.body.user.id as string };
}

/** A live subscription at the fake, announced to the server by its signed subscription_created. */
async function subscribe(user: { id: string }, plan: 'core' | 'pro' | 'agency' = 'pro') {
  const subscription = String(++nextId);
  const customer = String(++nextId);
  const object = fake.putSubscription({ id: subscription, customerId: customer, variantId: VARIANTS[plan].monthly });
  const body = webhookBody('subscription_created', object, { customData: { user_id: user.id, plan } });
  const response = await api(base, '/api/billing/webhook', { rawBody: body, headers: { 'x-signature': sign(body, TEST_WEBHOOK_SECRET) } });
  expect(response.body.outcome).toBe('applied');
  return { subscription, customer };
}

describe('config', () => {
  it('reports billing as configured when every LEMONSQUEEZY_* value is set', async () => {
    expect((await api(base, '/api/config')).body.billingConfigured).toBe(true);
  });
});

describe('create-checkout', () => {
  it('needs a session', async () => {
    const response = await api(base, '/api/functions/create-checkout', { body: { plan: 'pro', billingCycle: 'monthly' } });
    expect(response.status).toBe(401);
    expect(response.body.error).toContain(BILLING_ERRORS.notAuthenticated);
  });

  it('creates a checkout for the session user with the plan and cycle variant and custom data', async () => {
    const alice = await newUser('checkout');
    const successUrl = `${base}/dashboard?checkout_success=true&plan=pro`;
    const response = await api(base, '/api/functions/create-checkout', {
      cookie: alice.cookie,
      body: { plan: 'pro', billingCycle: 'annual', userId: alice.id, name: 'Spoofed Name', email: 'spoofed@example.com', successUrl, cancelUrl: `${base}/?checkout_cancelled=true` },
    });
    expect(response.status).toBe(200);
    expect(response.body.success).toBe(true);
    expect(response.body.checkoutUrl).toMatch(new RegExp(`^${fake.baseUrl}/checkout/custom/`));
    const [sent] = fake.received('POST', '/v1/checkouts').slice(-1);
    expect(sent.authorization).toBe(`Bearer ${TEST_API_KEY}`);
    expect(sent.body.data.relationships).toEqual({ store: { data: { type: 'stores', id: TEST_STORE_ID } }, variant: { data: { type: 'variants', id: VARIANTS.pro.annual } } });
    expect(sent.body.data.attributes.checkout_data).toMatchObject({ email: alice.email, name: 'checkout Person', custom: { user_id: alice.id, plan: 'pro' } });
    expect(sent.body.data.attributes.product_options.redirect_url).toBe(successUrl);
    const page = await fetch(response.body.checkoutUrl);
    expect(await page.text()).toContain('Fake Lemon Squeezy checkout');
  });

  it('uses the monthly variant and a default return address', async () => {
    const bob = await newUser('monthly');
    expect((await api(base, '/api/functions/create-checkout', { cookie: bob.cookie, body: { plan: 'core', billingCycle: 'monthly' } })).body.success).toBe(true);
    const [sent] = fake.received('POST', '/v1/checkouts').slice(-1);
    expect(sent.body.data.relationships.variant.data.id).toBe(VARIANTS.core.monthly);
    expect(sent.body.data.attributes.product_options.redirect_url).toBe(`${base}/dashboard?checkout_success=true&plan=core`);
  });

  it('refuses another user id, the free plan, foreign return addresses and unknown fields', async () => {
    const carol = await newUser('refused');
    const checkout = (body: unknown) => api(base, '/api/functions/create-checkout', { cookie: carol.cookie, body });
    expect((await checkout({ plan: 'pro', billingCycle: 'monthly', userId: 'someone-else' })).status).toBe(403);
    expect((await checkout({ plan: 'free', billingCycle: 'monthly' })).status).toBe(400);
    expect((await checkout({ plan: 'pro', billingCycle: 'weekly' })).status).toBe(400);
    expect((await checkout({ plan: 'pro', billingCycle: 'monthly', successUrl: 'https://evil.example.com/' })).status).toBe(400);
    expect((await checkout({ plan: 'pro', billingCycle: 'monthly', successUrl: 'not a url' })).status).toBe(400);
    expect((await checkout({ plan: 'pro', billingCycle: 'monthly', admin: true })).status).toBe(400);
  });

  it('answers success false with the spec text when the provider returns no URL', async () => {
    const dave = await newUser('nourl');
    fake.checkoutWithoutUrl = true;
    try {
      const response = await api(base, '/api/functions/create-checkout', { cookie: dave.cookie, body: { plan: 'agency', billingCycle: 'monthly' } });
      expect(response).toMatchObject({ status: 200, body: { success: false, checkoutUrl: null, error: BILLING_ERRORS.noCheckoutUrl } });
    } finally {
      fake.checkoutWithoutUrl = false;
    }
  });
});

describe('subscription, cancel, invoices, usage', () => {
  it('shows the subscription with the portal URL from the provider', async () => {
    const erin = await newUser('portal');
    expect((await api(base, '/api/billing/subscription', { cookie: erin.cookie })).body).toMatchObject({ plan: 'free', status: null, canCancel: false, customerPortalUrl: null, billingConfigured: true });
    await subscribe(erin, 'pro');
    const view = await api(base, '/api/billing/subscription', { cookie: erin.cookie });
    expect(view.body).toMatchObject({ plan: 'pro', status: 'active', providerStatus: 'active', renewsAt: '2026-12-01T10:00:00.000Z', canCancel: true });
    expect(view.body.customerPortalUrl).toMatch(/^https:\/\/citable-test\.lemonsqueezy\.com\/billing/);
  });

  it('cancels through the provider, keeps the plan until the period ends, and offers cancel only when active', async () => {
    const frank = await newUser('cancel');
    const { subscription } = await subscribe(frank, 'pro');
    const cancelled = await api(base, '/api/billing/cancel', { cookie: frank.cookie, body: {} });
    expect(cancelled).toMatchObject({ status: 200, body: { plan: 'pro', status: 'cancelled', endsAt: '2026-12-01T10:00:00.000Z', canCancel: false } });
    expect(fake.received('DELETE', `/v1/subscriptions/${subscription}`)).toHaveLength(1);
    expect((await api(base, '/api/billing/cancel', { cookie: frank.cookie, body: {} })).status).toBe(409);
    expect((await api(base, '/api/profile', { cookie: frank.cookie })).body).toMatchObject({ plan: 'pro', subscription_status: 'cancelled' });
  });

  it('reports a provider failure on cancel with the spec text and changes nothing', async () => {
    const gina = await newUser('cancelfail');
    await subscribe(gina, 'core');
    fake.cancelFailsWith = 422;
    try {
      expect(await api(base, '/api/billing/cancel', { cookie: gina.cookie, body: {} })).toMatchObject({ status: 502, body: { error: BILLING_ERRORS.cancelFailed } });
    } finally {
      fake.cancelFailsWith = null;
    }
    expect((await api(base, '/api/billing/subscription', { cookie: gina.cookie })).body).toMatchObject({ status: 'active', canCancel: true });
  });

  it('lists the provider invoices of the subscription, newest first', async () => {
    const hank = await newUser('invoices');
    expect((await api(base, '/api/billing/invoices', { cookie: hank.cookie })).body).toEqual({ invoices: [] });
    const { subscription } = await subscribe(hank, 'pro');
    fake.addInvoice(subscription, { id: '1', status: 'paid', total: '$60.00', createdAt: '2026-10-01T10:00:00.000000Z' });
    fake.addInvoice(subscription, { id: '2', status: 'paid', total: '$60.00', createdAt: '2026-11-01T10:00:00.000000Z' });
    const response = await api(base, '/api/billing/invoices', { cookie: hank.cookie });
    expect(response.body.invoices.map((invoice: { id: string }) => invoice.id)).toEqual(['2', '1']);
    expect(response.body.invoices[0]).toMatchObject({ status: 'paid', statusLabel: 'Paid', total: '$60.00', invoiceUrl: expect.stringContaining('/invoice/2') });
    expect((await api(base, '/api/billing/invoices')).status).toBe(401);
  });

  it('counts this month\'s audits, tool uses and reports against the plan limits', async () => {
    const ivy = await newUser('usage');
    const lastMonth = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth() - 1, 15));
    // Tool uses are the tool runs (issue 19); activities are not what the allowance counts.
    await server.db.insert(toolRuns).values([
      { userId: ivy.id, toolId: 'schema', via: 'app' },
      { userId: ivy.id, toolId: 'generator', via: 'api' },
      { userId: ivy.id, toolId: 'voice', via: 'app', createdAt: lastMonth },
    ]);
    await server.db.insert(userActivity).values([
      { userId: ivy.id, activityType: 'tool_used', toolId: 'voice' },
      { userId: ivy.id, activityType: 'page_visited' },
    ]);
    const run = { userId: ivy.id, scope: 'page', websiteUrl: 'https://example.com/', maxPages: 1, counted: true };
    await server.db.insert(auditRuns).values([
      { ...run, status: 'completed' },
      { ...run, status: 'failed' },
      { ...run, status: 'completed', counted: false },
      { ...run, status: 'completed', createdAt: lastMonth },
    ]);
    const usage = await api(base, '/api/billing/usage', { cookie: ivy.cookie });
    expect(usage.body.plan).toBe('free');
    expect(usage.body.meters).toEqual([
      { meter: 'audits', used: 1, limit: 5 },
      { meter: 'toolUses', used: 2, limit: 10 },
      { meter: 'reports', used: 0, limit: 0 },
    ]);
    await subscribe(ivy, 'agency');
    expect((await api(base, '/api/billing/usage', { cookie: ivy.cookie })).body.meters.map((meter: { limit: number }) => meter.limit)).toEqual([1000, 2000, 200]);
  });
});

describe('daily reconciliation', () => {
  it('applies what the provider reports for every open subscription, repairing a missed webhook', async () => {
    const jack = await newUser('reconcile');
    const { subscription, customer } = await subscribe(jack, 'pro');
    // The expiry webhook never arrived; the provider has the subscription expired.
    fake.putSubscription({ id: subscription, customerId: customer, variantId: VARIANTS.pro.monthly, status: 'expired', updatedAt: '2026-12-01T10:00:05.000000Z' });
    const config = loadBillingConfig(billingEnv(fake.baseUrl), false, (message) => new Error(message));
    const summary = await reconcileSubscriptions({ db: server.db, config, provider: createProvider(TEST_API_KEY), log: server.app.log });
    expect(summary.applied).toBeGreaterThanOrEqual(1);
    expect((await api(base, '/api/profile', { cookie: jack.cookie })).body).toMatchObject({ plan: 'free', subscription_status: 'expired' });
  });
});
