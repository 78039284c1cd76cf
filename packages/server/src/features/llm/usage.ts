import { and, gte, inArray, sql } from 'drizzle-orm';
import { LLM_MONTHLY_TOKEN_BUDGET, type LlmFeature, type LlmUsage, type PlanId } from '@citable/contract';
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
}

/** Where token usage is kept; the database in the app, a map in provider tests. */
export interface LlmUsageStore {
  tokensSince(userId: string, since: Date): Promise<number>;
  record(entry: LlmUsageEntry): Promise<void>;
}

export function dbUsageStore(db: Db): LlmUsageStore {
  return {
    async tokensSince(userId, since) {
      // An agency workspace shares one token budget across its owner and every client (issue #11).
      const [row] = await db
        .select({ total: sql<number>`coalesce(sum(${llmUsage.inputTokens} + ${llmUsage.outputTokens}), 0)::int` })
        .from(llmUsage)
        .where(and(inArray(llmUsage.userId, await workspacePrincipalIds(db, userId)), gte(llmUsage.createdAt, since)));
      return row?.total ?? 0;
    },
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
