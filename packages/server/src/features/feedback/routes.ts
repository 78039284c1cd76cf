import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, feedbackRequestSchema, feedbackResponseSchema } from '@citable/contract';
import { currentPlan } from '../billing';
import { insertFeedback } from './store';
import { logActivity } from '../profile';

/** The feedback dialog (spec 002 §2.12): stored with the plan read here, never the one a client sends. */
export const feedbackRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/feedback',
    { schema: { body: feedbackRequestSchema, response: { 201: feedbackResponseSchema, 400: apiErrorSchema, 401: apiErrorSchema } } },
    async (request, reply) => {
      const user = await app.requireUser(request);
      const plan = await currentPlan(app.db, user.id);
      const saved = await insertFeedback(app.db, user.id, plan, request.body);
      try {
        const { feedbackType, satisfaction, valueRating } = request.body;
        await logActivity(app.db, user.id, { type: 'feedback_submitted', data: { feedbackType, satisfaction, valueRating } });
      } catch (error) {
        // The feedback is stored; a lost activity row must not turn that into an error for the user.
        request.log.warn({ err: error }, 'feedback_submitted activity not recorded');
      }
      return reply.status(201).send({ id: saved.id, createdAt: saved.createdAt.toISOString() });
    },
  );
};
