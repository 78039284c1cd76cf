import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, insightListSchema, insightsQuerySchema } from '@citable/contract';
import type { InsightsService } from '../insights/insights-service';

/** The overview's insights card (spec 002 §2.1, §4). */
export const insightRoutes: FastifyPluginAsyncZod<{ insights: InsightsService }> = async (app, options) => {
  // Cached no longer than the insights' own 60 s throttle allows (READ_CACHE_SECONDS, default 60).
  app.get('/api/insights', { config: { cachedRead: true }, schema: { querystring: insightsQuerySchema, response: { 200: insightListSchema, 400: apiErrorSchema, 401: apiErrorSchema } } }, async (request) => {
    const owner = await app.requireOwner(request);
    return options.insights.get(owner.ownerId, await app.ownerProfile(request), request.query.website);
  });
};
