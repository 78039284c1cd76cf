import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { isPlanId, PLAN_RANK, type PlanId, type SubscriptionStatus } from '@citable/contract';
import type { Db } from '../../db/client';
import { billingSubscriptions } from './schema';
import { user, userProfiles } from '../../db/schema';
import { planForVariant, type BillingConfig } from '../../settings/billing';
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

/**
 * What an event did, stored in billing_webhook_events.outcome:
 * - applied: the account's plan and subscription fields were written;
 * - recorded: the subscription's state was stored, the account left as it was;
 * - stale: older than the stored state, ignored;
 * - unmatched_user: no account is bound to it, nothing changed;
 * - email_match_unbound: an order not bound to an account whose e-mail matches one; nothing
 *   changed, for an operator to look at.
 */
export type ApplyOutcome = 'applied' | 'recorded' | 'stale' | 'unmatched_user' | 'email_match_unbound';

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

/**
 * The account a subscription belongs to. Only two things bind one:
 * - an existing binding of this same subscription id (its billing_subscriptions row, or a profile
 *   that already carries it); it comes first and never moves, so a later event cannot re-bind a
 *   subscription to another account;
 * - the checkout's custom_data.user_id (set by create-checkout from the session, and part of the
 *   signed webhook body), when that user exists.
 * Neither the provider's customer id nor an e-mail address binds anything: both come from what the
 * buyer typed at the checkout, so anybody can make a purchase carry another person's e-mail and,
 * through order_created, that person's customer id. custom_data.user_id can also be prefilled on a
 * public buy link; that is why applyProviderSubscription never lets a different subscription change
 * an account whose own subscription is live.
 */
async function findOwner(db: Db, subscription: ProviderSubscription, hintedUserId: string | undefined): Promise<string | undefined> {
  const [known] = await db.select({ userId: billingSubscriptions.userId }).from(billingSubscriptions).where(eq(billingSubscriptions.id, subscription.id));
  if (known) return known.userId;
  const [linked] = await db.select({ userId: userProfiles.userId }).from(userProfiles).where(eq(userProfiles.lemonsqueezySubscriptionId, subscription.id)).limit(1);
  if (linked) return linked.userId;
  if (hintedUserId && (await userExists(db, hintedUserId))) return hintedUserId;
  return undefined;
}

interface StoredSubscription {
  id: string;
  customerId: string;
  plan: string;
  status: string;
  endsAt: Date | null;
  providerUpdatedAt: Date;
}

/**
 * Whether a stored subscription still pays for its plan: active, past_due, on_trial, or cancelled
 * with its period not yet over (a cancelled one whose ends_at has passed counts as ended even if
 * the subscription_expired event has not arrived yet).
 */
function isLive(subscription: Pick<StoredSubscription, 'status' | 'endsAt'>, now: Date): boolean {
  if (!LIVE_STATUSES.has(subscription.status)) return false;
  return subscription.status !== 'cancelled' || !subscription.endsAt || subscription.endsAt > now;
}

/** The user's best live subscription other than `exceptId`: highest plan, then the latest state. */
async function bestOtherLiveSubscription(db: Db, userId: string, exceptId: string, now: Date): Promise<StoredSubscription | undefined> {
  const rows = await db
    .select({
      id: billingSubscriptions.id,
      customerId: billingSubscriptions.customerId,
      plan: billingSubscriptions.plan,
      status: billingSubscriptions.status,
      endsAt: billingSubscriptions.endsAt,
      providerUpdatedAt: billingSubscriptions.providerUpdatedAt,
    })
    .from(billingSubscriptions)
    .where(and(eq(billingSubscriptions.userId, userId), ne(billingSubscriptions.id, exceptId), inArray(billingSubscriptions.status, [...LIVE_STATUSES])));
  const rank = (row: StoredSubscription) => (isPlanId(row.plan) ? PLAN_RANK[row.plan] : 0);
  return rows
    .filter((row) => isLive(row, now) && rank(row) > 0)
    .sort((a, b) => rank(b) - rank(a) || b.providerUpdatedAt.getTime() - a.providerUpdatedAt.getTime())[0];
}

const date = (value: string | null) => (value ? new Date(value) : null);

export interface SubscriptionHints {
  /** custom_data.user_id of the checkout, when the event carries it. */
  userId?: string;
  /** custom_data.plan of the checkout. */
  plan?: string;
}

/**
 * Applies a provider subscription object (from a webhook, the reconciliation job, the account
 * refresh or a cancel) in the caller's transaction; all of them go through here, so they follow
 * the same rules:
 * - the subscription must be bound to an account (findOwner), else nothing changes;
 * - states older than the stored one for the same subscription are ignored, so events arriving
 *   out of order never move a subscription backwards;
 * - the account's plan follows its current subscription (profile.lemonsqueezySubscriptionId).
 *   While that one is live, another subscription's state is only recorded, whether paid or free;
 * - when the current one ends, the account moves to its best other live subscription, if any,
 *   else to free.
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
    .select({ subscriptionId: userProfiles.lemonsqueezySubscriptionId, status: userProfiles.subscriptionStatus, updatedAt: userProfiles.subscriptionUpdatedAt })
    .from(userProfiles)
    .where(eq(userProfiles.userId, userId))
    .for('update');
  const now = new Date();
  const state = productState(attributes.status, paidPlan);
  const newIsLive = isLive({ status: attributes.status, endsAt: row.endsAt }, now);

  if (profile.subscriptionId && profile.subscriptionId !== subscription.id) {
    // The profile follows one subscription at a time. While that one is live, no other
    // subscription's event changes the account, paid or free: that event may come from somebody
    // else's purchase (custom_data.user_id can be prefilled on a public buy link). Its state is
    // kept above, bound to this user, so the account can move to it once the current one ends.
    const [current] = await db
      .select({ status: billingSubscriptions.status, endsAt: billingSubscriptions.endsAt })
      .from(billingSubscriptions)
      .where(and(eq(billingSubscriptions.id, profile.subscriptionId), eq(billingSubscriptions.userId, userId)));
    // A profile linked to a subscription with no stored row yet: trust its own status.
    const currentIsLive = current ? isLive(current, now) : profile.status !== null && profile.status !== 'expired';
    if (currentIsLive) return 'recorded';
    // An ended subscription that is not the account's current one has nothing to give it (and
    // must not undo a plan set since, e.g. by `citable admin set-plan`).
    if (!newIsLive) return 'recorded';
  } else if (!profile.subscriptionId && !newIsLive) {
    return 'recorded';
  }
  if (profile.subscriptionId === subscription.id && profile.updatedAt && profile.updatedAt > providerUpdatedAt) return 'stale';

  if (profile.subscriptionId === subscription.id && !newIsLive) {
    // The current subscription ended. A user who also pays for another subscription of theirs
    // (bought while this one was live, so only recorded) moves to it rather than to free.
    const next = await bestOtherLiveSubscription(db, userId, subscription.id, now);
    if (next) {
      const nextState = productState(next.status, next.plan as PlanId);
      await writeProfileState(db, userId, { ...nextState, customerId: next.customerId, subscriptionId: next.id, updatedAt: next.providerUpdatedAt });
      return 'applied';
    }
  }

  // The customer id is stored only here, from a subscription bound to this user.
  await writeProfileState(db, userId, { ...state, customerId: attributes.customer_id, subscriptionId: subscription.id, updatedAt: providerUpdatedAt });
  return 'applied';
}

export interface OrderReport {
  outcome: ApplyOutcome;
  /** The account whose e-mail the order carries, when the order is not bound to any account. */
  emailMatchUserId?: string;
}

/**
 * order_created never writes an account. The e-mail on an order is whatever the buyer typed, so
 * matching it to an account proves nothing; binding by it let anybody's purchase take over
 * another person's plan. Subscriptions are bound by their own events (see findOwner), and the
 * customer id is stored only from a subscription bound to the account.
 * An order that carries no known custom_data.user_id but an e-mail of an existing account is
 * reported ('email_match_unbound') so an operator can decide; a checkout started in the app
 * carries the user id and is not reported.
 */
export async function reportOrder(db: Db, email: string, hintedUserId: string | undefined): Promise<OrderReport> {
  if (hintedUserId && (await userExists(db, hintedUserId))) return { outcome: 'recorded' };
  const [owner] = await db.select({ id: user.id }).from(user).where(eq(sql`lower(${user.email})`, email.trim().toLowerCase())).limit(1);
  return owner ? { outcome: 'email_match_unbound', emailMatchUserId: owner.id } : { outcome: 'unmatched_user' };
}
