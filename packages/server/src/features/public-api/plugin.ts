import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '@citable/contract';
import { assertEntitled, currentPlan } from '../billing';
import type { CitationSourceSettings } from '../../settings/citation-sources';
import type { auditRunJob, AuditDeps } from '../audits';
import { HttpError } from '../../lib/http-error';
import { chargeExpensiveWork, expensiveWorkMessage } from '../../ops/rate-limit';
import { getOrCreateProfile } from '../profile';
import { guardKeyRequest, keyHolder } from './key-guard';
import { apiKeyRoutes } from './key-routes';
import { buildOpenApiDocument } from './openapi';
import { V1_ROUTES, type V1Call, type V1Route, type V1Services } from './v1-routes';

export interface PublicApiOptions {
  auditJob: ReturnType<typeof auditRunJob>;
  allowHosts: readonly string[];
  citationSources: CitationSourceSettings;
  rateLimitPerMinute: number;
  publicUrl: string;
  /** Smart alerts after a saved audit, as the dashboard's audits run them. */
  afterSave?: AuditDeps['afterSave'];
}

const errorResponses = Object.fromEntries([400, 401, 403, 404, 409, 422, 429].map((status) => [status, apiErrorSchema]));

function register(app: FastifyInstance, route: V1Route, services: V1Services) {
  app.route({
    method: route.method,
    url: route.path,
    schema: {
      ...(route.params ? { params: route.params } : {}),
      ...(route.query ? { querystring: route.query } : {}),
      ...(route.body ? { body: route.body } : {}),
      response: { [route.success.status]: route.success.schema, ...errorResponses },
    },
    // After the key guard (the context's onRequest hook): the key's own limit first, then the
    // account's budget for expensive work, which every key, session and MCP call of it shares.
    onRequest: route.expensive
      ? async (request, reply) => {
          const decision = chargeExpensiveWork(app, keyHolder(request).userId, reply);
          if (decision && !decision.allowed) throw new HttpError(429, { error: expensiveWorkMessage(decision) });
        }
      : undefined,
    // The plan gate runs before the body is validated, as on /api/functions: a key whose owner
    // may not use the tool learns that whatever it sent.
    preValidation: route.gate
      ? async (request) => {
          assertEntitled(await currentPlan(app.db, keyHolder(request).userId), route.gate!);
        }
      : undefined,
    handler: async (request, reply) => {
      const call: V1Call = {
        app,
        holder: keyHolder(request),
        params: (request.params ?? {}) as Record<string, string>,
        query: (request.query ?? {}) as Record<string, unknown>,
        body: request.body,
        request,
      };
      const result = await route.handle(call, services);
      return reply.status(route.success.status).send(result);
    },
  });
}

/**
 * The public API: key management for the signed-in user, the v1 routes authenticated by API key
 * with a per-key rate limit (and, for audits and tools, the account's budget for expensive work),
 * and the OpenAPI document generated from the same route table.
 */
export const publicApiPlugin: FastifyPluginAsyncZod<PublicApiOptions> = async (app, options) => {
  await app.register(apiKeyRoutes);

  const document = buildOpenApiDocument(V1_ROUTES, {
    serverUrl: options.publicUrl,
    rateLimitPerMinute: options.rateLimitPerMinute,
    expensivePerMinute: app.hasDecorator('expensiveWork') ? app.expensiveWork.limit : 0,
  });
  app.get('/api/v1/openapi.json', async (_request, reply) => reply.header('access-control-allow-origin', '*').send(document));

  const services: V1Services = {
    auditJob: options.auditJob,
    async toolContext(call) {
      const userId = call.holder.userId;
      const profile = await getOrCreateProfile(app.db, userId);
      const closed = new AbortController();
      call.request.raw.once('close', () => {
        if (!call.request.raw.complete) closed.abort();
      });
      return { db: app.db, llm: app.llm, allowHosts: options.allowHosts, citationSources: options.citationSources, userId, plan: profile.plan, profile, signal: closed.signal };
    },
  };

  // A child context, so the key guard runs on the v1 routes only (the document above is public).
  await app.register(async (v1) => {
    v1.addHook('onRequest', async (request, reply) => {
      await guardKeyRequest(app.db, options.rateLimitPerMinute, request, reply);
    });
    for (const route of V1_ROUTES) register(v1, route, services);
  });
};
