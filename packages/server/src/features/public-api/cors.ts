import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasBearer } from '../../ops/session-gate';

export const CORS_ALLOW_METHODS = 'GET, POST, DELETE';
export const CORS_ALLOW_HEADERS = 'Authorization, Content-Type';
/** What a browser script may read of an answer besides the safelisted headers. */
export const CORS_EXPOSE_HEADERS = 'RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset, Retry-After, Location, X-Request-Id';
/** Seconds a browser may reuse a preflight (Chromium caps it at 7200). */
export const CORS_MAX_AGE_SECONDS = 7200;

function grant(reply: FastifyReply): void {
  reply.header('access-control-allow-origin', '*');
  reply.header('access-control-expose-headers', CORS_EXPOSE_HEADERS);
}

/**
 * CORS for the key-authenticated API, so a browser page on any site can call it with a key.
 *
 * Only requests that carry `Authorization: Bearer` get a grant: the key, not the browser's
 * cookies, is the credential, and the v1 routes ignore cookies. The grant is `*` and never
 * `Access-Control-Allow-Credentials`, so a browser refuses to expose the answer of a request it
 * sent with cookies; a cookie-only request (a page trying to ride on a signed-in session) gets no
 * grant at all, just the usual 401. Added before the key guard, so its 401 and 429 are readable.
 */
export function grantKeyedCors(context: FastifyInstance): void {
  context.addHook('onRequest', async (request: FastifyRequest, reply) => {
    if (hasBearer(request)) grant(reply);
  });
}

/**
 * Answers the preflight of every path under `path` (a wildcard). Preflights carry no credentials
 * by definition, so this must live outside the key guard's context, and it answers in onRequest,
 * before the session gate (preValidation) would refuse a request without a key.
 */
export function answerPreflights(context: FastifyInstance, path: string): void {
  context.route({
    method: 'OPTIONS',
    url: path,
    onRequest: async (_request, reply) => {
      grant(reply);
      reply.header('access-control-allow-methods', CORS_ALLOW_METHODS);
      reply.header('access-control-allow-headers', CORS_ALLOW_HEADERS);
      reply.header('access-control-max-age', String(CORS_MAX_AGE_SECONDS));
      return reply.status(204).send();
    },
    handler: async (_request, reply) => reply.status(204).send(),
  });
}
