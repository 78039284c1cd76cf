import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import { AUTH_ERROR_CODES, AUTH_PAGES, MESSAGES } from '@citable/contract';
import { createAuth, type Auth } from '../auth/create-auth';
import { createSessionDocumentLookup } from '../auth/get-session-document';
import { createSessionLookup, type SessionSnapshot } from '../auth/session-lookup';
import { HttpError } from '../lib/http-error';
import { hitRateLimits, type AuthRateLimits, type RateRule } from '../services/auth-rate-limit';
import { exceedsJsonDepth } from '../ops/json-depth';
import { skipReadCache } from './read-cache';

export interface SessionUser {
  id: string;
  email: string;
  name: string;
  emailVerified: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    auth: Auth;
    /** The signed-in user, or a 401 HttpError: call it first in every route that needs a session. */
    requireUser(request: FastifyRequest): Promise<SessionUser>;
    /** The request's session, or null (no 401): for code that answers both ways. */
    currentSession(request: FastifyRequest): Promise<SessionSnapshot | null>;
  }
  interface FastifyRequest {
    /** The session as requireUser read it, so the plan and profile read with it are reused. */
    session?: SessionSnapshot;
  }
}

export interface AuthPluginOptions {
  secret: string;
  publicUrl: string;
  port: number;
  isProduction: boolean;
  rateLimits: AuthRateLimits;
}

interface LimitedEndpoint {
  /** Absent where the body names no account (two-factor codes: the challenge cookie does). */
  perEmail?: RateRule;
  perIp: RateRule;
  message: string;
}

function limitedEndpoints(limits: AuthRateLimits): Record<string, LimitedEndpoint> {
  return {
    '/api/auth/sign-in/email': { perEmail: limits.signInPerEmail, perIp: limits.signInPerIp, message: 'Too many sign-in attempts. Please wait a few minutes before trying again.' },
    '/api/auth/sign-up/email': { perEmail: limits.signUpPerEmail, perIp: limits.signUpPerIp, message: MESSAGES.auth.tooManySignups },
    '/api/auth/request-password-reset': { perEmail: limits.resetPerEmail, perIp: limits.resetPerIp, message: 'Too many password reset requests. Please wait a few minutes before trying again.' },
    '/api/auth/two-factor/verify-totp': { perIp: limits.twoFactorPerIp, message: 'Too many code attempts. Please wait a few minutes before trying again.' },
    '/api/auth/two-factor/verify-backup-code': { perIp: limits.twoFactorPerIp, message: 'Too many code attempts. Please wait a few minutes before trying again.' },
  };
}

// Where links in auth e-mails land when the client names no page: the web app's pages, not the API root.
const defaultLandingPages: Record<string, { field: string; page: string }> = {
  '/api/auth/sign-up/email': { field: 'callbackURL', page: AUTH_PAGES.emailVerified },
  '/api/auth/sign-in/email': { field: 'callbackURL', page: AUTH_PAGES.emailVerified },
  '/api/auth/send-verification-email': { field: 'callbackURL', page: AUTH_PAGES.emailVerified },
  '/api/auth/request-password-reset': { field: 'redirectTo', page: AUTH_PAGES.resetPassword },
};

function withLandingPage(pathname: string, body: unknown): unknown {
  const landing = defaultLandingPages[pathname];
  if (!landing || typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  const fields = body as Record<string, unknown>;
  return fields[landing.field] === undefined ? { ...fields, [landing.field]: landing.page } : body;
}

const GET_SESSION = '/api/auth/get-session';

export const authPlugin = fp<AuthPluginOptions>(
  async (app, options) => {
    const auth = createAuth({ db: app.db, mailer: app.mailer, secret: options.secret, publicUrl: options.publicUrl, port: options.port, isProduction: options.isProduction });
    const limited = limitedEndpoints(options.rateLimits);

    const authContext = await auth.$context;
    const sessionOf = createSessionLookup(app.db, {
      cookieName: authContext.authCookies.sessionToken.name,
      secret: authContext.secret,
      cache: app.readCache.sessions ?? undefined,
    });
    const sessionDocumentOf = createSessionDocumentLookup(app.db, authContext);

    app.decorate('auth', auth);
    app.decorateRequest('session', undefined);
    const currentSession = async (request: FastifyRequest): Promise<SessionSnapshot | null> => {
      request.session ??= (await sessionOf(request.cookies)) ?? undefined;
      return request.session ?? null;
    };
    app.decorate('currentSession', currentSession);
    app.decorate('requireUser', async (request: FastifyRequest) => {
      const found = await currentSession(request);
      if (!found) throw new HttpError(401, { error: MESSAGES.auth.notAuthenticated });
      return found.user;
    });

    async function enforceRateLimit(request: FastifyRequest, reply: FastifyReply, path: string): Promise<boolean> {
      const endpoint = limited[path];
      if (!endpoint) return true;
      const body = request.body as { email?: unknown } | undefined;
      // Bounded, because the body is not validated yet: better-auth does that after this check.
      const email = typeof body?.email === 'string' ? body.email.trim().toLowerCase().slice(0, 320) : '';
      const hits = [{ key: `${path}:ip:${request.ip}`, rule: endpoint.perIp }];
      if (email && endpoint.perEmail) hits.push({ key: `${path}:email:${email}`, rule: endpoint.perEmail });
      const decision = await hitRateLimits(app.db, hits);
      if (decision.allowed) return true;
      // `message` and `code` are what better-auth's client reads; `error` is the API's own convention.
      reply
        .status(429)
        .header('retry-after', String(decision.retryAfterSeconds))
        .send({ error: endpoint.message, message: endpoint.message, code: AUTH_ERROR_CODES.rateLimited, retryAfter: decision.retryAfterSeconds });
      return false;
    }

    // The documented Fastify mount: rebuild a Fetch Request and hand it to better-auth's handler.
    // Its own scope, because better-auth's client may POST an empty body labelled as JSON (sign-out).
    await app.register(async (scope) => {
      // The root parser (ops/json-depth) is replaced here, not added to: a scope may hold one per type.
      scope.removeContentTypeParser('application/json');
      scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, text, done) => {
        if (text === '') return done(null, undefined);
        if (exceedsJsonDepth(text as string)) {
          return done(Object.assign(new Error('JSON nested too deeply'), { statusCode: 400, code: 'FST_ERR_CTP_INVALID_JSON_BODY' }), undefined);
        }
        try {
          done(null, JSON.parse(text as string));
        } catch (error) {
          (error as { statusCode?: number }).statusCode = 400;
          done(error as Error, undefined);
        }
      });
      scope.route({
        method: ['GET', 'POST'],
        url: '/api/auth/*',
        // The web app asks on every page load; only the live-session answer below is ever stored.
        config: { cachedRead: (request) => request.url === GET_SESSION },
        async handler(request, reply) {
          const url = new URL(request.url, options.publicUrl);
          if (request.method === 'GET' && request.url === GET_SESSION) {
            const document = await sessionDocumentOf(request.cookies);
            if (document) return reply.header('cache-control', 'no-store').header('pragma', 'no-cache').send(document);
          }
          skipReadCache(request);
          if (request.method === 'POST' && !(await enforceRateLimit(request, reply, url.pathname))) return reply;
          const headers = fromNodeHeaders(request.headers);
          // The body is re-serialised below, so the original framing headers no longer apply.
          headers.delete('content-length');
          headers.delete('transfer-encoding');
          const response = await auth.handler(
            new Request(url, {
              method: request.method,
              headers,
              body: request.method === 'POST' && request.body !== undefined ? JSON.stringify(withLandingPage(url.pathname, request.body)) : undefined,
            }),
          );
          reply.status(response.status);
          response.headers.forEach((value, key) => {
            if (key !== 'set-cookie') reply.header(key, value);
          });
          const cookies = response.headers.getSetCookie();
          if (cookies.length > 0) reply.header('set-cookie', cookies);
          return reply.send(response.body ? Buffer.from(await response.arrayBuffer()) : null);
        },
      });
    });
  },
  { name: 'auth', dependencies: ['db', 'mail', 'read-cache'] },
);
