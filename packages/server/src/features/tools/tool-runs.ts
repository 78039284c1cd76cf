import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import { nextPlanFor, toolUsesExhaustedMessage, usageLimit, type PlanId, type ToolId } from '@citable/contract';
import type { Db } from '../../db/client';
import { toolRuns } from '../../db/schema';
import { HttpError } from '../../lib/http-error';
import { workspacePrincipalIds } from '../workspaces';

/**
 * The plan's monthly tool-use allowance (the billing dialog's "Tool uses per month", issue 19).
 * Every tool run counts once under its own tool, wherever it was asked for: the dashboard's tool
 * functions, the Citation Tracker, the Content Optimizer and Generator (the editor's optimize too),
 * the REST API and the MCP server. A run is written down before it starts, inside a transaction
 * that holds the workspace's lock, so runs sent together cannot pass the allowance; a run that
 * fails is taken off again. An agency workspace shares one allowance, like its audits (issue #11).
 */

export type ToolRunVia = 'app' | 'api' | 'mcp';

export interface ToolRunCall {
  userId: string;
  plan: PlanId;
  toolId: ToolId;
  via: ToolRunVia;
}

/** The first instant of the calendar month (UTC) of `now`, and of the next one. */
export function monthOf(now: Date): { start: Date; end: Date } {
  return { start: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)), end: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)) };
}

/** Tool runs of these users since `since`. */
export async function countToolRunsSince(db: Db, userIds: string[], since: Date): Promise<number> {
  if (userIds.length === 0) return 0;
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(toolRuns)
    .where(and(inArray(toolRuns.userId, userIds), gte(toolRuns.createdAt, since)));
  return row?.count ?? 0;
}

/**
 * Writes the run down, or answers 403 `{ error, requiredPlan? }` when this month's runs have
 * reached the plan's allowance. Returns the row's id, for releaseToolRun.
 */
export async function reserveToolRun(db: Db, call: ToolRunCall, now = new Date()): Promise<string> {
  const principals = await workspacePrincipalIds(db, call.userId);
  const { start, end } = monthOf(now);
  const limit = usageLimit(call.plan, 'toolUses');
  // Every principal of a workspace finds the same set, so the same lock.
  const lockKey = `tool-runs:${[...principals].sort()[0] ?? call.userId}`;
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${lockKey}))`);
    const used = await countToolRunsSince(tx as unknown as Db, principals, start);
    if (used >= limit) {
      const requiredPlan = nextPlanFor(call.plan, 'toolUses');
      throw new HttpError(403, { error: toolUsesExhaustedMessage(call.plan, end), ...(requiredPlan ? { requiredPlan } : {}) });
    }
    const [row] = await tx.insert(toolRuns).values({ userId: call.userId, toolId: call.toolId, via: call.via, createdAt: now }).returning({ id: toolRuns.id });
    return row.id;
  });
}

/** Takes a run that failed off the month's count. */
export async function releaseToolRun(db: Db, id: string): Promise<void> {
  await db.delete(toolRuns).where(eq(toolRuns.id, id));
}

/** Runs `run` as one counted tool run: refused when the allowance is used up, not counted when it fails. */
export async function withToolRun<T>(db: Db, call: ToolRunCall, run: () => Promise<T>): Promise<T> {
  const id = await reserveToolRun(db, call);
  try {
    return await run();
  } catch (error) {
    // The run's own error is the one to report; a failed release leaves one run too many counted.
    await releaseToolRun(db, id).catch(() => undefined);
    throw error;
  }
}
