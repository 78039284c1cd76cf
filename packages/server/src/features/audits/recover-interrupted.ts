import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import { REPORT_MESSAGES } from '@citable/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { auditRuns, reports } from '../../db/schema';
import { ABANDONED_MESSAGE, failRunsWhere } from './runs';

/**
 * Audit runs and reports a crash left behind. A process killed between writing a record and sending
 * its job, or in the middle of a synchronous page audit, leaves an audit run or a report
 * `queued`/`running` with no job that will ever finish it: it would spin in the interface and hold
 * the user's one audit slot. Such records (in flight, and named by no pending pg-boss job) are
 * failed with a message that says to run them again; records with a pending job are left to it.
 *
 * On PGlite the data-folder lock means no other process runs, so at start-up every such record is
 * abandoned. On PostgreSQL a live process may be in the middle of a synchronous audit (no job): it
 * keeps its run's `updated_at` fresh (withRunHeartbeat), so only records quiet for longer than
 * JOBLESS_GRACE_MS are abandoned, checked at start-up and every SWEEP_INTERVAL_MS.
 */
export const RUN_HEARTBEAT_MS = 10_000;
export const JOBLESS_GRACE_MS = 45_000;
export const SWEEP_INTERVAL_MS = 15_000;

const IN_FLIGHT: ('queued' | 'running')[] = ['queued', 'running'];

/** Of the given ids, those named by the payload field of a job that will still run (waiting, retrying or active). */
async function withPendingJob(db: Db, field: 'runId' | 'reportId', ids: string[]): Promise<Set<string>> {
  const result = await db.execute<{ ref: string }>(
    sql`select distinct data->>${field} as ref from pgboss.job where state in ('created', 'retry', 'active') and data->>${field} in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})`,
  );
  const rows = (result as { rows?: { ref: string }[] }).rows ?? (result as unknown as { ref: string }[]);
  return new Set(rows.map((row) => row.ref));
}

export async function recoverInterruptedWork(db: Db, options: { embedded: boolean; log: FastifyBaseLogger; now?: Date }): Promise<void> {
  const now = options.now ?? new Date();
  const before = new Date(now.getTime() - (options.embedded ? 0 : JOBLESS_GRACE_MS));

  // Candidates first (usually none), so the job table is only read when something is in doubt.
  const runs = await db.select({ id: auditRuns.id }).from(auditRuns).where(and(inArray(auditRuns.status, IN_FLIGHT), lt(auditRuns.updatedAt, before)));
  const pendingRuns = runs.length ? await withPendingJob(db, 'runId', runs.map((row) => row.id)) : new Set<string>();
  const abandonedRuns = runs.map((row) => row.id).filter((id) => !pendingRuns.has(id));
  // Failed the way every run fails (runs.ts failRunsWhere): timed once even when a request's own
  // sweep races for the same run, and a site run's crawl data released with it.
  const failedRuns = abandonedRuns.length ? await failRunsWhere(db, and(inArray(auditRuns.id, abandonedRuns), lt(auditRuns.updatedAt, before)), ABANDONED_MESSAGE, now) : [];

  const queuedReports = await db.select({ id: reports.id }).from(reports).where(and(inArray(reports.status, IN_FLIGHT), lt(reports.createdAt, before)));
  const pendingReports = queuedReports.length ? await withPendingJob(db, 'reportId', queuedReports.map((row) => row.id)) : new Set<string>();
  const abandonedReports = queuedReports.map((row) => row.id).filter((id) => !pendingReports.has(id));
  if (abandonedReports.length) {
    await db
      .update(reports)
      .set({ status: 'failed', error: REPORT_MESSAGES.generateFailed, completedAt: now })
      .where(and(inArray(reports.id, abandonedReports), inArray(reports.status, IN_FLIGHT)));
  }

  if (failedRuns.length || abandonedReports.length) {
    options.log.warn({ auditRuns: failedRuns.map((run) => run.id), reports: abandonedReports }, 'failed audit runs and reports interrupted by a stopped process (no job left to finish them)');
  }
}

/**
 * Runs `work` (a synchronous audit: a run `running` with no job) while touching the run's
 * `updated_at` every RUN_HEARTBEAT_MS, so other processes can tell it from one a crash left behind.
 */
export async function withRunHeartbeat<T>(db: Db, userId: string, runId: string, work: () => Promise<T>): Promise<T> {
  const beat = setInterval(() => {
    db.update(auditRuns)
      .set({ updatedAt: new Date() })
      .where(and(eq(auditRuns.id, runId), eq(auditRuns.userId, userId), eq(auditRuns.status, 'running')))
      .catch(() => {
        // A missed beat only shortens the run's grace; the audit itself goes on.
      });
  }, RUN_HEARTBEAT_MS);
  beat.unref();
  try {
    return await work();
  } finally {
    clearInterval(beat);
  }
}
