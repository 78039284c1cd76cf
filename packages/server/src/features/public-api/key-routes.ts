import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, apiKeyCreatedSchema, apiKeyCreateRequestSchema, apiKeyListSchema } from '@citable/contract';
import { notFound } from '../../lib/http-error';
import { createApiKey, listApiKeys, revokeApiKey } from './api-keys';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema };

/** Settings' API keys: list, create (the secret is answered once) and revoke, for the signed-in user. */
export const apiKeyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/api-keys', { schema: { response: { 200: apiKeyListSchema, ...errors } } }, async (request) => {
    const user = await app.requireUser(request);
    return { keys: await listApiKeys(app.db, user.id) };
  });

  app.post('/api/api-keys', { schema: { body: apiKeyCreateRequestSchema, response: { 201: apiKeyCreatedSchema, ...errors } } }, async (request, reply) => {
    const user = await app.requireUser(request);
    const created = await createApiKey(app.db, user.id, request.body.name);
    // The secret must not linger in a shared cache or the browser's disk cache.
    return reply.status(201).header('cache-control', 'no-store').send(created);
  });

  app.delete('/api/api-keys/:id', { schema: { params: z.object({ id: z.uuid() }), response: { 204: z.null(), ...errors } } }, async (request, reply) => {
    const user = await app.requireUser(request);
    if (!(await revokeApiKey(app.db, user.id, request.params.id))) throw notFound();
    return reply.status(204).send(null);
  });
};
