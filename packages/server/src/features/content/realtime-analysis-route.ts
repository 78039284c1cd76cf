import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, realtimeAnalysisRequestSchema, realtimeAnalysisResponseSchema } from '@citable/contract';
import { analyzeEditorContent } from '@citable/engine';
import { requireArea } from '../billing';
import { logActivity } from '../profile';

/**
 * `real-time-content-analysis` (spec 002 §7.1): the Content Editor's analysis for API users, the
 * same engine code the editor runs in the browser. It also records `content_analyzed` with the
 * score computed here, which is how the editor's analyses reach the activity log without the
 * server trusting a score sent by the client.
 */
export const realtimeContentAnalysisRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/functions/real-time-content-analysis',
    {
      preHandler: requireArea(app, 'editor'),
      schema: { body: realtimeAnalysisRequestSchema, response: { 200: realtimeAnalysisResponseSchema, 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema } },
    },
    async (request) => {
      const { userId } = request.entitlement!;
      const { content, keywords, contentType } = request.body;
      const analysis = analyzeEditorContent({ content, keywords, contentType });
      if (analysis) {
        try {
          await logActivity(app.db, userId, { type: 'content_analyzed', toolId: 'editor', data: { contentLength: content.length, score: analysis.overallScore, contentType } });
        } catch (error) {
          request.log.warn({ err: error }, 'content_analyzed activity not recorded');
        }
      }
      return { analysis, suggestions: analysis?.suggestions ?? [] };
    },
  );
};
