import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { AuditInsightsInput, AuditInsightsResult, AuditResult } from '@citable/contract';
import { auditContent, compareAudits } from '@citable/engine';
import type { Db } from '../../db/client';
import { auditHistory } from '../../db/schema';
import { addressVariants } from '../track';
import { auditReadPage } from './read-pages';
import type { ToolContext, ToolOutcome } from './tool-context';

/**
 * The user's newest stored page audit of one of these URLs (as typed, or as fetched after
 * redirects; with or without the trailing slash). Never a site audit (issue 19): a crawl's score is
 * not this page's, and its merged checks would leave "Improved +32" beside no changed check.
 */
async function previousAudit(db: Db, userId: string, urls: string[]): Promise<{ result: AuditResult | null; score: number } | null> {
  const [row] = await db
    .select({ data: auditHistory.auditData, score: auditHistory.overallScore })
    .from(auditHistory)
    .where(
      and(
        eq(auditHistory.userId, userId),
        inArray(auditHistory.websiteUrl, [...new Set(urls.flatMap(addressVariants))]),
        sql`coalesce(${auditHistory.kind}, ${auditHistory.auditData}->>'kind') = 'page'`,
      ),
    )
    .orderBy(desc(auditHistory.createdAt))
    .limit(1);
  if (!row) return null;
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
  const { snapshot, result: current } = await auditReadPage(url, ctx, ctx.now);
  const previous = await previousAudit(ctx.db, ctx.userId, [...new Set([url, snapshot.page.url ?? url])]);
  const result = compareAudits({ current, previous: previous?.result ?? undefined, previousScore: previous?.score ?? input.previousScore });
  return { result, websiteUrl: url };
}
