import { boolean, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { user } from '../../db/auth-schema';

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * The last state of each Lemon Squeezy subscription as the provider reported it. Kept per
 * subscription (not only on the profile) so events are ordered per subscription, the daily
 * reconciliation knows what to re-check, and the billing dialog can show dates and the portal.
 */
export const billingSubscriptions = pgTable(
  'billing_subscriptions',
  {
    /** The provider's subscription id. */
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    customerId: text('customer_id').notNull(),
    variantId: text('variant_id'),
    plan: text('plan').notNull(),
    /** The provider's status: on_trial, active, paused, past_due, unpaid, cancelled, expired. */
    status: text('status').notNull(),
    renewsAt: at('renews_at'),
    endsAt: at('ends_at'),
    trialEndsAt: at('trial_ends_at'),
    customerPortalUrl: text('customer_portal_url'),
    updatePaymentMethodUrl: text('update_payment_method_url'),
    testMode: boolean('test_mode').notNull().default(false),
    /** The provider's updated_at of the state stored here: older states never replace it. */
    providerUpdatedAt: at('provider_updated_at').notNull(),
    createdAt: at('created_at').defaultNow().notNull(),
    updatedAt: at('updated_at').defaultNow().notNull(),
  },
  (table) => [index('billing_subscriptions_user_idx').on(table.userId), index('billing_subscriptions_customer_idx').on(table.customerId)],
);

/**
 * Every verified webhook delivery, keyed by the SHA-256 of its raw body. The row is written in
 * the transaction that applies the event, so the unique key makes a replay or a concurrent
 * duplicate a no-op.
 */
export const billingWebhookEvents = pgTable('billing_webhook_events', {
  id: uuid('id').primaryKey().defaultRandom(),
  bodySha256: text('body_sha256').notNull().unique(),
  eventName: text('event_name').notNull(),
  testMode: boolean('test_mode').notNull(),
  /** What applying it did: applied, recorded (bound, but another live subscription decides the plan), stale, unmatched_user, email_match_unbound (order e-mail matches an account; nothing bound, for an operator to review), ignored. */
  outcome: text('outcome').notNull(),
  payload: jsonb('payload').$type<unknown>().notNull(),
  receivedAt: at('received_at').defaultNow().notNull(),
});
