import type { FastifyInstance } from 'fastify';
import { hasSessionCookie, isBearerUrl } from './session-gate';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * CSRF protection for cookie-authenticated writes outside /api/auth (better-auth checks its own):
 * a non-GET request carrying the session cookie must come from one of the app's origins.
 *
 * - `Origin` present: it must be a trusted origin, else 403.
 * - No `Origin` but `Sec-Fetch-Site`: only `same-origin` (or `none`, a user-typed navigation) passes.
 * - Neither header: allowed. Every current browser sends `Origin` on non-GET requests, so a
 *   request without it does not come from a victim's browser; it is a non-browser client
 *   (curl, a script) holding its own cookie, which CSRF cannot abuse. Scripts should prefer API keys.
 * - The API-key routes (/api/v1, /api/mcp) are exempt: they authenticate the key alone and ignore
 *   cookies. Elsewhere an Authorization header exempts nothing: the route authenticates the cookie,
 *   and a page on another site can add `Authorization: Bearer junk` to a credentialed fetch.
 */
export function csrfGuard(app: FastifyInstance, trustedOrigins: string[]): void {
  const trusted = new Set(trustedOrigins.map((origin) => new URL(origin).origin));
  app.addHook('onRequest', async (request, reply) => {
    if (SAFE_METHODS.has(request.method)) return;
    const url = request.routeOptions.url ?? request.url;
    if (!url.startsWith('/api/') || url.startsWith('/api/auth/')) return;
    if (isBearerUrl(url) || !hasSessionCookie(request)) return;
    const origin = request.headers.origin;
    const fetchSite = request.headers['sec-fetch-site'];
    const allowed = origin !== undefined ? trusted.has(origin) : fetchSite === undefined || fetchSite === 'same-origin' || fetchSite === 'none';
    if (!allowed) return reply.status(403).send({ error: 'Cross-site request refused: this action must come from the Citable app itself.' });
  });
}
