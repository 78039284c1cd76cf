import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, competitiveDataSchema, competitiveQuerySchema } from '@citable/contract';
import { requireArea } from '../../billing';
import { getOrCreateProfile } from '../../profile';
import { competitiveData } from '../competitive/competitive-service';

/** Competitive Intelligence (spec 002 §2.5): pro and agency, enforced here. */
export const competitiveIntelRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/competitive-intel',
    {
      preHandler: requireArea(app, 'competitive-viz'),
      schema: { querystring: competitiveQuerySchema, response: { 200: competitiveDataSchema, 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema } },
    },
    async (request) => {
      const { userId } = request.entitlement!;
      const profile = await getOrCreateProfile(app.db, userId);
      return competitiveData(app.db, userId, profile, request.query.period);
    },
  );
};
