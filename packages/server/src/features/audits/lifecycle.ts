import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { auditRuns } from '../../db/schema';
import { logActivity } from '../profile';
import { expectedFailureMessage, INTERNAL_FAILURE_MESSAGE } from './audit-failure';
import { saveAuditHistory } from './history';
import { completeRun, failRun, getRun, markRunning, secondsSinceCreated, tellAuditEnded, writeProgress, type AuditRunRow } from './runs';
import { pageCountOf, type StoredAudit } from './stored-audit';

export interface AuditDeps {
  db: Db;
  allowHosts: readonly string[];
  log: FastifyBaseLogger;
  /** Runs once per saved audit (smart alerts); its failure is logged, never the audit's. */
  afterSave?: (userId: string, auditId: string) => Promise<unknown>;
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

// Where runs end is told lives with the writes that end them (runs.ts); metrics subscribe through here too.
export { onAuditEnded, type AuditEnded } from './runs';

/**
 * Fails a run still in flight, with `withFail` (a site crawl drops what it kept for its pages) in
 * the same transaction; a run already ended is left as it is, and nothing is told twice.
 */
export async function failAudit(deps: Pick<AuditDeps, 'db'>, userId: string, runId: string, error: string, withFail?: (tx: Tx) => Promise<void>): Promise<void> {
  await failRun(deps.db, userId, runId, error, withFail);
}

/**
 * Saves the result under the run's id and completes the run in one transaction, so a retry sees
 * either both or neither; the audit_run activity is logged only by the call that saved the row.
 */
export async function finishRun(
  deps: AuditDeps,
  userId: string,
  run: Pick<AuditRunRow, 'id' | 'websiteUrl' | 'scope'>,
  stored: StoredAudit,
  /** More writes that belong with the save (a site crawl drops its page results). */
  withSave?: (tx: Tx) => Promise<void>,
): Promise<void> {
  const pages = pageCountOf(stored);
  const saved = await deps.db.transaction(async (tx) => {
    const inserted = await saveAuditHistory(tx, userId, run.id, run.websiteUrl, stored);
    await completeRun(tx, userId, run.id, { done: pages, total: pages });
    await withSave?.(tx);
    if (!inserted) return null;
    const [timed] = await tx.select({ seconds: secondsSinceCreated }).from(auditRuns).where(eq(auditRuns.id, run.id));
    return { seconds: Number(timed?.seconds ?? 0) };
  });
  if (!saved) return;
  tellAuditEnded({ db: deps.db, scope: run.scope, outcome: 'completed', seconds: saved.seconds });
  try {
    await logActivity(deps.db, userId, {
      type: 'audit_run',
      toolId: 'audit',
      websiteUrl: run.websiteUrl ?? undefined,
      data: { auditId: run.id, kind: stored.kind, overallScore: stored.result.overallScore, pages },
    });
  } catch (error) {
    // Activity is a trail, not the audit: losing an entry must not fail a saved audit (spec 001 §8).
    deps.log.warn({ err: error, auditId: run.id }, 'could not log the audit_run activity');
  }
  try {
    await deps.afterSave?.(userId, run.id);
  } catch (error) {
    deps.log.error({ err: error, auditId: run.id }, 'after-save hook failed');
  }
}
