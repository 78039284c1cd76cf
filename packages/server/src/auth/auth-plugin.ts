import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import { and, eq } from 'drizzle-orm';
import { AUTH_ERROR_CODES, AUTH_PAGES, MESSAGES } from '@citable/contract';
import { createAuth, type Auth } from './create-auth';
import { createSessionDocumentLookup } from './get-session-document';
import { createSessionLookup, type SessionSnapshot } from './session-lookup';
import { HttpError } from '../lib/http-error';
import { user } from '../db/schema';
import { signInThrottledEmail } from './auth-emails';
import {
  attemptsInWindow,
  clearRateLimit,
  countAttempt,
  decide,
  hitRateLimit,
  hitRateLimits,
  isKnownAddress,
  refundAttempt,
  rememberAddress,
  slowdownDelayMs,
  type AuthRateLimits,
  type RateDecision,
  type RateRule,
} from './auth-rate-limit';
import { exceedsJsonDepth } from '../ops/json-depth';
import { skipReadCache } from '../cache/read-cache-plugin';

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

const SIGN_IN = '/api/auth/sign-in/email';
const SIGN_IN_LIMITED = 'Too many sign-in attempts. Please wait a few minutes before trying again.';

/** What a sign-in attempt still has to record once better-auth has answered it. */
interface SignInAttempt {
  settle(status: number): Promise<void>;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function limitedEndpoints(limits: AuthRateLimits): Record<string, LimitedEndpoint> {
  return {
    // Per account: see signInAttempt below (failures only, per address, and a slow-down instead of a lock).
    [SIGN_IN]: { perIp: limits.signInPerIp, message: SIGN_IN_LIMITED },
    '/api/auth/sign-up/email': { perEmail: limits.signUpPerEmail, perIp: limits.signUpPerIp, message: MESSAGES.auth.tooManySignups },
    '/api/auth/request-password-reset': { perEmail: limits.resetPerEmail, perIp: limits.resetPerIp, message: 'Too many password reset requests. Please wait a few minutes before trying again.' },
    '/api/auth/send-verification-email': {
      perEmail: limits.verificationPerEmail,
      perIp: limits.verificationPerIp,
      message: 'Too many verification e-mails requested. Please wait a few minutes before trying again.',
    },
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
    const { signInFailuresPerIpAndEmail: perIpAndEmail, signInSlowdown: slowdown } = options.rateLimits;
    const link = (page: string) => new URL(page, options.publicUrl).toString();

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

    function refuse(reply: FastifyReply, decision: RateDecision, message: string): void {
      // `message` and `code` are what better-auth's client reads; `error` is the API's own convention.
      reply
        .status(429)
        .header('retry-after', String(decision.retryAfterSeconds))
        .send({ error: message, message, code: AUTH_ERROR_CODES.rateLimited, retryAfter: decision.retryAfterSeconds });
    }

    function bodyEmail(request: FastifyRequest): string {
      const body = request.body as { email?: unknown } | undefined;
      // Bounded, because the body is not validated yet: better-auth does that after this check.
      return typeof body?.email === 'string' ? body.email.trim().toLowerCase().slice(0, 320) : '';
    }

    async function enforceRateLimit(request: FastifyRequest, reply: FastifyReply, path: string): Promise<boolean> {
      const endpoint = limited[path];
      if (!endpoint) return true;
      const email = bodyEmail(request);
      const hits = [{ key: `${path}:ip:${request.ip}`, rule: endpoint.perIp }];
      if (email && endpoint.perEmail) hits.push({ key: `${path}:email:${email}`, rule: endpoint.perEmail });
      const decision = await hitRateLimits(app.db, hits);
      if (decision.allowed) return true;
      refuse(reply, decision, endpoint.message);
      return false;
    }

    // Owner notices are sent after the answer, so an attacker cannot time whether the account exists;
    // closing the app waits for the ones still being sent.
    const background = new Set<Promise<void>>();
    const inBackground = (task: () => Promise<void>) => {
      const running: Promise<void> = task()
        .catch((error: unknown) => app.log.error({ err: error }, 'sign-in throttling notice failed'))
        .finally(() => background.delete(running));
      background.add(running);
    };
    app.addHook('onClose', async () => {
      await Promise.allSettled([...background]);
    });

    async function notifyOwner(email: string, failures: number): Promise<void> {
      const [owner] = await app.db
        .select({ email: user.email, name: user.name })
        .from(user)
        .where(and(eq(user.email, email), eq(user.emailVerified, true)))
        .limit(1);
      if (!owner) return;
      const windowMinutes = Math.round(slowdown.windowMs / 60_000);
      await app.mailer.send(signInThrottledEmail(owner.email, owner.name, { count: failures, windowMinutes }, { signIn: link(AUTH_PAGES.signIn), forgotPassword: link(AUTH_PAGES.forgotPassword) }));
    }

    /**
     * Sign-in limits (OWASP Authentication Cheat Sheet: throttle per address and per address and
     * account, never lock the owner out):
     * - every attempt counts against the address (signInPerIp);
     * - failures count against the address and account (signInFailuresPerIpAndEmail): past the limit
     *   that address is refused for that account, whatever the password;
     * - failures from everywhere count against the account (signInSlowdown): past the threshold,
     *   addresses where the account has not signed in lately wait before the password is checked,
     *   and the owner is told once per window.
     * The account counters are keyed by the e-mail as typed, whether or not an account has it, so
     * the answers and their timing are the same for unknown addresses.
     *
     * The outcome is read from better-auth's Response in the route handler below, before the reply
     * is sent: it is exactly what better-auth answered (no re-parsing in an onSend/onResponse hook,
     * which would also run after the client already has its answer, letting a quick client's next
     * attempt race ahead of the count). The address-and-account failure is counted on entry and
     * refunded unless the answer is 401, so concurrent guesses cannot all slip under the limit,
     * and an attempt cut short by a crash stays counted.
     *
     * Null when the attempt was refused (the 429 is sent).
     */
    async function signInAttempt(request: FastifyRequest, reply: FastifyReply): Promise<SignInAttempt | null> {
      const email = bodyEmail(request);
      const ip = request.ip;
      const perIpKey = `${SIGN_IN}:ip:${ip}`;
      if (!email) {
        const decision = await hitRateLimit(app.db, perIpKey, options.rateLimits.signInPerIp);
        if (decision.allowed) return { settle: async () => {} };
        refuse(reply, decision, SIGN_IN_LIMITED);
        return null;
      }
      const perIpAndEmailKey = `${SIGN_IN}:ip-email:${JSON.stringify([ip, email])}`;
      const failuresKey = `${SIGN_IN}:failures:${email}`;

      const perIp = await hitRateLimit(app.db, perIpKey, options.rateLimits.signInPerIp);
      const reserved = await countAttempt(app.db, perIpAndEmailKey, perIpAndEmail.windowMs);
      const perAccountHere = decide(reserved, perIpAndEmail);
      if (!perIp.allowed || !perAccountHere.allowed) {
        // No password was checked, so no failure to keep.
        await refundAttempt(app.db, perIpAndEmailKey, reserved);
        const refusals = [perIp, perAccountHere].filter((decision) => !decision.allowed);
        refuse(reply, refusals.reduce((a, b) => (b.retryAfterSeconds > a.retryAfterSeconds ? b : a)), SIGN_IN_LIMITED);
        return null;
      }

      const failures = await attemptsInWindow(app.db, failuresKey, slowdown.windowMs);
      const delayMs = slowdownDelayMs(failures, slowdown);
      if (delayMs > 0 && !(await isKnownAddress(app.db, email, ip))) {
        request.log.info({ signInDelayMs: delayMs, accountFailures: failures }, 'sign-in slowed down: repeated failures for this account');
        await sleep(delayMs);
      }

      return {
        async settle(status) {
          if (status === 401) {
            // A wrong password (or an unknown address): the reserved failure stays counted.
            const counted = await countAttempt(app.db, failuresKey, slowdown.windowMs);
            if (counted.count === slowdown.threshold) inBackground(() => notifyOwner(email, counted.count));
            return;
          }
          if (status === 200) {
            // Signed in (or asked for the second factor): the password was right here.
            await clearRateLimit(app.db, perIpAndEmailKey);
            await rememberAddress(app.db, email, ip);
            return;
          }
          // Refused before the password counted (invalid body, unverified address, ...): not a failure.
          await refundAttempt(app.db, perIpAndEmailKey, reserved);
        },
      };
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
          let signIn: SignInAttempt | null = null;
          if (request.method === 'POST' && url.pathname === SIGN_IN) {
            signIn = await signInAttempt(request, reply);
            if (!signIn) return reply;
          } else if (request.method === 'POST' && !(await enforceRateLimit(request, reply, url.pathname))) return reply;
          const headers = fromNodeHeaders(request.headers);
          // The body is re-serialised below, so the original framing headers no longer apply.
          headers.delete('content-length');
          headers.delete('transfer-encoding');
          let response: Response;
          try {
            response = await auth.handler(
              new Request(url, {
                method: request.method,
                headers,
                body: request.method === 'POST' && request.body !== undefined ? JSON.stringify(withLandingPage(url.pathname, request.body)) : undefined,
              }),
            );
          } catch (error) {
            await signIn?.settle(500);
            throw error;
          }
          await signIn?.settle(response.status);
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
