import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, insightListSchema } from '@citable/contract';
import type { InsightsService } from '../insights/insights-service';

/** The overview's insights card (spec 002 §2.1, §4). */
export const insightRoutes: FastifyPluginAsyncZod<{ insights: InsightsService }> = async (app, options) => {
  app.get('/api/insights', { schema: { response: { 200: insightListSchema, 401: apiErrorSchema } } }, async (request) => {
    const owner = await app.requireOwner(request);
    return options.insights.get(owner.ownerId, await app.ownerProfile(request));
  });
};
