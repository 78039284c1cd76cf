import { AUDIT_MESSAGES, type AuditFunctionResponse } from '@citable/contract';
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../../lib/http-error';
import type { PublicApiOptions } from '../public-api';
import { expectedFailureMessage, failureStatus, INTERNAL_FAILURE_MESSAGE, finishRun, toFunctionResponse, auditPageUrl, createRun, failAbandonedRuns, failRun, enforceAuditLimit, isOwnHost, withRunHeartbeat } from '../audits';
import { getOrCreateProfile } from '../profile';

/**
 * A page audit the caller waits for, as `POST /api/functions/ai-visibility-audit` runs one: the
 * same run slot, allowance and history, so an assistant's audit appears in the dashboard.
 */
export async function auditPageNow(app: FastifyInstance, options: Pick<PublicApiOptions, 'allowHosts' | 'afterSave'>, userId: string, url: string): Promise<AuditFunctionResponse> {
  const deps = { db: app.db, allowHosts: options.allowHosts, log: app.log, afterSave: options.afterSave };
  const profile = await getOrCreateProfile(app.db, userId);
  const counted = !isOwnHost(profile, url);
  await failAbandonedRuns(app.db, userId);
  if (counted) await enforceAuditLimit(app.db, userId, profile.plan);
  const run = await createRun(app.db, userId, { scope: 'page', websiteUrl: url, maxPages: 1, status: 'running', counted });
  if (!run) throw new HttpError(409, { error: AUDIT_MESSAGES.alreadyRunning });
  let stored;
  try {
    // The heartbeat tells other processes this run is alive though no job holds it.
    stored = await withRunHeartbeat(app.db, userId, run.id, () => auditPageUrl(url, deps));
    // The save is part of the work: a save that fails fails the run, never leaves it running (#35).
    await finishRun(deps, userId, run, stored);
  } catch (error) {
    const message = expectedFailureMessage(error);
    await failRun(app.db, userId, run.id, message ?? INTERNAL_FAILURE_MESSAGE);
    if (message === null) throw error;
    throw new HttpError(failureStatus(error), { error: message });
  }
  return toFunctionResponse(run.id, stored, profile.plan);
}
