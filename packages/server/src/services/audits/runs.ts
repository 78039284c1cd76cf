import { and, eq, gte, inArray, lt, ne, sql } from 'drizzle-orm';
import type { AuditProgress, AuditScope, AuditStatus } from '@citable/contract';
import type { Db } from '../../db/client';
import { auditRuns } from '../../db/schema';
import { isUuid } from './ids';

export type AuditRunRow = typeof auditRuns.$inferSelect;

const IN_FLIGHT: AuditStatus[] = ['queued', 'running'];
/**
 * A run in flight whose row has not been touched for this long was abandoned (the process died and
 * pg-boss gave up, or the job was lost): it must not keep the user's one audit slot forever.
 */
export const ABANDONED_AFTER_MS = 30 * 60_000;
export const ABANDONED_MESSAGE = 'The audit stopped unexpectedly. Please run it again.';

export interface NewRun {
  scope: AuditScope;
  websiteUrl: string | null;
  maxPages: number;
  status: 'queued' | 'running';
  counted: boolean;
}

/** Whether failAbandonedRuns would fail this run: in flight and untouched for too long. */
export function isAbandoned(run: Pick<AuditRunRow, 'status' | 'updatedAt'>, now = new Date()): boolean {
  return IN_FLIGHT.includes(run.status as AuditStatus) && run.updatedAt.getTime() < now.getTime() - ABANDONED_AFTER_MS;
}

/** Frees the slot of the user's abandoned runs, marking them failed. */
export async function failAbandonedRuns(db: Db, userId: string, now = new Date()): Promise<void> {
  await db
    .update(auditRuns)
    .set({ status: 'failed', error: ABANDONED_MESSAGE, finishedAt: now, updatedAt: now })
    .where(and(eq(auditRuns.userId, userId), inArray(auditRuns.status, IN_FLIGHT), lt(auditRuns.updatedAt, new Date(now.getTime() - ABANDONED_AFTER_MS))));
}

/** Creates a run, or returns null when the user already has one in flight (the partial unique index decides). */
export async function createRun(db: Db, userId: string, run: NewRun): Promise<AuditRunRow | null> {
  const [row] = await db
    .insert(auditRuns)
    .values({ userId, ...run })
    .onConflictDoNothing()
    .returning();
  return row ?? null;
}

export async function getRun(db: Db, userId: string, id: string): Promise<AuditRunRow | null> {
  if (!isUuid(id)) return null;
  const [row] = await db
    .select()
    .from(auditRuns)
    .where(and(eq(auditRuns.id, id), eq(auditRuns.userId, userId)));
  return row ?? null;
}

/** The user's one run in flight, if any. */
export async function getRunInFlight(db: Db, userId: string): Promise<AuditRunRow | null> {
  const [row] = await db
    .select()
    .from(auditRuns)
    .where(and(eq(auditRuns.userId, userId), inArray(auditRuns.status, IN_FLIGHT)));
  return row ?? null;
}

/** Runs that count against the plan's limit this calendar month (UTC); failed ones do not. */
export async function countCountedRunsSince(db: Db, userId: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(auditRuns)
    .where(and(eq(auditRuns.userId, userId), eq(auditRuns.counted, true), ne(auditRuns.status, 'failed'), gte(auditRuns.createdAt, since)));
  return row?.count ?? 0;
}

export async function markRunning(db: Db, userId: string, id: string): Promise<void> {
  await db
    .update(auditRuns)
    .set({ status: 'running', progressDone: 0, progressTotal: null, updatedAt: new Date() })
    .where(and(eq(auditRuns.id, id), eq(auditRuns.userId, userId)));
}

export async function writeProgress(db: Db, userId: string, id: string, progress: AuditProgress): Promise<void> {
  await db
    .update(auditRuns)
    .set({ progressDone: progress.done, progressTotal: progress.total ?? null, updatedAt: new Date() })
    .where(and(eq(auditRuns.id, id), eq(auditRuns.userId, userId), eq(auditRuns.status, 'running')));
}

export async function failRun(db: Db, userId: string, id: string, error: string, now = new Date()): Promise<void> {
  await db
    .update(auditRuns)
    .set({ status: 'failed', error, finishedAt: now, updatedAt: now })
    .where(and(eq(auditRuns.id, id), eq(auditRuns.userId, userId), inArray(auditRuns.status, IN_FLIGHT)));
}

export async function completeRun(db: Db, userId: string, id: string, progress: AuditProgress, now = new Date()): Promise<void> {
  await db
    .update(auditRuns)
    .set({ status: 'completed', progressDone: progress.done, progressTotal: progress.total ?? null, finishedAt: now, updatedAt: now })
    .where(and(eq(auditRuns.id, id), eq(auditRuns.userId, userId)));
}
