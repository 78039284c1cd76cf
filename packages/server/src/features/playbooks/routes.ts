import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, customPlaybookResponseSchema, playbooksResponseSchema, stepCompleteResponseSchema } from '@citable/contract';
import { assertEntitled } from '../billing';
import { playbookUser } from './playbook-user';
import { completePlaybookStep, createCustomPlaybook, listPlaybooks } from './service';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema };
const id = z.string().min(1).max(100);

/** Optimization Playbooks (spec 002 §2.7): the list with progress, step completion, custom playbooks. */
export const playbookRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/playbooks', { schema: { response: { 200: playbooksResponseSchema, 401: apiErrorSchema } } }, async (request) => {
    return listPlaybooks(app.db, await playbookUser(app, request));
  });

  app.post(
    '/api/playbooks/:playbookId/steps/:stepId/complete',
    { schema: { params: z.object({ playbookId: id, stepId: id }), response: { 200: stepCompleteResponseSchema, ...errors } } },
    async (request) => {
      const user = await playbookUser(app, request);
      return completePlaybookStep(app.db, user, request.params.playbookId, request.params.stepId);
    },
  );

  app.post('/api/playbooks/custom', { schema: { response: { 201: customPlaybookResponseSchema, ...errors } } }, async (request, reply) => {
    const user = await playbookUser(app, request);
    assertEntitled(user.plan, { area: 'custom-playbook' });
    return reply.status(201).send({ playbook: await createCustomPlaybook(app.db, user) });
  });
};
