import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PUBLIC_API_V1_MESSAGES, problemDetailsSchema } from '@citable/contract';
import { assertEntitled, currentPlan } from '../billing';
import type { CitationSourceSettings } from '../../settings/citation-sources';
import type { auditRunJob, AuditDeps } from '../audits';
import { HttpError } from '../../lib/http-error';
import { chargeExpensiveWork, expensiveWorkMessage } from '../../ops/rate-limit';
import { answerPreflights, grantKeyedCors } from './cors';
import { guardKeyRequest, keyHolder } from './key-guard';
import { apiKeyRoutes } from './key-routes';
import { buildOpenApiDocument, PROBLEM_DOCS_PATH } from './openapi';
import { sendProblemDetails } from './problem-details';
import { keyHolderToolContext } from './tool-context';
import { V1_ROUTES, type V1Call, type V1Route, type V1Services } from './v1-routes';

export interface PublicApiOptions {
  auditJob: ReturnType<typeof auditRunJob>;
  allowHosts: readonly string[];
  citationSources: CitationSourceSettings;
  rateLimitPerMinute: number;
  /** Requests per minute per address without a valid key (0 = off). */
  anonymousPerMinute?: number;
  publicUrl: string;
  /** Smart alerts after a saved audit, as the dashboard's audits run them. */
  afterSave?: AuditDeps['afterSave'];
}

// Error bodies are problem details by the time they are serialised (problem-details.ts).
const errorResponses = Object.fromEntries([400, 401, 403, 404, 409, 422, 429].map((status) => [status, problemDetailsSchema]));

function register(app: FastifyInstance, route: V1Route, services: V1Services) {
  app.route({
    method: route.method,
    url: route.path,
    schema: {
      ...(route.params ? { params: route.params } : {}),
      ...(route.query ? { querystring: route.query } : {}),
      ...(route.body ? { body: route.body } : {}),
      response: { ...(route.success.schema ? { [route.success.status]: route.success.schema } : {}), ...errorResponses },
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
      if (route.location) reply.header('location', route.location(result));
      if (route.success.status === 204) return reply.status(204).send();
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
    toolContext(call) {
      const closed = new AbortController();
      call.request.raw.once('close', () => {
        if (!call.request.raw.complete) closed.abort();
      });
      return keyHolderToolContext(app, options, call.holder.userId, closed.signal);
    },
  };

  // Browsers ask before a keyed cross-origin call; the preflight carries no key, so it is answered
  // out here, outside the key guard.
  answerPreflights(app, '/api/v1/*');

  // A child context, so the key guard, CORS grants and problem details apply to the v1 routes
  // only (the document above is public; the dashboard's and MCP's error bodies stay as they are).
  await app.register(async (v1) => {
    sendProblemDetails(v1, `${options.publicUrl}${PROBLEM_DOCS_PATH}`);
    grantKeyedCors(v1);
    // Many clients send their JSON headers on every call: a DELETE without a body but with
    // `Content-Type: application/json` would fail JSON parsing; there is nothing to parse.
    v1.addHook('onRequest', async (request) => {
      const bodiless = request.headers['transfer-encoding'] === undefined && (request.headers['content-length'] ?? '0') === '0';
      if (request.method === 'DELETE' && bodiless) delete request.headers['content-type'];
    });
    v1.addHook('onRequest', async (request, reply) => {
      await guardKeyRequest(app.db, { perKey: options.rateLimitPerMinute, anonymousPerAddress: options.anonymousPerMinute ?? 0 }, request, reply);
    });
    for (const route of V1_ROUTES) register(v1, route, services);
    // Unknown v1 paths answer a problem too (with a key; without one, the guard's 401), not the web app.
    v1.route({
      method: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
      url: '/api/v1/*',
      handler: async () => {
        throw new HttpError(404, { error: PUBLIC_API_V1_MESSAGES.routeNotFound });
      },
    });
  });
};
