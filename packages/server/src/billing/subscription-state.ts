import { and, eq, sql } from 'drizzle-orm';
import { isPlanId, type PlanId, type SubscriptionStatus } from '@citable/contract';
import type { Db } from '../db/client';
import { billingSubscriptions } from '../db/billing-schema';
import { user, userProfiles } from '../db/schema';
import { planForVariant, type BillingConfig } from './billing-config';
import type { ProviderSubscription } from './provider';

export interface ProductState {
  plan: PlanId;
  status: SubscriptionStatus;
}

/**
 * The product's plan and status for a provider status (spec 000 §4, with the provider's extra states):
 * - active, on_trial: the paid plan.
 * - past_due: a renewal failed and the provider retries for two weeks; access continues, shown as active.
 * - cancelled: the plan is kept until ends_at, when the provider sends subscription_expired.
 * - unpaid (retries exhausted), paused (collection stopped), expired and anything unknown: free, shown as expired.
 */
export function productState(providerStatus: string, paidPlan: PlanId): ProductState {
  switch (providerStatus) {
    case 'active':
    case 'past_due':
      return { plan: paidPlan, status: 'active' };
    case 'on_trial':
      return { plan: paidPlan, status: 'on_trial' };
    case 'cancelled':
      return { plan: paidPlan, status: 'cancelled' };
    default:
      return { plan: 'free', status: 'expired' };
  }
}

const LIVE_STATUSES = new Set(['active', 'past_due', 'on_trial', 'cancelled']);

export type ApplyOutcome = 'applied' | 'recorded' | 'stale' | 'unmatched_user';

export interface ProfileState {
  plan: PlanId;
  status: SubscriptionStatus | null;
  customerId?: string;
  subscriptionId?: string;
  /** The provider's updated_at of the state, or now for a manual change. */
  updatedAt: Date;
}

/**
 * The one write of a user's plan and subscription fields, used by webhooks, reconciliation,
 * cancel and `citable admin set-plan`. Gates read the plan from the profile on every request,
 * so the change applies to the user's next request.
 */
export async function writeProfileState(db: Db, userId: string, state: ProfileState): Promise<void> {
  await db.insert(userProfiles).values({ userId }).onConflictDoNothing({ target: userProfiles.userId });
  await db
    .update(userProfiles)
    .set({
      plan: state.plan,
      subscriptionStatus: state.status,
      subscriptionUpdatedAt: state.updatedAt,
      ...(state.customerId ? { lemonsqueezyCustomerId: state.customerId } : {}),
      ...(state.subscriptionId ? { lemonsqueezySubscriptionId: state.subscriptionId } : {}),
      updatedAt: new Date(),
    })
    .where(eq(userProfiles.userId, userId));
}

async function userExists(db: Db, userId: string): Promise<boolean> {
  const [row] = await db.select({ id: user.id }).from(user).where(eq(user.id, userId));
  return Boolean(row);
}

/** The owner: the checkout's user_id first, then what earlier events linked (subscription, then customer). */
async function findOwner(db: Db, subscription: ProviderSubscription, hintedUserId: string | undefined): Promise<string | undefined> {
  if (hintedUserId && (await userExists(db, hintedUserId))) return hintedUserId;
  const [known] = await db.select({ userId: billingSubscriptions.userId }).from(billingSubscriptions).where(eq(billingSubscriptions.id, subscription.id));
  if (known) return known.userId;
  const [byCustomer] = await db
    .select({ userId: userProfiles.userId })
    .from(userProfiles)
    .where(eq(userProfiles.lemonsqueezyCustomerId, subscription.attributes.customer_id))
    .limit(1);
  if (byCustomer) return byCustomer.userId;
  const [bySubscription] = await db.select({ userId: userProfiles.userId }).from(userProfiles).where(eq(userProfiles.lemonsqueezySubscriptionId, subscription.id)).limit(1);
  return bySubscription?.userId;
}

const date = (value: string | null) => (value ? new Date(value) : null);

export interface SubscriptionHints {
  /** custom_data.user_id of the checkout, when the event carries it. */
  userId?: string;
  /** custom_data.plan of the checkout. */
  plan?: string;
}

/**
 * Applies a provider subscription object (from a webhook, the reconciliation job or a cancel) in
 * the caller's transaction. States older than the stored one for the same subscription are
 * ignored, so events arriving out of order never move a subscription backwards.
 */
export async function applyProviderSubscription(db: Db, config: BillingConfig, subscription: ProviderSubscription, hints: SubscriptionHints = {}): Promise<ApplyOutcome> {
  const attributes = subscription.attributes;
  const userId = await findOwner(db, subscription, hints.userId);
  if (!userId) return 'unmatched_user';

  const [existing] = await db.select({ plan: billingSubscriptions.plan }).from(billingSubscriptions).where(eq(billingSubscriptions.id, subscription.id));
  // The variant says what is being paid for now (a plan change in the portal changes it); the
  // checkout's custom plan and the last known plan are fallbacks for variants not configured here.
  const paidPlan = planForVariant(config, attributes.variant_id) ?? (isPlanId(hints.plan) ? hints.plan : undefined) ?? (isPlanId(existing?.plan) ? existing.plan : 'free');
  const providerUpdatedAt = new Date(attributes.updated_at);
  const row = {
    id: subscription.id,
    userId,
    customerId: attributes.customer_id,
    variantId: attributes.variant_id ?? null,
    plan: paidPlan,
    status: attributes.status,
    renewsAt: date(attributes.renews_at),
    endsAt: date(attributes.ends_at),
    trialEndsAt: date(attributes.trial_ends_at),
    customerPortalUrl: attributes.urls?.customer_portal ?? null,
    updatePaymentMethodUrl: attributes.urls?.update_payment_method ?? null,
    testMode: attributes.test_mode ?? false,
    providerUpdatedAt,
  };
  // One statement decides and writes, so two concurrent events for one subscription cannot both win.
  const written = await db
    .insert(billingSubscriptions)
    .values(row)
    .onConflictDoUpdate({
      target: billingSubscriptions.id,
      set: { ...row, userId: sql`${billingSubscriptions.userId}`, updatedAt: new Date() },
      setWhere: sql`${billingSubscriptions.providerUpdatedAt} <= excluded.provider_updated_at`,
    })
    .returning({ id: billingSubscriptions.id });
  if (written.length === 0) return 'stale';

  await db.insert(userProfiles).values({ userId }).onConflictDoNothing({ target: userProfiles.userId });
  const [profile] = await db
    .select({ subscriptionId: userProfiles.lemonsqueezySubscriptionId, updatedAt: userProfiles.subscriptionUpdatedAt })
    .from(userProfiles)
    .where(eq(userProfiles.userId, userId))
    .for('update');
  const state = productState(attributes.status, paidPlan);
  if (profile.subscriptionId && profile.subscriptionId !== subscription.id && state.plan === 'free') {
    // The end of an older subscription must not downgrade a user whose current one is still live.
    const [current] = await db
      .select({ status: billingSubscriptions.status })
      .from(billingSubscriptions)
      .where(and(eq(billingSubscriptions.id, profile.subscriptionId), eq(billingSubscriptions.userId, userId)));
    if (current && LIVE_STATUSES.has(current.status)) return 'recorded';
  }
  if (profile.subscriptionId === subscription.id && profile.updatedAt && profile.updatedAt > providerUpdatedAt) return 'stale';

  await writeProfileState(db, userId, { ...state, customerId: attributes.customer_id, subscriptionId: subscription.id, updatedAt: providerUpdatedAt });
  return 'applied';
}

/** order_created: remember the customer id on the profile of the user with the order's e-mail. */
export async function linkCustomerByEmail(db: Db, email: string, customerId: string): Promise<ApplyOutcome> {
  const [owner] = await db.select({ id: user.id }).from(user).where(eq(sql`lower(${user.email})`, email.trim().toLowerCase())).limit(1);
  if (!owner) return 'unmatched_user';
  await db.insert(userProfiles).values({ userId: owner.id }).onConflictDoNothing({ target: userProfiles.userId });
  await db.update(userProfiles).set({ lemonsqueezyCustomerId: customerId, updatedAt: new Date() }).where(eq(userProfiles.userId, owner.id));
  return 'applied';
}
