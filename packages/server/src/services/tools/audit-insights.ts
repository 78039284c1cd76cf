import { and, desc, eq, inArray } from 'drizzle-orm';
import type { AuditInsightsInput, AuditInsightsResult, AuditResult } from '@citable/contract';
import { auditContent, auditSnapshot, compareAudits } from '@citable/engine';
import type { Db } from '../../db/client';
import { auditHistory } from '../../db/schema';
import { readSnapshot } from './read-pages';
import type { ToolContext, ToolOutcome } from './tool-context';

/** The user's newest stored audit of one of these URLs (as typed, or as fetched after redirects). */
async function previousAudit(db: Db, userId: string, urls: string[]): Promise<{ result: AuditResult | null; score: number } | null> {
  const [row] = await db
    .select({ data: auditHistory.auditData, score: auditHistory.overallScore })
    .from(auditHistory)
    .where(and(eq(auditHistory.userId, userId), inArray(auditHistory.websiteUrl, urls)))
    .orderBy(desc(auditHistory.createdAt))
    .limit(1);
  if (!row) return null;
  // A site audit keeps merged checks, not one page's: only its score compares with a page audit.
  return { result: row.data.kind === 'site' ? null : row.data.result, score: row.score };
}

/**
 * Audits the page (or pasted content) now and compares it with the user's previous audit of the
 * same URL, check by check; with no stored audit, with the score the client sent, if any.
 */
export async function runAuditInsights(input: AuditInsightsInput, ctx: ToolContext): Promise<ToolOutcome<AuditInsightsResult>> {
  const url = input.url?.trim() || null;
  if (!url) {
    const current = auditContent(input.content ?? '', {}, { now: ctx.now });
    return { result: compareAudits({ current, previousScore: input.previousScore }), websiteUrl: null };
  }
  const snapshot = await readSnapshot(url, ctx, { probe: true });
  const current = auditSnapshot(snapshot, { now: ctx.now });
  const previous = await previousAudit(ctx.db, ctx.userId, [...new Set([url, snapshot.page.url ?? url])]);
  const result = compareAudits({ current, previous: previous?.result ?? undefined, previousScore: previous?.score ?? input.previousScore });
  return { result, websiteUrl: url };
}
