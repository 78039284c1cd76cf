import { and, gte, inArray, sql, type SQL } from 'drizzle-orm';
import { LLM_MONTHLY_TOKEN_BUDGET, WEB_SEARCH_MONTHLY_BUDGET, type LlmFeature, type LlmUsage, type PlanId } from '@citable/contract';
import { calendarMonth } from '../billing';
import type { Db } from '../../db/client';
import { llmUsage } from '../../db/schema';
import { workspacePrincipalIds } from '../workspaces';

export interface LlmUsageEntry {
  userId: string;
  feature: LlmFeature;
  model: string;
  inputTokens: number;
  outputTokens: number;
  /** Web searches billed apart from the tokens (contract WEB_SEARCH_FEES_USD). */
  searches?: number;
}

/** Where token usage is kept; the database in the app, a map in provider tests. */
export interface LlmUsageStore {
  tokensSince(userId: string, since: Date): Promise<number>;
  /** Billed web searches since then, the workspace's together like the tokens (issue 29). */
  searchesSince?(userId: string, since: Date): Promise<number>;
  record(entry: LlmUsageEntry): Promise<void>;
}

export function dbUsageStore(db: Db): LlmUsageStore {
  // An agency workspace shares one token budget and one search budget across its owner and every client (issue #11).
  const sumSince = async (total: SQL<number>, userId: string, since: Date) => {
    const [row] = await db
      .select({ total })
      .from(llmUsage)
      .where(and(inArray(llmUsage.userId, await workspacePrincipalIds(db, userId)), gte(llmUsage.createdAt, since)));
    return row?.total ?? 0;
  };
  return {
    tokensSince: (userId, since) => sumSince(sql<number>`coalesce(sum(${llmUsage.inputTokens} + ${llmUsage.outputTokens}), 0)::int`, userId, since),
    searchesSince: (userId, since) => sumSince(sql<number>`coalesce(sum(${llmUsage.searches}), 0)::int`, userId, since),
    async record(entry) {
      await db.insert(llmUsage).values(entry);
    },
  };
}

export async function monthlyLlmUsage(store: LlmUsageStore, userId: string, plan: PlanId, now = new Date()): Promise<LlmUsage> {
  // The budget runs per calendar month in UTC, like the billing dialog's other meters.
  const { start, end } = calendarMonth(now);
  return {
    plan,
    usedTokens: await store.tokensSince(userId, start),
    budgetTokens: LLM_MONTHLY_TOKEN_BUDGET[plan],
    periodStart: start.toISOString(),
    periodEnd: end.toISOString(),
  };
}

/** The month's billed web searches against the plan's search budget (issue 29). */
export async function monthlySearchUsage(store: LlmUsageStore, userId: string, plan: PlanId, now = new Date()): Promise<{ used: number; budget: number }> {
  const { start } = calendarMonth(now);
  return { used: (await store.searchesSince?.(userId, start)) ?? 0, budget: WEB_SEARCH_MONTHLY_BUDGET[plan] };
}
