import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, contentOptimizerRequestSchema, contentOptimizerResultSchema, OPTIMIZER_CONTENT_MISSING } from '@citable/contract';
import { optimizeContent } from './content-optimizer';
import { HttpError } from '../../lib/http-error';
import { logActivity } from '../profile';
import { toolCaller, toolGate, withToolRun } from '../tools';
import { clientGone } from './request-abort';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema };

/** The AI Content Optimizer (spec 001 §7 content-optimizer), a Core tool. */
export const contentOptimizerRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/functions/content-optimizer',
    { preValidation: toolGate(app, 'optimizer'), schema: { body: contentOptimizerRequestSchema, response: { 200: contentOptimizerResultSchema, ...errors } } },
    async (request) => {
      const { userId } = toolCaller(request);
      const plan = request.entitlement!.plan;
      if (request.body.content.trim() === '') throw new HttpError(400, { error: OPTIMIZER_CONTENT_MISSING, details: [{ path: 'body.content', message: OPTIMIZER_CONTENT_MISSING }] });
      const input = { ...request.body, targetKeywords: request.body.targetKeywords.map((k) => k.trim()).filter(Boolean) };
      // One run of the plan's monthly tool-use allowance (issue 19); not counted when it fails.
      const result = await withToolRun(app.db, { userId, plan, toolId: 'optimizer', via: 'app' }, () => optimizeContent(app.llm, { userId, plan, signal: clientGone(request) }, input));
      try {
        await logActivity(app.db, userId, {
          type: 'content_optimized',
          toolId: 'optimizer',
          data: { originalScore: result.originalScore, optimizedScore: result.optimizedScore, improvement: result.improvement, contentType: input.contentType, source: result.source },
        });
      } catch (error) {
        // Spec 001 §8: activity tracking errors are swallowed; the user still gets the result.
        request.log.warn({ err: error }, 'content_optimized activity not recorded');
      }
      return result;
    },
  );
};
