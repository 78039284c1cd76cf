import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, AUDIT_MESSAGES, auditFunctionRequestSchema, auditFunctionResponseSchema } from '@citable/contract';
import { HttpError } from '../../lib/http-error';
import { expectedFailureMessage, failureStatus, INTERNAL_FAILURE_MESSAGE } from './audit-failure';
import { finishRun, type AuditDeps } from './lifecycle';
import { toFunctionResponse } from './reveal';
import { auditPageUrl, auditPastedContent } from './run-audit';
import { createRun, failAbandonedRuns, failRun } from './runs';
import { enforceAuditLimit, isOwnHost } from './usage';
import { getOrCreateProfile } from '../profile';
import { withRunHeartbeat } from './recover-interrupted';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 409: apiErrorSchema, 422: apiErrorSchema };

/**
 * `POST /api/functions/ai-visibility-audit` (spec 001 §7): audits one URL or pasted content while
 * the client waits. It takes the user's one audit slot like a background audit does.
 */
export const auditFunctionRoutes: FastifyPluginAsyncZod<{ allowHosts: readonly string[]; afterSave?: AuditDeps['afterSave'] }> = async (app, options) => {
  const deps = { db: app.db, allowHosts: options.allowHosts, log: app.log, afterSave: options.afterSave };

  app.post(
    '/api/functions/ai-visibility-audit',
    { schema: { body: auditFunctionRequestSchema, response: { 200: auditFunctionResponseSchema, ...errors } } },
    async (request) => {
      const owner = await app.requireOwner(request);
      const { url, content } = request.body;
      const profile = await getOrCreateProfile(app.db, owner.ownerId);
      const counted = url !== undefined && !isOwnHost(profile, url);
      await failAbandonedRuns(app.db, owner.ownerId);
      if (counted) await enforceAuditLimit(app.db, owner.ownerId, profile.plan);
      const run = await createRun(app.db, owner.ownerId, { scope: 'page', websiteUrl: url ?? null, maxPages: 1, status: 'running', counted });
      if (!run) throw new HttpError(409, { error: AUDIT_MESSAGES.alreadyRunning });

      let stored;
      try {
        // The heartbeat tells other processes this run is alive though no job holds it.
        stored = url !== undefined ? await withRunHeartbeat(app.db, owner.ownerId, run.id, () => auditPageUrl(url, deps)) : await auditPastedContent(content ?? '');
        // The save is part of the work: a save that fails fails the run, never leaves it running (#35).
        await finishRun(deps, owner.ownerId, run, stored);
      } catch (error) {
        const message = expectedFailureMessage(error);
        await failRun(app.db, owner.ownerId, run.id, message ?? INTERNAL_FAILURE_MESSAGE);
        if (message === null) throw error;
        throw new HttpError(failureStatus(error), { error: message });
      }
      return toFunctionResponse(run.id, stored, profile.plan);
    },
  );
};
