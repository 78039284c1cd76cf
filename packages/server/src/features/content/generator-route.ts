import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, contentGeneratorRequestSchema, contentGeneratorResultSchema, GENERATOR_INPUT_MISSING, generatorInputComplete } from '@citable/contract';
import { generateForUser } from './content-generator';
import { HttpError } from '../../lib/http-error';
import { logActivity } from '../profile';
import { toHttpError, toolCaller, toolGate, withToolRun } from '../tools';
import { clientGone } from './request-abort';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 422: apiErrorSchema };

/** The AI Content Generator (spec 001 §7 ai-content-generator), a Pro tool. */
export const aiContentGeneratorRoutes: FastifyPluginAsyncZod<{ allowHosts: readonly string[] }> = async (app, options) => {
  app.post(
    '/api/functions/ai-content-generator',
    { preValidation: toolGate(app, 'generator'), schema: { body: contentGeneratorRequestSchema, response: { 200: contentGeneratorResultSchema, ...errors } } },
    async (request) => {
      const { userId, profile } = toolCaller(request);
      const plan = request.entitlement!.plan;
      const input = { ...request.body, topic: request.body.topic.trim(), targetKeywords: request.body.targetKeywords.map((k) => k.trim()).filter(Boolean) };
      if (!generatorInputComplete(input)) throw new HttpError(400, { error: GENERATOR_INPUT_MISSING, details: [{ path: 'body', message: GENERATOR_INPUT_MISSING }] });
      // One run of the plan's monthly tool-use allowance (issue 19); not counted when it fails.
      const result = await withToolRun(app.db, { userId, plan, toolId: 'generator', via: 'app' }, async () => {
        try {
          return await generateForUser({ llm: app.llm, allowHosts: options.allowHosts }, { userId, plan, profile, signal: clientGone(request) }, input);
        } catch (error) {
          throw toHttpError(error);
        }
      });
      try {
        await logActivity(app.db, userId, {
          type: 'content_generated',
          toolId: 'generator',
          websiteUrl: result.websiteUrl ?? undefined,
          data: { contentType: input.contentType, topic: input.topic, source: result.source, pagesRead: result.pagesRead },
        });
      } catch (error) {
        // Spec 001 §8: activity tracking errors are swallowed; the user still gets the result.
        request.log.warn({ err: error }, 'content_generated activity not recorded');
      }
      return result;
    },
  );
};
