import { AUDIT_LIST_DEFAULT, AUDIT_MESSAGES, type AuditListResponse, type AuditRun, type V1AuditBody } from '@citable/contract';
import type { FastifyInstance } from 'fastify';
import { type auditRunJob, listAuditSummaries, createRun, failAbandonedRuns, failRun, getRunInFlight, getRunWithAudit, enforceAuditLimit, isOwnHost, siteAuditPages, toHistoryItem, toRunView } from '../audits';
import { HttpError, notFound } from '../../lib/http-error';
import { getOrCreateProfile } from '../profile';

/**
 * The audits of the public API: the same runs, allowance and job as `POST /api/audits`, so an
 * audit started with a key shows up in the dashboard and counts against the same monthly limit.
 */
export async function startAudit(app: FastifyInstance, job: ReturnType<typeof auditRunJob>, userId: string, body: V1AuditBody): Promise<AuditRun> {
  const profile = await getOrCreateProfile(app.db, userId);
  const counted = body.scope === 'site' || !isOwnHost(profile, body.url);
  const maxPages = body.scope === 'site' ? siteAuditPages(profile.plan, body.maxPages) : 1;
  await failAbandonedRuns(app.db, userId);
  if (counted) await enforceAuditLimit(app.db, userId, profile.plan);
  const run = await createRun(app.db, userId, {
    scope: body.scope,
    websiteUrl: body.url,
    maxPages,
    status: 'queued',
    counted,
  });
  if (!run) throw new HttpError(409, { error: AUDIT_MESSAGES.alreadyRunning });
  try {
    await app.jobs.send(job, { runId: run.id, userId });
  } catch (error) {
    await failRun(app.db, userId, run.id, AUDIT_MESSAGES.failed);
    throw error;
  }
  return toRunView(run, null, profile.plan);
}

export async function readAudit(app: FastifyInstance, userId: string, id: string): Promise<AuditRun> {
  await failAbandonedRuns(app.db, userId);
  const found = await getRunWithAudit(app.db, userId, id);
  if (!found) throw notFound();
  const profile = await getOrCreateProfile(app.db, userId);
  return toRunView(found.run, found.run.status === 'completed' ? found.audit : null, profile.plan);
}

export async function latestAudits(app: FastifyInstance, userId: string, limit = AUDIT_LIST_DEFAULT): Promise<AuditListResponse> {
  const profile = await getOrCreateProfile(app.db, userId);
  const rows = await listAuditSummaries(app.db, userId, { limit });
  await failAbandonedRuns(app.db, userId);
  const current = await getRunInFlight(app.db, userId);
  return { audits: rows.map((row) => toHistoryItem(row, profile.plan)), current: current ? toRunView(current, null, profile.plan) : null };
}
