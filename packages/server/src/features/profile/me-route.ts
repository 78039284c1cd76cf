import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, meResponseSchema } from '@citable/contract';
import { getOrCreateProfile } from './profile';

export const meRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/me', { schema: { response: { 200: meResponseSchema, 401: apiErrorSchema } } }, async (request) => {
    const user = await app.requireUser(request);
    return { user, profile: await getOrCreateProfile(app.db, user.id) };
  });
};
