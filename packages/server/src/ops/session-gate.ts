import type { FastifyInstance, FastifyRequest } from 'fastify';
import { API_KEY_MESSAGES, MESSAGES } from '@citable/contract';

/**
 * Routes that answer without a session. Everything else under /api is refused with 401 before its
 * schema runs when the request carries no session cookie and no bearer key, so anonymous callers
 * learn nothing about a route's input. The routes still check the session itself (an expired or
 * forged cookie passes this gate and gets 401 from the route); this is the cheap first line.
 * A new public route is added here, with its reason, and to the hostile test's allow-list.
 */
export const PUBLIC_API_ROUTES = new Set([
  'GET /api/health', // liveness probe
  'GET /api/ready', // readiness probe
  'GET /api/config', // client configuration
  'POST /api/contact', // contact form
  'GET /api/status', // status page
  'GET /api/auth/*', // better-auth checks its own
  'POST /api/auth/*',
  'POST /api/billing/webhook', // HMAC signature instead of a session
  'POST /api/functions/genie-chatbot', // the landing-page context needs no session
  'GET /api/dev/outbox', // development only
  'GET /api/v1/openapi.json', // public API description
  'GET /api/digest/unsubscribe', // the e-mail's link; a signed token instead of a session
  'GET /api/invitations/preview', // the invite page before sign-in; an HMAC-signed token instead of a session
]);

/** Bearer-key routes: the public API (guarded by its own hook) and the MCP endpoint. */
export const isBearerUrl = (url: string) => (url.startsWith('/api/v1/') && url !== '/api/v1/openapi.json') || url === '/api/mcp';

export const hasSessionCookie = (request: FastifyRequest) => /(?:^|;\s*)(?:__Host-|__Secure-)?[\w.-]*session_token=/.test(request.headers.cookie ?? '');
export const hasBearer = (request: FastifyRequest) => /^Bearer\s+\S/i.test(request.headers.authorization ?? '');

export function sessionGate(app: FastifyInstance): void {
  app.addHook('preValidation', async (request, reply) => {
    const url = request.routeOptions.url;
    if (!url || !url.startsWith('/api/')) return;
    const method = request.method === 'HEAD' ? 'GET' : request.method;
    if (PUBLIC_API_ROUTES.has(`${method} ${url}`)) return;
    if (isBearerUrl(url)) {
      if (!hasBearer(request)) return reply.status(401).send({ error: API_KEY_MESSAGES.missing });
      return;
    }
    if (!hasSessionCookie(request)) return reply.status(401).send({ error: MESSAGES.auth.notAuthenticated });
  });
}
