import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { SafeFetcher } from '@citable/crawler';
import {
  apiErrorSchema,
  WEBHOOK_MESSAGES,
  WEBHOOK_TESTS_PER_MINUTE,
  webhookAttemptListSchema,
  webhookEndpointCreatedSchema,
  webhookEndpointCreateRequestSchema,
  webhookEndpointListSchema,
  webhookEndpointSchema,
  webhookEndpointUpdateRequestSchema,
  webhookTestResultSchema,
} from '@citable/contract';
import { HttpError } from '../../lib/http-error';
import { hitRateLimit } from '../../auth/auth-rate-limit';
import { encryptCredentials } from '../cms';
import type { WebhookDispatcher } from './dispatcher';
import { checkEndpointUrl } from './endpoint-url';
import { newSigningSecret } from './signing';
import { deleteEndpoint, describeEndpoint, findEndpoint, insertEndpoint, listAttempts, listEndpoints, secretBinding, updateEndpoint } from './store';

export interface WebhookRouteOptions {
  dispatcher: WebhookDispatcher;
  fetcher: SafeFetcher;
  key: Buffer;
  allowHosts: readonly string[];
}

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema };
// Any string: a malformed id is someone else's as far as the caller can tell (404, not 400).
const params = z.object({ id: z.string().max(100) });
const notFound = () => new HttpError(404, { error: WEBHOOK_MESSAGES.notFound });

/**
 * Settings' webhooks, for the acting owner (the account, or an agency's selected client, whose
 * audits raise the events): list, add (the secret is answered once), enable or change events,
 * delete, the delivery log, and a test event.
 */
export const webhookRoutes: FastifyPluginAsyncZod<WebhookRouteOptions> = async (app, options) => {
  /**
   * The acting owner, for anyone but a workspace's client-role member: a receiver's URL often
   * carries its credential in the path (Slack, Zapier), and the delivery log the receiver's
   * answers, so a read-only client sees neither (issue #35, docs/security.md).
   */
  const requireWebhookManager = async (request: FastifyRequest) => {
    const owner = await app.requireOwner(request);
    if (owner.role === 'client') throw new HttpError(403, { error: WEBHOOK_MESSAGES.clientRole });
    return owner;
  };

  app.get('/api/webhooks', { schema: { response: { 200: webhookEndpointListSchema, ...errors } } }, async (request) => {
    const owner = await requireWebhookManager(request);
    return { endpoints: await listEndpoints(app.db, owner.ownerId) };
  });

  app.post('/api/webhooks', { schema: { body: webhookEndpointCreateRequestSchema, response: { 201: webhookEndpointCreatedSchema, ...errors } } }, async (request, reply) => {
    const owner = await requireWebhookManager(request);
    const url = await checkEndpointUrl(request.body.url, options.fetcher, options.allowHosts);
    const id = randomUUID();
    const secret = newSigningSecret();
    const secretEncrypted = encryptCredentials(options.key, secret, secretBinding(owner.ownerId, id));
    // The signed-in person, not the scope: an agency member's endpoints end with their membership.
    const row = await insertEndpoint(app.db, owner.ownerId, { id, url, events: request.body.events, secretEncrypted, createdBy: owner.userId });
    // The secret must not linger in a shared cache or the browser's disk cache.
    return reply.status(201).header('cache-control', 'no-store').send({ ...(await describeEndpoint(app.db, row)), secret });
  });

  app.patch('/api/webhooks/:id', { schema: { params, body: webhookEndpointUpdateRequestSchema, response: { 200: webhookEndpointSchema, ...errors } } }, async (request) => {
    const owner = await requireWebhookManager(request);
    const row = await updateEndpoint(app.db, owner.ownerId, request.params.id, request.body);
    if (!row) throw notFound();
    return describeEndpoint(app.db, row);
  });

  app.delete('/api/webhooks/:id', { schema: { params, response: { 204: z.null(), ...errors } } }, async (request, reply) => {
    const owner = await requireWebhookManager(request);
    if (!(await deleteEndpoint(app.db, owner.ownerId, request.params.id))) throw notFound();
    return reply.status(204).send(null);
  });

  app.get('/api/webhooks/:id/attempts', { schema: { params, response: { 200: webhookAttemptListSchema, ...errors } } }, async (request) => {
    const owner = await requireWebhookManager(request);
    const endpoint = await findEndpoint(app.db, owner.ownerId, request.params.id);
    if (!endpoint) throw notFound();
    return { attempts: await listAttempts(app.db, owner.ownerId, endpoint.id) };
  });

  app.post('/api/webhooks/:id/test', { schema: { params, response: { 200: webhookTestResultSchema, ...errors, 429: apiErrorSchema } } }, async (request, reply) => {
    const owner = await requireWebhookManager(request);
    const endpoint = await findEndpoint(app.db, owner.ownerId, request.params.id);
    if (!endpoint) throw notFound();
    // Each test is an outbound request answered with the receiver's reply: limited per endpoint,
    // whoever sends it (counted in the database, so every process shares the budget).
    const decision = await hitRateLimit(app.db, `webhook-test:${endpoint.id}`, { limit: WEBHOOK_TESTS_PER_MINUTE, windowMs: 60_000 });
    if (!decision.allowed) {
      reply.header('retry-after', String(decision.retryAfterSeconds));
      throw new HttpError(429, { error: WEBHOOK_MESSAGES.testRateLimited(decision.retryAfterSeconds) });
    }
    return { attempt: await options.dispatcher.sendTest(endpoint) };
  });
};
