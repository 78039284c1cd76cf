import { and, asc, eq, isNull, lte, sql } from 'drizzle-orm';
import { CITATION_PLAN_LIMITS, type PlanId, type TrackedPrompt, type TrackedSite } from '@citable/contract';
import type { Db } from '../../db/client';
import { citationSchedules, trackedPrompts } from './schema';

/** Every read and write here is scoped by the user's id: another user's row is simply not found. */

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export class TrackedPromptsFullError extends Error {}

const toPrompt = (row: typeof trackedPrompts.$inferSelect): TrackedPrompt => ({ id: row.id, domain: row.domain, prompt: row.prompt, created_at: row.createdAt.toISOString() });

export async function listTrackedPrompts(db: Db, userId: string, domain?: string): Promise<TrackedPrompt[]> {
  const rows = await db
    .select()
    .from(trackedPrompts)
    .where(domain ? and(eq(trackedPrompts.userId, userId), eq(trackedPrompts.domain, domain)) : eq(trackedPrompts.userId, userId))
    .orderBy(asc(trackedPrompts.createdAt), asc(trackedPrompts.prompt));
  return rows.map(toPrompt);
}

/**
 * Adds the prompts a website does not track yet (the same prompt in another case is the same
 * prompt), within the plan's cap per website; all or nothing. A new website is due at once.
 */
export async function addTrackedPrompts(db: Db, userId: string, plan: PlanId, domain: string, prompts: readonly string[], now: Date): Promise<{ added: TrackedPrompt[]; firstForSite: boolean }> {
  return db.transaction(async (tx) => {
    const existing = await tx.select({ prompt: trackedPrompts.prompt }).from(trackedPrompts).where(and(eq(trackedPrompts.userId, userId), eq(trackedPrompts.domain, domain)));
    const have = new Set(existing.map((row) => row.prompt.toLowerCase()));
    // The first spelling of a prompt is kept; a later one in another case is the same prompt.
    const fresh = prompts.filter((prompt, index) => !have.has(prompt.toLowerCase()) && prompts.findIndex((other) => other.toLowerCase() === prompt.toLowerCase()) === index);
    const cap = CITATION_PLAN_LIMITS[plan].trackedPrompts;
    if (existing.length + fresh.length > cap) {
      throw new TrackedPromptsFullError(`Your plan tracks up to ${cap} prompts per website; this website has ${existing.length}. Remove some or upgrade to track more.`);
    }
    if (fresh.length === 0) return { added: [], firstForSite: false };
    const rows = await tx
      .insert(trackedPrompts)
      .values(fresh.map((prompt, index) => ({ userId, domain, prompt, createdAt: new Date(now.getTime() + index) })))
      .onConflictDoNothing()
      .returning();
    await tx.insert(citationSchedules).values({ userId, domain, nextRunAt: now }).onConflictDoNothing();
    return { added: rows.map(toPrompt), firstForSite: existing.length === 0 };
  });
}

/** False when there is no such prompt of this user (including a malformed id). A website left with none stops being scheduled. */
export async function deleteTrackedPrompt(db: Db, userId: string, id: string): Promise<boolean> {
  if (!uuidPattern.test(id)) return false;
  return db.transaction(async (tx) => {
    const [deleted] = await tx
      .delete(trackedPrompts)
      .where(and(eq(trackedPrompts.id, id), eq(trackedPrompts.userId, userId)))
      .returning({ domain: trackedPrompts.domain });
    if (!deleted) return false;
    const [left] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(trackedPrompts)
      .where(and(eq(trackedPrompts.userId, userId), eq(trackedPrompts.domain, deleted.domain)));
    if ((left?.n ?? 0) === 0) await tx.delete(citationSchedules).where(and(eq(citationSchedules.userId, userId), eq(citationSchedules.domain, deleted.domain)));
    return true;
  });
}

export async function trackedSites(db: Db, userId: string): Promise<TrackedSite[]> {
  const [prompts, schedules] = await Promise.all([listTrackedPrompts(db, userId), db.select().from(citationSchedules).where(eq(citationSchedules.userId, userId))]);
  const domains = [...new Set(prompts.map((prompt) => prompt.domain))];
  return domains.map((domain) => {
    const schedule = schedules.find((row) => row.domain === domain);
    return {
      domain,
      prompts: prompts.filter((prompt) => prompt.domain === domain),
      nextRunAt: schedule?.nextRunAt.toISOString() ?? null,
      lastRunAt: schedule?.lastRunAt?.toISOString() ?? null,
      running: schedule?.startedAt ? { startedAt: schedule.startedAt.toISOString(), asksDone: schedule.asksDone, asksPlanned: schedule.asksPlanned } : null,
      lastError: schedule?.lastError ?? null,
    };
  });
}

/** The websites due at `now` with no run in flight, oldest first. */
export async function dueSchedules(db: Db, now: Date, limit: number): Promise<{ userId: string; domain: string }[]> {
  return db
    .select({ userId: citationSchedules.userId, domain: citationSchedules.domain })
    .from(citationSchedules)
    .where(and(lte(citationSchedules.nextRunAt, now), isNull(citationSchedules.startedAt)))
    .orderBy(asc(citationSchedules.nextRunAt))
    .limit(limit);
}

/** Claims a due website for one run: false when another tick got it first. */
export async function claimSchedule(db: Db, userId: string, domain: string, now: Date, nextRunAt: Date): Promise<boolean> {
  const rows = await db
    .update(citationSchedules)
    .set({ startedAt: now, nextRunAt, asksDone: 0, asksPlanned: 0, lastError: null })
    .where(and(eq(citationSchedules.userId, userId), eq(citationSchedules.domain, domain), isNull(citationSchedules.startedAt)))
    .returning({ domain: citationSchedules.domain });
  return rows.length > 0;
}

export async function writeScheduleProgress(db: Db, userId: string, domain: string, progress: { asksDone: number; asksPlanned: number }): Promise<void> {
  await db
    .update(citationSchedules)
    .set(progress)
    .where(and(eq(citationSchedules.userId, userId), eq(citationSchedules.domain, domain)));
}

/** The run ended (with `error` when it failed): no longer in flight. */
export async function finishSchedule(db: Db, userId: string, domain: string, now: Date, error: string | null): Promise<void> {
  await db
    .update(citationSchedules)
    .set({ startedAt: null, lastRunAt: now, lastError: error })
    .where(and(eq(citationSchedules.userId, userId), eq(citationSchedules.domain, domain)));
}

/** Runs claimed longer ago than `before` whose job died with its process: free them to run again. */
export async function releaseStaleSchedules(db: Db, before: Date): Promise<void> {
  await db.update(citationSchedules).set({ startedAt: null }).where(lte(citationSchedules.startedAt, before));
}
