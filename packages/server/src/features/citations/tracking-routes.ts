import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiErrorSchema,
  CITATION_PLAN_LIMITS,
  CITATION_SOURCE_IDS,
  CITATION_SOURCES,
  citationTrackingSchema,
  isAnswerEngine,
  MONITOR_INTERVAL_MS,
  trackedPromptSchema,
  trackedPromptsCreateSchema,
  trackingAnswersQuerySchema,
  trackingAnswersSchema,
  trackingHistoryQuerySchema,
  trackingHistorySchema,
  type PlanId,
} from '@citable/contract';
import { requireTool } from '../billing';
import { getOrCreateProfile } from '../profile';
import { HttpError, notFound } from '../../lib/http-error';
import type { CitationSourceSettings } from '../../settings/citation-sources';
import { hostOf, sameSite } from './text';
import { enginesInPlan, sourcesOn } from './tracker';
import { runAnswers, scheduledRuns, trackingRun } from './tracking-history';
import { addTrackedPrompts, deleteTrackedPrompt, TrackedPromptsFullError, trackedSites } from './tracking-store';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema };
const NOT_A_WEBSITE = 'Track prompts for one of your websites: add it under Settings, Websites first.';

/**
 * Tracked prompts per website (issue 21): which engines this server and the plan ask, the
 * websites' prompts with their schedule and any run in flight, and each website's history per
 * engine and prompt. A Core tool, like the Citation Tracker it schedules.
 */
export const trackingRoutes: FastifyPluginAsyncZod<{ sources: CitationSourceSettings; now?: () => Date }> = async (app, options) => {
  const gate = requireTool(app, 'citations');
  const now = options.now ?? (() => new Date());
  const entitlement = (request: { entitlement?: { userId: string; plan: PlanId } }) => {
    if (!request.entitlement) throw new Error('tracking routes run behind the citations gate');
    return request.entitlement;
  };

  /** The website's host as the tracker keys it, only when it is one of the user's websites. */
  async function ownDomain(userId: string, value: string): Promise<string> {
    const domain = hostOf(value);
    const profile = await getOrCreateProfile(app.db, userId);
    const own = domain !== null && profile.websites.some((website) => {
      const host = hostOf(website.url);
      return host !== null && sameSite(host, domain) && sameSite(domain, host);
    });
    if (!domain || !own) throw new HttpError(400, { error: NOT_A_WEBSITE, details: [{ path: 'body.domain', message: NOT_A_WEBSITE }] });
    return domain;
  }

  app.get('/api/citations/tracking', { preHandler: gate, schema: { response: { 200: citationTrackingSchema, ...errors } } }, async (request) => {
    const { userId, plan } = entitlement(request);
    const on = sourcesOn(options.sources, app.llm.configured);
    const inPlan = enginesInPlan(on, plan);
    return {
      sites: await trackedSites(app.db, userId),
      engines: CITATION_SOURCE_IDS.filter(isAnswerEngine).map((id) => ({
        id,
        name: CITATION_SOURCES[id].name,
        status: !on[id] ? ('not_set_up' as const) : inPlan.has(id) ? ('on' as const) : ('not_in_plan' as const),
      })),
      limits: { trackedPrompts: CITATION_PLAN_LIMITS[plan].trackedPrompts, engines: CITATION_PLAN_LIMITS[plan].engines, intervalDays: MONITOR_INTERVAL_MS[plan] / 86_400_000 },
    };
  });

  app.post(
    '/api/citations/tracking/prompts',
    { preHandler: gate, schema: { body: trackedPromptsCreateSchema, response: { 201: z.object({ prompts: z.array(trackedPromptSchema) }), 409: apiErrorSchema, ...errors } } },
    async (request, reply) => {
      const { userId, plan } = entitlement(request);
      const domain = await ownDomain(userId, request.body.domain);
      let result;
      try {
        result = await addTrackedPrompts(app.db, userId, plan, domain, request.body.prompts, now());
      } catch (error) {
        if (error instanceof TrackedPromptsFullError) throw new HttpError(409, { error: error.message });
        throw error;
      }
      // A website's first prompts run at once: the first figures in minutes, not at the next tick.
      if (result.firstForSite) await app.citationMonitor.start(userId, domain, now());
      return reply.status(201).send({ prompts: result.added });
    },
  );

  app.delete(
    '/api/citations/tracking/prompts/:id',
    { preHandler: gate, schema: { params: z.object({ id: z.string().max(100) }), response: { 204: z.null(), 404: apiErrorSchema, ...errors } } },
    async (request, reply) => {
      if (!(await deleteTrackedPrompt(app.db, entitlement(request).userId, request.params.id))) throw notFound();
      return reply.status(204).send(null);
    },
  );

  app.get('/api/citations/tracking/history', { preHandler: gate, schema: { querystring: trackingHistoryQuerySchema, response: { 200: trackingHistorySchema, ...errors } } }, async (request) => {
    const { userId } = entitlement(request);
    const domain = hostOf(request.query.domain) ?? request.query.domain;
    return { domain, runs: (await scheduledRuns(app.db, userId, domain, request.query.limit)).map(trackingRun) };
  });

  app.get('/api/citations/tracking/answers', { preHandler: gate, schema: { querystring: trackingAnswersQuerySchema, response: { 200: trackingAnswersSchema, ...errors } } }, async (request) => {
    const { runId, sourceId, prompt } = request.query;
    return { answers: await runAnswers(app.db, entitlement(request).userId, runId, sourceId, prompt) };
  });
};
