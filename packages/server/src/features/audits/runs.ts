import { and, eq, gte, inArray, lt, ne, sql, type SQL } from 'drizzle-orm';
import type { AuditProgress, AuditScope, AuditStatus } from '@citable/contract';
import type { Db } from '../../db/client';
import { preparedOn } from '../../db/prepared';
import { auditHistory, auditRuns } from '../../db/schema';
import { releaseFinishedCrawl } from './crawl/crawl-store';
import type { AuditHistoryRow } from './history';
import { isUuid } from './ids';

export type AuditRunRow = typeof auditRuns.$inferSelect;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

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

/**
 * An audit run that ended, from its creation to its audit saved (completed) or the run failed,
 * timed on the database's clock. Told once per run, by the process whose call ended it (the one
 * whose save inserted the audit, or whose update failed the run still in flight), so summing every
 * process's metrics counts each run once however many jobs, deliveries or sweeps reached the end.
 */
export interface AuditEnded {
  /** The database the run lives in: a process's metrics count only runs ended through its own app. */
  db: Db;
  scope: string;
  outcome: 'completed' | 'failed';
  seconds: number;
}

const endedListeners = new Set<(ended: AuditEnded) => void>();

/** Calls `listener` for each audit run ended in this process (ops/metrics); returns the unsubscribe. */
export function onAuditEnded(listener: (ended: AuditEnded) => void): () => void {
  endedListeners.add(listener);
  return () => endedListeners.delete(listener);
}

/** Tells the listeners a run ended; only the call that ended it (its write changed the run) may. */
export function tellAuditEnded(ended: AuditEnded): void {
  for (const listener of endedListeners) listener(ended);
}

/** Seconds since the run was created, read in the statement that ends it (the database's clock on both ends). */
export const secondsSinceCreated = sql<number>`extract(epoch from clock_timestamp() - ${auditRuns.createdAt})::float8`;

/**
 * Every way a run fails goes through here: the runs `which` selects that are still in flight are
 * failed, each failed site run's crawl data released (crawl/crawl-store.ts releaseFinishedCrawl)
 * and `withFail` run, in one transaction; then each failed run is told ended. The update's status
 * condition lets one caller fail a run however many race for it (a request's sweep, the
 * interrupted-work sweep, a job), so each run is told once. Returns the runs this call failed.
 */
export async function failRunsWhere(db: Db, which: SQL | undefined, error: string, now = new Date(), withFail?: (tx: Tx) => Promise<void>): Promise<{ id: string; scope: string }[]> {
  const failed = await db.transaction(async (tx) => {
    const rows = await tx
      .update(auditRuns)
      .set({ status: 'failed', error, finishedAt: now, updatedAt: now })
      .where(and(which, inArray(auditRuns.status, IN_FLIGHT)))
      .returning({ id: auditRuns.id, scope: auditRuns.scope, seconds: secondsSinceCreated });
    for (const row of rows) if (row.scope === 'site') await releaseFinishedCrawl(tx, row.id);
    if (rows.length > 0) await withFail?.(tx);
    return rows;
  });
  for (const row of failed) tellAuditEnded({ db, scope: row.scope, outcome: 'failed', seconds: Number(row.seconds) });
  return failed.map(({ id, scope }) => ({ id, scope }));
}

/** Frees the slot of the user's abandoned runs, marking them failed; returns those it failed. */
export async function failAbandonedRuns(db: Db, userId: string, now = new Date()): Promise<{ id: string; scope: string }[]> {
  const abandoned = and(eq(auditRuns.userId, userId), lt(auditRuns.updatedAt, new Date(now.getTime() - ABANDONED_AFTER_MS)));
  // Almost always there is none: one indexed read then, rather than a transaction's three statements.
  const [any] = await db
    .select({ id: auditRuns.id })
    .from(auditRuns)
    .where(and(abandoned, inArray(auditRuns.status, IN_FLIGHT)))
    .limit(1);
  return any ? failRunsWhere(db, abandoned, ABANDONED_MESSAGE, now) : [];
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

/**
 * A run with its saved audit (null until the audit is saved), in one prepared statement: the
 * overview opens the newest audit on every load.
 */
export async function getRunWithAudit(db: Db, userId: string, id: string): Promise<{ run: AuditRunRow; audit: AuditHistoryRow | null } | null> {
  if (!isUuid(id)) return null;
  const statement = preparedOn(db, 'run_with_audit', (db, name) =>
    db
      .select({ run: auditRuns, audit: auditHistory })
      .from(auditRuns)
      .leftJoin(auditHistory, and(eq(auditHistory.id, auditRuns.id), eq(auditHistory.userId, auditRuns.userId)))
      .where(and(eq(auditRuns.id, sql.placeholder('id')), eq(auditRuns.userId, sql.placeholder('userId'))))
      .prepare(name),
  );
  const [row] = await statement.execute({ id, userId });
  return row ?? null;
}

/** The user's one run in flight, if any (the overview's list asks on every load). */
export async function getRunInFlight(db: Db, userId: string): Promise<AuditRunRow | null> {
  const statement = preparedOn(db, 'run_in_flight', (db, name) =>
    db
      .select()
      .from(auditRuns)
      .where(and(eq(auditRuns.userId, sql.placeholder('userId')), inArray(auditRuns.status, IN_FLIGHT)))
      .prepare(name),
  );
  const [row] = await statement.execute({ userId });
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

/**
 * Fails the run if it is still in flight (a run already ended is left as it is): timed once, its
 * crawl data released if it is a site run, `withFail` in the same transaction (see failRunsWhere).
 */
export async function failRun(db: Db, userId: string, id: string, error: string, withFail?: (tx: Tx) => Promise<void>): Promise<void> {
  await failRunsWhere(db, and(eq(auditRuns.id, id), eq(auditRuns.userId, userId)), error, new Date(), withFail);
}

export async function completeRun(db: Db, userId: string, id: string, progress: AuditProgress, now = new Date()): Promise<void> {
  await db
    .update(auditRuns)
    .set({ status: 'completed', progressDone: progress.done, progressTotal: progress.total ?? null, finishedAt: now, updatedAt: now })
    .where(and(eq(auditRuns.id, id), eq(auditRuns.userId, userId)));
}
