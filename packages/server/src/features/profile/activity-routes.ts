import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ACTIVITY_LIST_DEFAULT, ACTIVITY_LIST_MAX, activityCreateSchema, activitySchema, apiErrorSchema } from '@citable/contract';
import { notFound } from '../../lib/http-error';
import { getActivity, listActivities, logActivity } from './activity';

const listQuerySchema = z.strictObject({ limit: z.coerce.number().int().min(1).max(ACTIVITY_LIST_MAX).default(ACTIVITY_LIST_DEFAULT) });

export const activityRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/activity',
    { schema: { querystring: listQuerySchema, response: { 200: z.object({ activities: z.array(activitySchema) }), 400: apiErrorSchema, 401: apiErrorSchema } } },
    async (request) => {
      const owner = await app.requireOwner(request);
      return { activities: await listActivities(app.db, owner.ownerId, request.query.limit) };
    },
  );

  app.post(
    '/api/activity',
    {
      schema: {
        body: activityCreateSchema,
        response: { 201: z.object({ activity: activitySchema }), 202: z.object({ recorded: z.literal(false) }), 400: apiErrorSchema, 401: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const owner = await app.requireOwner(request);
      const { activity_type, activity_data, tool_id, website_url } = request.body;
      const activity = await logActivity(app.db, owner.ownerId, { type: activity_type, data: activity_data, toolId: tool_id, websiteUrl: website_url });
      if (!activity) return reply.status(202).send({ recorded: false as const });
      return reply.status(201).send({ activity });
    },
  );

  app.get(
    '/api/activity/:id',
    { schema: { params: z.object({ id: z.string().max(100) }), response: { 200: activitySchema, 401: apiErrorSchema, 404: apiErrorSchema } } },
    async (request) => {
      const owner = await app.requireOwner(request);
      const activity = await getActivity(app.db, owner.ownerId, request.params.id);
      if (!activity) throw notFound();
      return activity;
    },
  );
};
