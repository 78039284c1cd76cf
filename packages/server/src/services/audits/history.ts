import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { auditHistory } from '../../db/schema';
import { historyColumns, type StoredAudit } from './stored-audit';
import { isUuid } from './ids';

export type AuditHistoryRow = typeof auditHistory.$inferSelect;

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
  const [row] = await db
    .select()
    .from(auditHistory)
    .where(and(eq(auditHistory.id, id), eq(auditHistory.userId, userId)));
  return row ?? null;
}

/** Newest first; `website` narrows to audits of that site's origin. */
export async function listAuditHistory(db: Db, userId: string, options: { website?: string; limit: number }): Promise<AuditHistoryRow[]> {
  const origin = options.website === undefined ? null : originOf(options.website);
  const scope = origin === null ? eq(auditHistory.userId, userId) : and(eq(auditHistory.userId, userId), eq(auditHistory.websiteOrigin, origin));
  return db.select().from(auditHistory).where(scope).orderBy(desc(auditHistory.createdAt)).limit(options.limit);
}
