import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { user } from '../../db/auth-schema';

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * The prompts a website is tracked on (issue 21): asked of every answer engine the plan allows, on
 * the plan's monitoring cadence, so their history per engine builds up without anyone pressing a
 * button. `domain` is the website's host without "www.", as the tracker keys its runs.
 */
export const trackedPrompts = pgTable(
  'tracked_prompts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    domain: text('domain').notNull(),
    prompt: text('prompt').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (table) => [uniqueIndex('tracked_prompts_user_domain_prompt_idx').on(table.userId, table.domain, sql`lower(${table.prompt})`), index('tracked_prompts_user_idx').on(table.userId, table.createdAt)],
);

/**
 * When each tracked website's prompts run next, and the run going on now. `startedAt` is set while
 * a run is in flight (the dashboard shows it as progress) and cleared when it ends either way.
 */
export const citationSchedules = pgTable(
  'citation_schedules',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    domain: text('domain').notNull(),
    nextRunAt: at('next_run_at').notNull(),
    lastRunAt: at('last_run_at'),
    startedAt: at('started_at'),
    /** Asks answered so far in the run going on, out of `asksPlanned`. */
    asksDone: integer('asks_done').notNull().default(0),
    asksPlanned: integer('asks_planned').notNull().default(0),
    lastError: text('last_error'),
  },
  (table) => [primaryKey({ columns: [table.userId, table.domain] }), index('citation_schedules_next_idx').on(table.nextRunAt)],
);
