import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, GENIE_LANDING_LIMIT, GENIE_MESSAGES, genieChatRequestSchema, genieChatResponseSchema } from '@citable/contract';
import { currentPlan } from '../billing';
import { dashboardReply, landingReply } from './genie-chat';
import { HttpError } from '../../lib/http-error';
import { logActivity } from '../profile';
import { hitRateLimit } from '../../auth/auth-rate-limit';
import { clientGone } from '../content';

/**
 * Genie (spec 001 §7 genie-chatbot). The landing context needs no session and is limited per IP
 * address, with the counters in the database so every server process shares them; the dashboard
 * context needs a session and answers by the plan the server stores, whatever `userPlan` says.
 */
export const genieChatbotRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/functions/genie-chatbot',
    {
      schema: {
        body: genieChatRequestSchema,
        response: { 200: genieChatResponseSchema, 400: apiErrorSchema, 401: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const body = request.body;
      if (body.message.trim() === '') throw new HttpError(400, { error: GENIE_MESSAGES.emptyMessage, details: [{ path: 'body.message', message: GENIE_MESSAGES.emptyMessage }] });

      if (body.context === 'landing') {
        const decision = await hitRateLimit(app.db, `genie-landing:ip:${request.ip}`, GENIE_LANDING_LIMIT);
        if (!decision.allowed) {
          reply.header('retry-after', String(decision.retryAfterSeconds));
          throw new HttpError(429, { error: GENIE_MESSAGES.landingRateLimited(Math.ceil(decision.retryAfterSeconds / 60)) });
        }
        return landingReply(body);
      }

      let userId: string;
      try {
        userId = (await app.requireOwner(request)).ownerId;
      } catch (error) {
        if (error instanceof HttpError && error.status === 401) throw new HttpError(401, { error: GENIE_MESSAGES.loggedOut });
        throw error;
      }
      const plan = await currentPlan(app.db, userId);
      const result = await dashboardReply({ db: app.db, llm: app.llm, log: request.log }, { userId, plan, signal: clientGone(request) }, body);
      try {
        await logActivity(app.db, userId, {
          type: 'genie_chat',
          data: { context: body.context, source: result.source, suggestedTools: result.actionSuggestions.map((a) => a.toolId).join(',') || null },
        });
      } catch (error) {
        // Spec 001 §8: activity tracking errors are swallowed; the user still gets the reply.
        request.log.warn({ err: error }, 'genie_chat activity not recorded');
      }
      return result;
    },
  );
};
