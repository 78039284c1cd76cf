import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { GoalId, SiteEntry } from '@citable/contract';
import { user } from './auth-schema';

export * from './auth-schema';

// Timestamps carry the zone so PostgreSQL servers in any TimeZone return the same instants.
const createdAt = () => timestamp('created_at', { withTimezone: true }).defaultNow().notNull();

export const userProfiles = pgTable('user_profiles', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: text('user_id')
    .notNull()
    .unique()
    .references(() => user.id, { onDelete: 'cascade' }),
  plan: text('plan').notNull().default('free'),
  onboardingCompletedAt: timestamp('onboarding_completed_at', { withTimezone: true }),
  lemonsqueezyCustomerId: text('lemonsqueezy_customer_id'),
  lemonsqueezySubscriptionId: text('lemonsqueezy_subscription_id'),
  subscriptionStatus: text('subscription_status'),
  subscriptionUpdatedAt: timestamp('subscription_updated_at', { withTimezone: true }),
  websites: jsonb('websites').$type<SiteEntry[]>().notNull().default(sql`'[]'::jsonb`),
  competitors: jsonb('competitors').$type<SiteEntry[]>().notNull().default(sql`'[]'::jsonb`),
  industry: text('industry'),
  businessDescription: text('business_description'),
  goals: jsonb('goals').$type<GoalId[]>().notNull().default(sql`'[]'::jsonb`),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).defaultNow().notNull(),
});

export const userActivity = pgTable(
  'user_activity',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    activityType: text('activity_type').notNull(),
    activityData: jsonb('activity_data').$type<Record<string, unknown>>(),
    toolId: text('tool_id'),
    websiteUrl: text('website_url'),
    createdAt: createdAt(),
  },
  (table) => [index('user_activity_user_created_idx').on(table.userId, table.createdAt.desc())],
);

/**
 * Fixed-window counters for sign-in and sign-up attempts. Kept in the database rather than in
 * memory so the limit holds across processes and restarts.
 */
export const authRateLimits = pgTable('auth_rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
});

/** Mail that was not sent because SMTP_URL is not configured (development and tests). */
export const devOutbox = pgTable(
  'dev_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    links: jsonb('links').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    createdAt: createdAt(),
  },
  (table) => [index('dev_outbox_created_idx').on(table.createdAt)],
);


/**
 * Messages sent through the public contact form (spec 000 §3). The privacy consent is required to
 * send but not stored, and neither is the sender's IP: the per-IP limit lives in the rate-limit counters.
 */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    company: text('company'),
    website: text('website'),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('contact_messages_created_idx').on(table.createdAt)],
);
