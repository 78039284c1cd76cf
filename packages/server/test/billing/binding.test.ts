import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadBillingConfig } from '../../src/settings/billing';
import { createProvider } from '../../src/features/billing/provider';
import { reconcileSubscriptions } from '../../src/features/billing/reconcile-job';
import { handleWebhook } from '../../src/features/billing/webhook';
import { billingSubscriptions, billingWebhookEvents } from '../../src/features/billing/schema';
import { userProfiles } from '../../src/db/schema';
import { api, signUpVerified, STRONG_PASSWORD, uniqueEmail } from '../helpers';
import { billingEnv, startBillingServer, TEST_API_KEY, TEST_WEBHOOK_SECRET, VARIANTS, type BillingTestServer } from './billing-server';
import { FakeLemonSqueezy, orderObject, sign, webhookBody, type FakeSubscriptionInput } from './fake-lemon-squeezy';

/**
 * Which account a subscription changes. Only the checkout's custom_data.user_id (or an existing
 * binding of the same subscription id) binds one; an e-mail or customer id never does, and an
 * account whose subscription is live is never changed by another subscription's events.
 */

let fake: FakeLemonSqueezy;
let server: BillingTestServer;
let base: string;
let nextId = 12000;

beforeAll(async () => {
  fake = await new FakeLemonSqueezy(TEST_API_KEY).start();
  server = await startBillingServer({ env: billingEnv(fake.baseUrl) });
  base = server.baseUrl;
});
afterAll(async () => {
  await server?.close();
  await fake?.stop();
});

const newId = () => String(++nextId);

async function newUser(label: string) {
  const email = uniqueEmail(label);
  const cookie = await signUpVerified(base, { name: `${label} Person`, email, password: STRONG_PASSWORD });
  const me = await api(base, '/api/me', { cookie });
  return { email, cookie, id: me.body.user.id as string };
}

function post(body: string) {
  return api(base, '/api/billing/webhook', { rawBody: body, headers: { 'x-signature': sign(body, TEST_WEBHOOK_SECRET) } });
}

/** Sets the subscription's state at the fake provider and delivers it as a signed webhook. */
async function deliver(eventName: string, input: FakeSubscriptionInput, customData?: Record<string, string>): Promise<string> {
  const object = fake.putSubscription(input);
  const response = await post(webhookBody(eventName, object, customData ? { customData } : {}));
  expect(response.status).toBe(200);
  return response.body.outcome as string;
}

async function account(userId: string) {
  const [row] = await server.db
    .select({ plan: userProfiles.plan, status: userProfiles.subscriptionStatus, subscriptionId: userProfiles.lemonsqueezySubscriptionId, customerId: userProfiles.lemonsqueezyCustomerId })
    .from(userProfiles)
    .where(eq(userProfiles.userId, userId));
  return row;
}

async function storedSubscription(id: string) {
  const [row] = await server.db.select().from(billingSubscriptions).where(eq(billingSubscriptions.id, id));
  return row;
}

/** A victim on Agency through subscription S1, bought through the app's checkout (custom data). */
async function victimOnAgency(label: string) {
  const victim = await newUser(label);
  const s1 = { id: newId(), customerId: newId(), variantId: VARIANTS.agency.monthly };
  expect(await deliver('subscription_created', s1, { user_id: victim.id, plan: 'agency' })).toBe('applied');
  expect(await account(victim.id)).toMatchObject({ plan: 'agency', status: 'active', subscriptionId: s1.id, customerId: s1.customerId });
  return { victim, s1 };
}

const config = () => loadBillingConfig(billingEnv(fake.baseUrl), false, (message) => new Error(message));

describe('a purchase with someone else\'s e-mail', () => {
  it('never changes their plan: order_created with the victim\'s e-mail, then an unbound subscription for that customer, created and expired', async () => {
    const { victim, s1 } = await victimOnAgency('victim');
    const attackerCustomer = newId();
    const order = await post(webhookBody('order_created', orderObject({ id: newId(), customerId: attackerCustomer, userEmail: victim.email })));
    expect(order.body.outcome).toBe('email_match_unbound');
    // The order did not bind the attacker's customer id to the victim.
    expect(await account(victim.id)).toMatchObject({ plan: 'agency', subscriptionId: s1.id, customerId: s1.customerId });

    const s2 = { id: newId(), customerId: attackerCustomer, variantId: VARIANTS.core.monthly, userEmail: victim.email, updatedAt: '2026-11-02T10:00:00.000000Z' };
    expect(await deliver('subscription_created', s2)).toBe('unmatched_user');
    expect(await account(victim.id)).toMatchObject({ plan: 'agency', status: 'active', subscriptionId: s1.id });
    expect(await storedSubscription(s2.id)).toBeUndefined();

    expect(await deliver('subscription_expired', { ...s2, status: 'expired', updatedAt: '2026-11-03T10:00:00.000000Z' })).toBe('unmatched_user');
    expect(await account(victim.id)).toMatchObject({ plan: 'agency', status: 'active', subscriptionId: s1.id });
    // The billing dialog (which refreshes S1 from the provider) agrees, and S1 is still paid.
    expect((await api(base, '/api/billing/subscription', { cookie: victim.cookie })).body).toMatchObject({ plan: 'agency', status: 'active', providerStatus: 'active' });
  });

  it('an unbound subscription that carries the victim\'s own customer id (same store, same e-mail) is not matched either', async () => {
    const { victim, s1 } = await victimOnAgency('same-customer');
    const s2 = { id: newId(), customerId: s1.customerId, variantId: VARIANTS.core.monthly, userEmail: victim.email, updatedAt: '2026-11-02T10:00:00.000000Z' };
    expect(await deliver('subscription_created', s2)).toBe('unmatched_user');
    expect(await deliver('subscription_expired', { ...s2, status: 'expired', updatedAt: '2026-11-03T10:00:00.000000Z' })).toBe('unmatched_user');
    expect(await account(victim.id)).toMatchObject({ plan: 'agency', status: 'active', subscriptionId: s1.id });
  });

  it('an unbound subscription does not bind a user with no plan either', async () => {
    const bystander = await newUser('bystander');
    const customer = newId();
    expect((await post(webhookBody('order_created', orderObject({ id: newId(), customerId: customer, userEmail: bystander.email })))).body.outcome).toBe('email_match_unbound');
    expect(await deliver('subscription_created', { id: newId(), customerId: customer, variantId: VARIANTS.pro.monthly, userEmail: bystander.email })).toBe('unmatched_user');
    expect(await account(bystander.id)).toMatchObject({ plan: 'free', subscriptionId: null, customerId: null });
  });
});

describe('order_created', () => {
  it('changes nothing for a matching e-mail and stores the outcome email_match_unbound, with a warning for the operator', async () => {
    const { victim, s1 } = await victimOnAgency('order-only');
    const before = await account(victim.id);
    const [profileBefore] = await server.db.select().from(userProfiles).where(eq(userProfiles.userId, victim.id));
    const orderId = newId();
    const body = webhookBody('order_created', orderObject({ id: orderId, customerId: newId(), userEmail: `  ${victim.email.toUpperCase()} ` }));
    const warnings: unknown[][] = [];
    const result = await handleWebhook(server.db, config(), Buffer.from(body), false, { warn: (...args: unknown[]) => warnings.push(args) } as never);
    expect(result).toMatchObject({ kind: 'ok', duplicate: false, outcome: 'email_match_unbound' });
    expect(warnings).toHaveLength(1);
    expect(warnings[0][0]).toMatchObject({ orderId, userId: victim.id });

    const stored = (await server.db.select().from(billingWebhookEvents)).filter((event) => JSON.stringify(event.payload).includes(`"id":"${orderId}"`));
    expect(stored.map((event) => event.outcome)).toEqual(['email_match_unbound']);
    expect(await account(victim.id)).toEqual(before);
    const [profileAfter] = await server.db.select().from(userProfiles).where(eq(userProfiles.userId, victim.id));
    expect(profileAfter.updatedAt).toEqual(profileBefore.updatedAt);
    expect(before).toMatchObject({ subscriptionId: s1.id, customerId: s1.customerId });
  });

  it('is not reported when the checkout user id is present, nor when no account has the e-mail', async () => {
    const buyer = await newUser('own-order');
    const warnings: unknown[] = [];
    const log = { warn: (...args: unknown[]) => warnings.push(args) } as never;
    const own = webhookBody('order_created', orderObject({ id: newId(), customerId: newId(), userEmail: buyer.email }), { customData: { user_id: buyer.id, plan: 'pro' } });
    expect(await handleWebhook(server.db, config(), Buffer.from(own), false, log)).toMatchObject({ outcome: 'recorded' });
    const stranger = webhookBody('order_created', orderObject({ id: newId(), customerId: newId(), userEmail: uniqueEmail('nobody') }));
    expect(await handleWebhook(server.db, config(), Buffer.from(stranger), false, log)).toMatchObject({ outcome: 'unmatched_user' });
    expect(warnings).toHaveLength(0);
    expect(await account(buyer.id)).toMatchObject({ plan: 'free', customerId: null });
  });
});

describe('an account with a live subscription', () => {
  it('is not changed by a signed second subscription (custom_data.user_id can be prefilled on a buy link); it moves to it when the first one ends', async () => {
    const { victim, s1 } = await victimOnAgency('second');
    const custom = { user_id: victim.id, plan: 'core' };
    const s2 = { id: newId(), customerId: newId(), variantId: VARIANTS.core.monthly, updatedAt: '2026-11-02T10:00:00.000000Z' };
    expect(await deliver('subscription_created', s2, custom)).toBe('recorded');
    expect(await account(victim.id)).toMatchObject({ plan: 'agency', status: 'active', subscriptionId: s1.id, customerId: s1.customerId });
    expect(await storedSubscription(s2.id)).toMatchObject({ userId: victim.id, plan: 'core', status: 'active' });
    // Free states of the other subscription do not touch the account either.
    expect(await deliver('subscription_paused', { ...s2, status: 'paused', updatedAt: '2026-11-03T10:00:00.000000Z' }, custom)).toBe('recorded');
    expect(await account(victim.id)).toMatchObject({ plan: 'agency', status: 'active', subscriptionId: s1.id });
    expect(await deliver('subscription_unpaused', { ...s2, status: 'active', updatedAt: '2026-11-04T10:00:00.000000Z' }, custom)).toBe('recorded');

    // A cancelled S1 whose period has not ended is still live.
    expect(await deliver('subscription_cancelled', { ...s1, status: 'cancelled', endsAt: '2099-01-01T00:00:00.000000Z', updatedAt: '2026-11-05T10:00:00.000000Z' }, { user_id: victim.id, plan: 'agency' })).toBe('applied');
    expect(await deliver('subscription_updated', { ...s2, updatedAt: '2026-11-06T10:00:00.000000Z' }, custom)).toBe('recorded');
    expect(await account(victim.id)).toMatchObject({ plan: 'agency', status: 'cancelled', subscriptionId: s1.id });

    // S1 ends: the account moves to the user's other live subscription, not to free.
    expect(await deliver('subscription_expired', { ...s1, status: 'expired', endsAt: '2026-11-07T10:00:00.000000Z', updatedAt: '2026-11-07T10:00:00.000000Z' }, { user_id: victim.id, plan: 'agency' })).toBe('applied');
    expect(await account(victim.id)).toMatchObject({ plan: 'core', status: 'active', subscriptionId: s2.id, customerId: s2.customerId });
    // From now on S2 is the current one and its events apply.
    expect(await deliver('subscription_expired', { ...s2, status: 'expired', updatedAt: '2026-11-08T10:00:00.000000Z' }, custom)).toBe('applied');
    expect(await account(victim.id)).toMatchObject({ plan: 'free', status: 'expired', subscriptionId: s2.id });
  });

  it('a subscription cannot be re-bound to another account by a later event\'s custom data', async () => {
    const { victim, s1 } = await victimOnAgency('rebind-victim');
    const other = await newUser('rebind-other');
    expect(await deliver('subscription_updated', { ...s1, variantId: VARIANTS.core.monthly, updatedAt: '2026-11-02T10:00:00.000000Z' }, { user_id: other.id, plan: 'core' })).toBe('applied');
    expect(await account(other.id)).toMatchObject({ plan: 'free', subscriptionId: null });
    expect(await account(victim.id)).toMatchObject({ plan: 'core', subscriptionId: s1.id });
    expect(await storedSubscription(s1.id)).toMatchObject({ userId: victim.id });
  });
});

describe('reconciliation', () => {
  it('follows the same rules: a recorded second subscription, or one known only to the provider for the victim\'s customer and e-mail, changes no account', async () => {
    const { victim, s1 } = await victimOnAgency('reconcile-victim');
    // S2: bound to the victim and recorded while S1 is live (as a signed second purchase leaves it);
    // the provider now reports it upgraded to Pro.
    const s2 = { id: newId(), customerId: newId(), variantId: VARIANTS.pro.monthly, updatedAt: '2026-11-10T10:00:00.000000Z' };
    fake.putSubscription(s2);
    await server.db.insert(billingSubscriptions).values({ id: s2.id, userId: victim.id, customerId: s2.customerId, variantId: VARIANTS.core.monthly, plan: 'core', status: 'active', providerUpdatedAt: new Date('2026-11-02T10:00:00Z') });
    // S3: only the provider knows it; it carries the victim's customer id and e-mail.
    const s3 = fake.putSubscription({ id: newId(), customerId: s1.customerId, variantId: VARIANTS.core.monthly, userEmail: victim.email });

    const summary = await reconcileSubscriptions({ db: server.db, config: config(), provider: createProvider(TEST_API_KEY), log: server.app.log });
    expect(summary.failed).toBe(0);
    expect(await account(victim.id)).toMatchObject({ plan: 'agency', status: 'active', subscriptionId: s1.id });
    expect(await storedSubscription(s2.id)).toMatchObject({ userId: victim.id, plan: 'pro', status: 'active' });
    expect(await storedSubscription(s3.id)).toBeUndefined();
    expect(fake.received('GET', `/v1/subscriptions/${s3.id}`)).toHaveLength(0);

    // When S1 ends at the provider (its webhook missed), reconciliation moves the victim to S2.
    fake.putSubscription({ ...s1, status: 'expired', updatedAt: '2026-11-11T10:00:00.000000Z' });
    await reconcileSubscriptions({ db: server.db, config: config(), provider: createProvider(TEST_API_KEY), log: server.app.log });
    expect(await account(victim.id)).toMatchObject({ plan: 'pro', status: 'active', subscriptionId: s2.id });
  });
});
