import { and, desc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { preparedOn } from '../../db/prepared';
import { auditHistory } from '../../db/schema';
import { historyColumns, type StoredAudit } from './stored-audit';
import { isUuid } from './ids';

export type AuditHistoryRow = typeof auditHistory.$inferSelect;

/** An audit's id and score columns: what series and insights read, never the stored audit. */
export const scoreColumns = {
  id: auditHistory.id,
  overallScore: auditHistory.overallScore,
  aiUnderstanding: auditHistory.aiUnderstanding,
  citationLikelihood: auditHistory.citationLikelihood,
  conversationalReadiness: auditHistory.conversationalReadiness,
  contentStructure: auditHistory.contentStructure,
};

export function originOf(url: string | null): string | null {
  if (url === null || !URL.canParse(url)) return null;
  return new URL(url).origin;
}

/**
 * Saves a completed audit under its run's id. Returns false when that row already exists: a
 * retried job, or the same handler run twice, never adds a second row.
 */
export async function saveAuditHistory(db: Db, userId: string, id: string, websiteUrl: string | null, stored: StoredAudit, now = new Date()): Promise<boolean> {
  const rows = await db
    .insert(auditHistory)
    .values({ id, userId, websiteUrl, websiteOrigin: originOf(websiteUrl), ...historyColumns(stored), auditData: stored, createdAt: now })
    .onConflictDoNothing({ target: auditHistory.id })
    .returning({ id: auditHistory.id });
  return rows.length > 0;
}

export async function getAuditHistory(db: Db, userId: string, id: string): Promise<AuditHistoryRow | null> {
  if (!isUuid(id)) return null;
  // Read after every audit, for its alerts.
  const statement = preparedOn(db, 'audit_history_get', (db, name) =>
    db
      .select()
      .from(auditHistory)
      .where(and(eq(auditHistory.id, sql.placeholder('id')), eq(auditHistory.userId, sql.placeholder('userId'))))
      .prepare(name),
  );
  const [row] = await statement.execute({ id, userId });
  return row ?? null;
}

/** Newest first; `website` narrows to audits of that site's origin. */
export async function listAuditHistory(db: Db, userId: string, options: { website?: string; limit: number }): Promise<AuditHistoryRow[]> {
  const origin = options.website === undefined ? null : originOf(options.website);
  const scope = origin === null ? eq(auditHistory.userId, userId) : and(eq(auditHistory.userId, userId), eq(auditHistory.websiteOrigin, origin));
  return db.select().from(auditHistory).where(scope).orderBy(desc(auditHistory.createdAt)).limit(options.limit);
}

/**
 * A history row without its stored audit, with the two facts lists need from it. Lists (the
 * overview asks for ten on every load) never read the whole audits, which hold every page's
 * checks: parsing them dominated the dashboard's response time.
 */
export type AuditSummaryRow = Omit<AuditHistoryRow, 'auditData'> & { kind: StoredAudit['kind']; pageCount: number };

const { auditData: _auditData, kind: _kind, pageCount: _pageCount, ...summaryColumns } = getTableColumns(auditHistory);
/** The columns of an AuditSummaryRow (track/own-audits.ts lists own audits with them too). */
export const summarySelection = {
  ...summaryColumns,
  // coalesce reads audit_data only for a row written without the copies.
  kind: sql<StoredAudit['kind']>`coalesce(${auditHistory.kind}, ${auditHistory.auditData}->>'kind')`,
  pageCount: sql<number>`coalesce(${auditHistory.pageCount}, case when ${auditHistory.auditData}->>'kind' = 'site' then (${auditHistory.auditData}->'result'->>'pageCount')::int else 1 end)`.mapWith(Number),
};

/** listAuditHistory's rows as summaries: newest first; `website` narrows to that site's origin. */
export async function listAuditSummaries(db: Db, userId: string, options: { website?: string; limit: number }): Promise<AuditSummaryRow[]> {
  if (options.website === undefined) {
    // The overview's list, on every page load.
    const statement = preparedOn(db, 'audit_summaries', (db, name) =>
      db.select(summarySelection).from(auditHistory).where(eq(auditHistory.userId, sql.placeholder('userId'))).orderBy(desc(auditHistory.createdAt)).limit(sql.placeholder('limit')).prepare(name),
    );
    return statement.execute({ userId, limit: options.limit });
  }
  const origin = originOf(options.website);
  const scope = origin === null ? eq(auditHistory.userId, userId) : and(eq(auditHistory.userId, userId), eq(auditHistory.websiteOrigin, origin));
  return db.select(summarySelection).from(auditHistory).where(scope).orderBy(desc(auditHistory.createdAt)).limit(options.limit);
}
