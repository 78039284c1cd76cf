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
} from '@citable/contract';
import type { auditRunJob } from './jobs/audit-run';
import { HttpError, notFound } from '../../lib/http-error';
import { ABANDONED_AFTER_MS, createRun, failAbandonedRuns, failRun, getRunInFlight, getRunWithAudit, isAbandoned } from './runs';
import { enforceAuditLimit, isOwnHost, siteAuditPages } from './usage';
import { toHistoryItem, toRunView } from './views';
import { getOrCreateProfile } from '../profile';
import { keepReadCacheUntil } from '../../cache/read-cache-plugin';
import { listOwnAuditSummaries, ownerSites } from '../track';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema };

/** Site and page audits as background jobs, their progress, and the audit history. */
export const auditRoutes: FastifyPluginAsyncZod<{ job: ReturnType<typeof auditRunJob> }> = async (app, options) => {
  app.post('/api/audits', { schema: { body: auditRunRequestSchema, response: { 202: auditRunSchema, ...errors } } }, async (request, reply) => {
    const owner = await app.requireOwner(request);
    const { url, scope, maxPages } = request.body;
    const profile = await getOrCreateProfile(app.db, owner.ownerId);
    // A page of the user's own sites is free; a crawl, or a page elsewhere, uses the month's allowance.
    const counted = scope === 'site' || !isOwnHost(profile, url);
    // The plan whose limits apply: an agency client's audits read as many pages as the agency's.
    const pages = scope === 'site' ? siteAuditPages(owner.plan, maxPages) : 1;
    await failAbandonedRuns(app.db, owner.ownerId);
    if (counted) await enforceAuditLimit(app.db, owner.ownerId, profile.plan);
    const run = await createRun(app.db, owner.ownerId, {
      scope,
      websiteUrl: url,
      maxPages: pages,
      status: 'queued',
      counted,
    });
    if (!run) throw new HttpError(409, { error: AUDIT_MESSAGES.alreadyRunning });
    try {
      await app.jobs.send(options.job, { runId: run.id, userId: owner.ownerId });
    } catch (error) {
      await failRun(app.db, owner.ownerId, run.id, AUDIT_MESSAGES.failed);
      throw error;
    }
    return reply.status(202).send(toRunView(run, null, profile.plan));
  });

  app.get('/api/audits', { config: { cachedRead: true }, schema: { querystring: auditListQuerySchema, response: { 200: auditListResponseSchema, ...errors } } }, async (request) => {
    const owner = await app.requireOwner(request);
    const { website, limit } = request.query;
    // The user's own audits (or one site's), never a competitor's: issue 19.
    const rows = await listOwnAuditSummaries(app.db, owner.ownerId, await ownerSites(app, request), { website, limit: limit ?? (website ? AUDIT_LIST_WEBSITE_DEFAULT : AUDIT_LIST_DEFAULT) });
    let current = await getRunInFlight(app.db, owner.ownerId);
    // Reads write only when there is something to fix: an abandoned run is failed, then re-read.
    if (current && isAbandoned(current)) {
      await failAbandonedRuns(app.db, owner.ownerId);
      current = await getRunInFlight(app.db, owner.ownerId);
    }
    // A run in flight is abandoned by the clock alone, with no write to tell the cache.
    if (current) keepReadCacheUntil(request, current.updatedAt.getTime() + ABANDONED_AFTER_MS);
    return { audits: rows.map((row) => toHistoryItem(row, owner.plan)), current: current ? toRunView(current, null, owner.plan) : null };
  });

  app.get('/api/audits/:id', { config: { cachedRead: true }, schema: { params: z.object({ id: z.string().max(100) }), response: { 200: auditRunSchema, ...errors } } }, async (request) => {
    const owner = await app.requireOwner(request);
    let found = await getRunWithAudit(app.db, owner.ownerId, request.params.id);
    if (found && isAbandoned(found.run)) {
      await failAbandonedRuns(app.db, owner.ownerId);
      found = await getRunWithAudit(app.db, owner.ownerId, request.params.id);
    }
    if (!found) throw notFound();
    if (found.run.status === 'queued' || found.run.status === 'running') keepReadCacheUntil(request, found.run.updatedAt.getTime() + ABANDONED_AFTER_MS);
    return toRunView(found.run, found.run.status === 'completed' ? found.audit : null, owner.plan);
  });
};
