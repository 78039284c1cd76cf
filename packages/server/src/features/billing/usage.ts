import { and, desc, gte, inArray, sql } from 'drizzle-orm';
import { aiUsageLabel, LLM_MONTHLY_TOKEN_BUDGET, USAGE_METERS, WEB_SEARCH_MONTHLY_BUDGET, usageLimit, type BillingUsage, type PlanId, type UsageMeter } from '@citable/contract';
import type { Db } from '../../db/client';
import { llmUsage } from '../../db/schema';
import { countToolRunsSince } from '../tools';
import { workspacePrincipalIds, countWorkspaceRunsSince } from '../workspaces';

export function calendarMonth(now: Date): { start: Date; end: Date } {
  return { start: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)), end: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)) };
}


// The reports feature owns its table and may not be installed yet: count it only when it exists.
async function countReports(db: Db, userIds: string[], since: Date): Promise<number> {
  // Both drivers answer raw queries with `rows`; the common Db type does not say so.
  const rows = async <T>(query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as { rows: T[] }).rows;
  const [table] = await rows<{ name: string | null }>(sql`select to_regclass('public.reports')::text as name`);
  if (!table?.name) return 0;
  const [counted] = await rows<{ count: number }>(sql`select count(*)::int as count from reports where user_id in (${sql.join(userIds.map((id) => sql`${id}`), sql`, `)}) and created_at >= ${since.toISOString()}`);
  return counted?.count ?? 0;
}

/**
 * This calendar month's (UTC) real counts against the plan's limits. Audits are counted as the
 * audit limit counts them, so the bar and the limit always agree.
 */
export async function monthlyUsage(db: Db, userId: string, plan: PlanId, now = new Date()): Promise<BillingUsage> {
  const { start, end } = calendarMonth(now);
  // An agency workspace's meters count its owner's and every client's use (issue #11).
  const principals = await workspacePrincipalIds(db, userId);
  const used: Record<UsageMeter, number> = {
    audits: await countWorkspaceRunsSince(db, userId, start),
    // Every tool run once, under its own tool, as the allowance counts them (issue 19).
    toolUses: await countToolRunsSince(db, principals, start),
    reports: await countReports(db, principals, start),
  };
  return {
    plan,
    periodStart: start.toISOString(),
    periodEnd: end.toISOString(),
    meters: USAGE_METERS.map((meter) => ({ meter, used: used[meter], limit: usageLimit(plan, meter) })),
    ai: await aiUsage(db, principals, plan, start),
  };
}

/** The month's model and answer-engine calls and tokens by engine, against the plan's AI budget (issue 21). */
async function aiUsage(db: Db, principals: string[], plan: PlanId, since: Date): Promise<NonNullable<BillingUsage['ai']>> {
  const tokens = sql<number>`coalesce(sum(${llmUsage.inputTokens} + ${llmUsage.outputTokens}), 0)::int`;
  const rows = await db
    .select({
      model: llmUsage.model,
      calls: sql<number>`count(*)::int`,
      tokens,
      // Web searches billed apart from the tokens, against their own budget (issue 29).
      searches: sql<number>`coalesce(sum(${llmUsage.searches}), 0)::int`,
    })
    .from(llmUsage)
    .where(and(inArray(llmUsage.userId, principals), gte(llmUsage.createdAt, since)))
    .groupBy(llmUsage.model)
    .orderBy(desc(tokens));
  return {
    usedTokens: rows.reduce((sum, row) => sum + Number(row.tokens), 0),
    budgetTokens: LLM_MONTHLY_TOKEN_BUDGET[plan],
    usedSearches: rows.reduce((sum, row) => sum + Number(row.searches), 0),
    budgetSearches: WEB_SEARCH_MONTHLY_BUDGET[plan],
    lines: rows.map((row) => ({
      label: aiUsageLabel(row.model),
      calls: Number(row.calls),
      tokens: Number(row.tokens),
      ...(Number(row.searches) > 0 && { searches: Number(row.searches) }),
    })),
  };
}
