import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, llmUsageSchema } from '@citable/contract';
import { currentPlan } from '../billing';

/** `GET /api/llm/usage`: this month's model tokens against the plan's budget, for the signed-in user. */
export const llmRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/llm/usage', { schema: { response: { 200: llmUsageSchema, 401: apiErrorSchema } } }, async (request) => {
    const owner = await app.requireOwner(request);
    return app.llm.usage(owner.ownerId, await currentPlan(app.db, owner.ownerId));
  });
};
