import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { user } from '../../db/auth-schema';
import { reports } from '../../db/schema';
import { workspaceClients } from '../workspaces';

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * Read-only links to one stored report (issue #11, client reporting). Only the SHA-256 of the
 * token is kept, like an API key: a database dump gives no working link, and the link itself is
 * shown once, when it is created. user_id is the report's owner (a user or a client's principal),
 * so listing and revoking are scoped like the report itself.
 */
export const reportShares = pgTable(
  'report_shares',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reportId: uuid('report_id')
      .notNull()
      .references(() => reports.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: at('created_at').defaultNow().notNull(),
    expiresAt: at('expires_at').notNull(),
    revokedAt: at('revoked_at'),
  },
  (table) => [index('report_shares_report_idx').on(table.reportId, table.createdAt.desc())],
);

/**
 * The scheduled report of one agency client: how often, to whom, which template and format.
 * Deleted with the client; next_run_at is null while the cadence is off.
 */
export const clientReportSchedules = pgTable(
  'client_report_schedules',
  {
    clientId: uuid('client_id')
      .primaryKey()
      .references(() => workspaceClients.id, { onDelete: 'cascade' }),
    cadence: text('cadence').notNull(),
    recipients: jsonb('recipients').$type<string[]>().notNull(),
    template: text('template').notNull(),
    format: text('format').notNull(),
    nextRunAt: at('next_run_at'),
    lastSentAt: at('last_sent_at'),
    updatedAt: at('updated_at').defaultNow().notNull(),
  },
  (table) => [index('client_report_schedules_due_idx').on(table.nextRunAt)],
);

/**
 * One scheduled period of one client's report (period_key names the slot, e.g. the ISO instant it
 * was due). A retried job finds the row, reuses its report and skips the recipients already in
 * sent_to, so a period is generated once and mailed to each recipient at most once.
 */
export const clientReportRuns = pgTable(
  'client_report_runs',
  {
    clientId: uuid('client_id')
      .notNull()
      .references(() => workspaceClients.id, { onDelete: 'cascade' }),
    periodKey: text('period_key').notNull(),
    reportId: uuid('report_id').references(() => reports.id, { onDelete: 'set null' }),
    sentTo: jsonb('sent_to').$type<string[]>().notNull(),
    /** Runs of the job that tried this period; after a few failed sends the period is given up. */
    attempts: integer('attempts').notNull().default(0),
    createdAt: at('created_at').defaultNow().notNull(),
    completedAt: at('completed_at'),
  },
  (table) => [primaryKey({ columns: [table.clientId, table.periodKey] })],
);
