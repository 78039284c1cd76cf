import { eq } from 'drizzle-orm';
import { BILLING_ERRORS, normalizePlan, type BillingInvoice, type BillingSubscription, type SubscriptionStatus } from '@citable/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { billingSubscriptions } from './schema';
import { userProfiles } from '../../db/schema';
import { HttpError } from '../../lib/http-error';
import { billingConfigured, type BillingConfig } from '../../settings/billing';
import type { BillingProvider } from './provider';
import { applyProviderSubscription } from './subscription-state';

export interface AccountDeps {
  db: Db;
  config: BillingConfig;
  provider: BillingProvider | null;
  log: FastifyBaseLogger;
}

const iso = (value: Date | null | undefined) => (value ? value.toISOString() : null);

const REFRESH_TIMEOUT_MS = 5000;

async function profileBilling(db: Db, userId: string) {
  const [profile] = await db
    .select({ plan: userProfiles.plan, status: userProfiles.subscriptionStatus, subscriptionId: userProfiles.lemonsqueezySubscriptionId })
    .from(userProfiles)
    .where(eq(userProfiles.userId, userId));
  return profile;
}

/**
 * Refreshes the stored subscription from the provider when it can: the portal URL the provider
 * signs is valid for a day only, and this is also one more chance to catch a missed webhook.
 */
async function refresh(deps: AccountDeps, subscriptionId: string): Promise<void> {
  if (!deps.provider) return;
  let timer: ReturnType<typeof setTimeout> | undefined;
  // The SDK sets no time-out of its own; a slow provider must not hold the dialog.
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer from the provider in ${REFRESH_TIMEOUT_MS} ms`)), REFRESH_TIMEOUT_MS);
  });
  try {
    const pending = deps.provider.getSubscription(subscriptionId);
    // A late failure after the time-out has nobody awaiting it; it must not become an unhandled rejection.
    pending.catch(() => undefined);
    const subscription = await Promise.race([pending, timeout]);
    await deps.db.transaction((tx) => applyProviderSubscription(tx, deps.config, subscription));
  } catch (error) {
    deps.log.warn({ err: error }, 'could not refresh the subscription from the provider; showing the stored state');
  } finally {
    clearTimeout(timer);
  }
}

export async function subscriptionView(deps: AccountDeps, userId: string, options: { refresh: boolean } = { refresh: true }): Promise<BillingSubscription> {
  const before = await profileBilling(deps.db, userId);
  if (options.refresh && before?.subscriptionId) await refresh(deps, before.subscriptionId);
  const profile = await profileBilling(deps.db, userId);
  const [subscription] = profile?.subscriptionId
    ? await deps.db.select().from(billingSubscriptions).where(eq(billingSubscriptions.id, profile.subscriptionId))
    : [];
  const status = (profile?.status ?? null) as SubscriptionStatus | null;
  return {
    plan: normalizePlan(profile?.plan),
    status,
    providerStatus: subscription?.status ?? null,
    renewsAt: iso(subscription?.renewsAt),
    endsAt: iso(subscription?.endsAt),
    trialEndsAt: iso(subscription?.trialEndsAt),
    customerPortalUrl: deps.provider ? (subscription?.customerPortalUrl ?? null) : null,
    updatePaymentMethodUrl: deps.provider ? (subscription?.updatePaymentMethodUrl ?? null) : null,
    canCancel: status === 'active' && Boolean(profile?.subscriptionId) && deps.provider !== null,
    billingConfigured: billingConfigured(deps.config),
  };
}

/** Cancels at the provider (the plan stays until the period ends) and stores the state it answers with. */
export async function cancelSubscription(deps: AccountDeps, userId: string): Promise<BillingSubscription> {
  if (!deps.provider) throw new HttpError(503, { error: BILLING_ERRORS.unavailable });
  const profile = await profileBilling(deps.db, userId);
  if (!profile?.subscriptionId || profile.status !== 'active') throw new HttpError(409, { error: 'Only an active subscription can be cancelled.' });
  let cancelled;
  try {
    cancelled = await deps.provider.cancelSubscription(profile.subscriptionId);
  } catch (error) {
    deps.log.error({ err: error }, 'subscription cancel failed');
    throw new HttpError(502, { error: BILLING_ERRORS.cancelFailed });
  }
  await deps.db.transaction((tx) => applyProviderSubscription(tx, deps.config, cancelled, { userId }));
  return subscriptionView(deps, userId, { refresh: false });
}

/** The provider's invoices of the user's subscription, newest first; null when billing is not set up. */
export async function listInvoices(deps: AccountDeps, userId: string): Promise<BillingInvoice[] | null> {
  if (!deps.provider) return null;
  const profile = await profileBilling(deps.db, userId);
  if (!profile?.subscriptionId) return [];
  try {
    const invoices = await deps.provider.listInvoices(profile.subscriptionId);
    return invoices
      .map((invoice) => ({
        id: invoice.id,
        createdAt: new Date(invoice.attributes.created_at).toISOString(),
        status: invoice.attributes.status,
        statusLabel: invoice.attributes.status_formatted ?? invoice.attributes.status,
        total: invoice.attributes.total_formatted ?? '',
        invoiceUrl: invoice.attributes.urls?.invoice_url ?? null,
      }))
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  } catch (error) {
    deps.log.error({ err: error }, 'listing invoices failed');
    throw new HttpError(502, { error: 'Billing history is not available right now. Please try again later.' });
  }
}
