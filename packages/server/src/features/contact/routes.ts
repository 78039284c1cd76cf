import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CONTACT_HONEYPOT_FIELD, CONTACT_RATE_LIMITED_MESSAGE, contactRequestSchema, contactResponseSchema } from '@citable/contract';
import { HttpError } from '../../lib/http-error';
import { hitContactRateLimit, receiveContactMessage, type ContactSender } from './contact';

/** POST /api/contact: the public contact form (spec 000 §2 Contact Us). */
export const contactRoutes: FastifyPluginAsyncZod<{ contactEmail: string | undefined }> = async (app, options) => {
  app.post('/api/contact', { schema: { body: contactRequestSchema, response: { 200: contactResponseSchema } } }, async (request, reply) => {
    const decision = await hitContactRateLimit(app.db, request.ip);
    if (!decision.allowed) {
      reply.header('retry-after', String(decision.retryAfterSeconds));
      throw new HttpError(429, { error: CONTACT_RATE_LIMITED_MESSAGE });
    }
    const { consent: _consent, [CONTACT_HONEYPOT_FIELD]: trap, ...message } = request.body;
    // A bot that filled the hidden field is told it succeeded, so it learns nothing to adapt to.
    if (trap) {
      request.log.info('contact form honeypot filled: message dropped');
      return { ok: true as const };
    }
    await receiveContactMessage({ db: app.db, mailer: app.mailer, to: options.contactEmail, log: request.log }, message, await signedInSender(app, request));
    return { ok: true as const };
  });
};

/**
 * The account behind a message sent signed in, with the plan that applies to it (a workspace
 * member's is the workspace owner's): priority support is the plan's. The form works signed out,
 * so a missing or unusable session is no error, just a visitor.
 */
async function signedInSender(app: FastifyInstance, request: FastifyRequest): Promise<ContactSender | null> {
  const session = await app.currentSession(request);
  if (!session) return null;
  try {
    return { email: session.user.email, plan: (await app.requireOwner(request)).plan };
  } catch {
    return { email: session.user.email, plan: session.plan };
  }
}
