import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiErrorSchema,
  billingInvoicesSchema,
  billingSubscriptionSchema,
  billingUsageSchema,
  createCheckoutResponseSchema,
  createCheckoutSchema,
  webhookAckSchema,
} from '@citable/contract';
import { cancelSubscription, listInvoices, subscriptionView, type AccountDeps } from './account';
import { createCheckoutForUser } from './checkout';
import { currentPlan } from './gates';
import { monthlyUsage } from './usage';
import { handleWebhook, verifySignature } from './webhook';
import { HttpError } from '../../lib/http-error';

export interface BillingRoutesOptions extends Omit<AccountDeps, 'db' | 'log'> {
  publicUrl: string;
  isProduction: boolean;
}

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema };

/** Checkout, subscription management, usage and invoices for the signed-in user; the provider's webhook. */
export const billingRoutes: FastifyPluginAsyncZod<BillingRoutesOptions> = async (app, options) => {
  const deps: AccountDeps = { db: app.db, config: options.config, provider: options.provider, log: app.log };

  app.post(
    '/api/functions/create-checkout',
    { schema: { body: createCheckoutSchema, response: { 200: createCheckoutResponseSchema, 502: apiErrorSchema, 503: apiErrorSchema, ...errors } } },
    async (request) => {
      const user = await app.requireUser(request);
      return createCheckoutForUser({ ...deps, publicUrl: options.publicUrl, log: request.log }, user, request.body);
    },
  );

  app.get('/api/billing/subscription', { schema: { response: { 200: billingSubscriptionSchema, 401: apiErrorSchema } } }, async (request) => {
    const user = await app.requireUser(request);
    return subscriptionView({ ...deps, log: request.log }, user.id);
  });

  app.post(
    '/api/billing/cancel',
    { schema: { response: { 200: billingSubscriptionSchema, 401: apiErrorSchema, 409: apiErrorSchema, 502: apiErrorSchema, 503: apiErrorSchema } } },
    async (request) => {
      const user = await app.requireUser(request);
      return cancelSubscription({ ...deps, log: request.log }, user.id);
    },
  );

  app.get('/api/billing/usage', { schema: { response: { 200: billingUsageSchema, 401: apiErrorSchema } } }, async (request) => {
    const user = await app.requireUser(request);
    return monthlyUsage(app.db, user.id, await currentPlan(app.db, user.id));
  });

  // Without a billing provider nothing was ever paid here: an empty history, not an error.
  app.get('/api/billing/invoices', { schema: { response: { 200: billingInvoicesSchema, 401: apiErrorSchema, 502: apiErrorSchema } } }, async (request) => {
    const user = await app.requireUser(request);
    return { invoices: (await listInvoices({ ...deps, log: request.log }, user.id)) ?? [] };
  });

  // Its own scope: the signature covers the exact bytes sent, so this route alone takes the body
  // raw, whatever its content type, and parses it only after verifying.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    scope.post('/api/billing/webhook', { schema: { response: { 200: webhookAckSchema, 400: apiErrorSchema, 401: apiErrorSchema, 503: apiErrorSchema } } }, async (request, reply) => {
      const secret = options.config.webhookSecret;
      if (!secret) throw new HttpError(503, { error: 'Webhooks are not accepted: LEMONSQUEEZY_WEBHOOK_SECRET is not set.' });
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const signature = request.headers['x-signature'];
      if (!verifySignature(raw, typeof signature === 'string' ? signature : undefined, secret)) {
        request.log.warn('billing webhook refused: bad or missing signature');
        throw new HttpError(401, { error: 'Invalid signature' });
      }
      const result = await handleWebhook(app.db, options.config, raw, options.isProduction, request.log);
      if (result.kind === 'malformed') throw new HttpError(400, { error: result.message });
      if (result.kind === 'test_mode_refused') throw new HttpError(400, { error: 'Test-mode events are not accepted in production.' });
      request.log.info({ event: result.eventName, outcome: result.outcome }, 'billing webhook');
      return reply.send({ received: true, duplicate: result.duplicate, outcome: result.outcome });
    });
  });
};
