import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiErrorSchema,
  AUDIT_LIST_DEFAULT,
  AUDIT_LIST_WEBSITE_DEFAULT,
  AUDIT_MESSAGES,
  auditListQuerySchema,
  auditListResponseSchema,
  auditRunRequestSchema,
  auditRunSchema,
  SITE_AUDIT_DEFAULT_PAGES,
} from '@citable/contract';
import type { auditRunJob } from '../jobs/audit-run';
import { HttpError, notFound } from '../lib/http-error';
import { getAuditHistory, listAuditHistory } from '../services/audits/history';
import { createRun, failAbandonedRuns, failRun, getRun, getRunInFlight } from '../services/audits/runs';
import { enforceAuditLimit, isOwnHost } from '../services/audits/usage';
import { toHistoryItem, toRunView } from '../services/audits/views';
import { getOrCreateProfile } from '../services/profile';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema };

/** Site and page audits as background jobs, their progress, and the audit history. */
export const auditRoutes: FastifyPluginAsyncZod<{ job: ReturnType<typeof auditRunJob> }> = async (app, options) => {
  app.post('/api/audits', { schema: { body: auditRunRequestSchema, response: { 202: auditRunSchema, ...errors } } }, async (request, reply) => {
    const user = await app.requireUser(request);
    const { url, scope, maxPages } = request.body;
    const profile = await getOrCreateProfile(app.db, user.id);
    // A page of the user's own sites is free; a crawl, or a page elsewhere, uses the month's allowance.
    const counted = scope === 'site' || !isOwnHost(profile, url);
    await failAbandonedRuns(app.db, user.id);
    if (counted) await enforceAuditLimit(app.db, user.id, profile.plan);
    const run = await createRun(app.db, user.id, {
      scope,
      websiteUrl: url,
      maxPages: scope === 'site' ? (maxPages ?? SITE_AUDIT_DEFAULT_PAGES) : 1,
      status: 'queued',
      counted,
    });
    if (!run) throw new HttpError(409, { error: AUDIT_MESSAGES.alreadyRunning });
    try {
      await app.jobs.send(options.job, { runId: run.id, userId: user.id });
    } catch (error) {
      await failRun(app.db, user.id, run.id, AUDIT_MESSAGES.failed);
      throw error;
    }
    return reply.status(202).send(toRunView(run, null, profile.plan));
  });

  app.get('/api/audits', { schema: { querystring: auditListQuerySchema, response: { 200: auditListResponseSchema, ...errors } } }, async (request) => {
    const user = await app.requireUser(request);
    const { website, limit } = request.query;
    const profile = await getOrCreateProfile(app.db, user.id);
    const rows = await listAuditHistory(app.db, user.id, { website, limit: limit ?? (website ? AUDIT_LIST_WEBSITE_DEFAULT : AUDIT_LIST_DEFAULT) });
    await failAbandonedRuns(app.db, user.id);
    const current = await getRunInFlight(app.db, user.id);
    return { audits: rows.map((row) => toHistoryItem(row, profile.plan)), current: current ? toRunView(current, null, profile.plan) : null };
  });

  app.get('/api/audits/:id', { schema: { params: z.object({ id: z.string().max(100) }), response: { 200: auditRunSchema, ...errors } } }, async (request) => {
    const user = await app.requireUser(request);
    await failAbandonedRuns(app.db, user.id);
    const run = await getRun(app.db, user.id, request.params.id);
    if (!run) throw notFound();
    const profile = await getOrCreateProfile(app.db, user.id);
    const history = run.status === 'completed' ? await getAuditHistory(app.db, user.id, run.id) : null;
    return toRunView(run, history, profile.plan);
  });
};
