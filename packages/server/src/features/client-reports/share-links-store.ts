import { and, desc, eq, isNull } from 'drizzle-orm';
import type { ReportShareLink } from '@citable/contract';
import type { Db } from '../../db/client';
import { reportShares } from './schema';
import { reports } from '../../db/schema';
import { isUuid } from '../audits';
import { hashShareToken, isShareTokenShape, newShareToken, sameHash } from './share-token';

export type ShareRow = typeof reportShares.$inferSelect;
type ReportRow = typeof reports.$inferSelect;

export const SHARE_EXPIRY_DAYS = { min: 1, max: 90, default: 30 } as const;
const DAY_MS = 86_400_000;

/** The public address of a share; only known while the token is at hand (creation). */
export function shareUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/shared/reports/${token}`;
}

/**
 * A share as the API shows it. The token is stored only as a hash, so the link is returned once,
 * when it is created; listed shares carry url null (see the plan's Changes).
 */
export function toShareLink(row: ShareRow, url: string | null): ReportShareLink {
  return {
    id: row.id,
    reportId: row.reportId,
    url,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    revokedAt: row.revokedAt?.toISOString() ?? null,
  };
}

/** Creates a share of a report the owner holds; the caller has checked the report's owner. */
export async function createShare(db: Db, ownerId: string, reportId: string, expiresInDays: number, now = new Date()): Promise<{ row: ShareRow; token: string }> {
  const token = newShareToken();
  const [row] = await db
    .insert(reportShares)
    .values({ reportId, userId: ownerId, tokenHash: hashShareToken(token), createdAt: now, expiresAt: new Date(now.getTime() + expiresInDays * DAY_MS) })
    .returning();
  return { row: row!, token };
}

export function listShares(db: Db, ownerId: string, reportId: string): Promise<ShareRow[]> {
  if (!isUuid(reportId)) return Promise.resolve([]);
  return db
    .select()
    .from(reportShares)
    .where(and(eq(reportShares.userId, ownerId), eq(reportShares.reportId, reportId)))
    .orderBy(desc(reportShares.createdAt));
}

/** Revokes the owner's share; another owner's id, a malformed id or an unknown one finds nothing. Revoking twice keeps the first time. */
export async function revokeShare(db: Db, ownerId: string, shareId: string, now = new Date()): Promise<boolean> {
  if (!isUuid(shareId)) return false;
  const scope = and(eq(reportShares.id, shareId), eq(reportShares.userId, ownerId));
  await db
    .update(reportShares)
    .set({ revokedAt: now })
    .where(and(scope, isNull(reportShares.revokedAt)));
  const [row] = await db.select({ id: reportShares.id }).from(reportShares).where(scope);
  return row !== undefined;
}

export type SharedReport = { state: 'ok'; share: ShareRow; report: ReportRow } | { state: 'unknown' } | { state: 'revoked' } | { state: 'expired' };

/**
 * Resolves a public token: looked up by its hash (an index hit that reveals nothing about the
 * token), then compared in constant time. The report must still belong to the share's owner.
 */
export async function resolveShare(db: Db, token: string, now = new Date()): Promise<SharedReport> {
  if (!isShareTokenShape(token)) return { state: 'unknown' };
  const hash = hashShareToken(token);
  const [found] = await db
    .select({ share: reportShares, report: reports })
    .from(reportShares)
    .innerJoin(reports, and(eq(reports.id, reportShares.reportId), eq(reports.userId, reportShares.userId)))
    .where(eq(reportShares.tokenHash, hash));
  if (!found || !sameHash(found.share.tokenHash, hash)) return { state: 'unknown' };
  if (found.share.revokedAt) return { state: 'revoked' };
  if (found.share.expiresAt.getTime() <= now.getTime()) return { state: 'expired' };
  return { state: 'ok', share: found.share, report: found.report };
}
