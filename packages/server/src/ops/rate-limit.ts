import { createHash } from 'node:crypto';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../lib/http-error';

export interface RateLimitSettings {
  /** Requests per minute per user (session) or IP on ordinary routes; 0 turns the limiter off. */
  perMinute: number;
  /**
   * Expensive calls per minute per account (audits, tool runs: they crawl, parse, call LLMs),
   * shared by the account's sessions, API keys and MCP tool calls; 0 turns the budget off.
   */
  expensivePerMinute: number;
}

/**
 * RATE_LIMIT_PER_MINUTE (default 600) and RATE_LIMIT_EXPENSIVE_PER_MINUTE (default 30). Under
 * NODE_ENV=test both default to 0 (off), since test files drive hundreds of requests per user;
 * the tests of the limiter set them explicitly.
 */
export function readRateLimitSettings(env: Record<string, string | undefined>, nodeEnv: string, fail: (message: string) => Error): RateLimitSettings {
  const read = (name: string, fallback: number) => {
    const value = env[name];
    if (value === undefined || value === '') return nodeEnv === 'test' ? 0 : fallback;
    const parsed = Number(value);
    if (!Number.isInteger(parsed) || parsed < 0) throw fail(`${name} must be a whole number of requests per minute (0 = off), got "${value}"`);
    return parsed;
  };
  return { perMinute: read('RATE_LIMIT_PER_MINUTE', 600), expensivePerMinute: read('RATE_LIMIT_EXPENSIVE_PER_MINUTE', 30) };
}

/** Routes with limits of their own, or that must always answer (probes, webhooks, metrics). */
function exempt(url: string): boolean {
  return (
    // Pages are not limited, except the public shared-report links, which read the database.
    (!url.startsWith('/api/') && !url.startsWith('/shared/')) ||
    url.startsWith('/api/auth/') || // per-IP and per-e-mail limits in the database (auth/auth-rate-limit.ts)
    url.startsWith('/api/v1/') || // per-key limits with their own RateLimit headers (public-api/key-guard)
    url === '/api/mcp' ||
    url === '/api/health' ||
    url === '/api/ready' ||
    url === '/api/billing/webhook'
  );
}

export function isExpensive(method: string, url: string): boolean {
  return method === 'POST' && (url === '/api/audits' || url.startsWith('/api/functions/'));
}

function who(request: FastifyRequest): string {
  // The session token identifies the user before the session is loaded; a forged token only
  // reaches the route's cheap 401. Hashed, so no token sits in the limiter's memory.
  const token = /(?:^|;\s*)(?:__Host-|__Secure-)?[\w.-]*session_token=([^;]+)/.exec(request.headers.cookie ?? '')?.[1];
  return token ? `u:${createHash('sha256').update(token).digest('base64url').slice(0, 22)}` : `ip:${request.ip}`;
}

export interface ExpensiveWorkDecision {
  limit: number;
  remaining: number;
  /** Seconds until the account's window ends and its budget is whole again. */
  resetSeconds: number;
  allowed: boolean;
}

/** The budget of a signed-in person or key owner: one per account, whatever the credential. */
export const accountBudgetKey = (userId: string) => `user:${userId}`;

/** The 429 message of an exhausted account budget, on every surface (session routes, /api/v1, /api/mcp). */
export const expensiveWorkMessage = (decision: Pick<ExpensiveWorkDecision, 'limit' | 'resetSeconds'>) =>
  `Too many audits and tool runs for this account: at most ${decision.limit} per minute, shared by its sessions, API keys and MCP tool calls. Try again in ${decision.resetSeconds} s.`;

/**
 * The budget for expensive work (audits, tool runs, crawl- and LLM-backed calls), counted per
 * account in a fixed one-minute window that starts with the account's first call. The session
 * routes, every API key of the account and its MCP tool calls all draw on the same budget, so
 * neither more keys nor more sessions buy more work. Refused calls are not counted.
 *
 * Counters live in this process's memory (as the global limiter's do): with several instances
 * each allows the limit, so the effective limit is the limit times the number of instances.
 */
export class ExpensiveWorkLimiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();
  private nextSweep = 0;

  constructor(
    /** Calls per account per window; 0 turns the budget off. */
    readonly limit: number,
    private readonly windowMs = 60_000,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts `cost` calls for the account (see accountBudgetKey); null when the budget is off. */
  take(account: string, cost = 1): ExpensiveWorkDecision | null {
    if (this.limit === 0) return null;
    const now = this.now();
    this.sweep(now);
    let window = this.windows.get(account);
    if (!window || window.resetAt <= now) {
      window = { count: 0, resetAt: now + this.windowMs };
      this.windows.set(account, window);
    }
    const allowed = window.count + cost <= this.limit;
    if (allowed) window.count += cost;
    return { limit: this.limit, remaining: Math.max(0, this.limit - window.count), resetSeconds: Math.max(1, Math.ceil((window.resetAt - now) / 1000)), allowed };
  }

  /** Forgets ended windows, at most once per window length, so idle accounts do not pile up. */
  private sweep(now: number): void {
    if (now < this.nextSweep) return;
    this.nextSweep = now + this.windowMs;
    for (const [account, window] of this.windows) if (window.resetAt <= now) this.windows.delete(account);
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The per-account budget for expensive work, shared by sessions, API keys and MCP (ops/rate-limit). */
    expensiveWork: ExpensiveWorkLimiter;
  }
}

/**
 * The IETF draft RateLimit-* headers of a decision, and Retry-After when it refuses. Where a key's
 * limit already set them, the policy closer to exhaustion is the one reported.
 */
export function setExpensiveWorkHeaders(reply: FastifyReply, decision: ExpensiveWorkDecision): void {
  const current = reply.getHeader('ratelimit-remaining');
  if (decision.allowed && current !== undefined && Number(current) <= decision.remaining) return;
  reply.header('RateLimit-Limit', String(decision.limit));
  reply.header('RateLimit-Remaining', String(decision.remaining));
  reply.header('RateLimit-Reset', String(decision.resetSeconds));
  if (!decision.allowed) reply.header('Retry-After', String(decision.resetSeconds));
}

/**
 * Counts `cost` expensive calls of a key owner (an /api/v1 route, MCP tool calls) against the
 * account's budget and sets its headers; the caller refuses the request, in its surface's error
 * shape, when the decision is not `allowed`. Null when the budget is off.
 */
export function chargeExpensiveWork(app: FastifyInstance, userId: string, reply: FastifyReply, cost = 1): ExpensiveWorkDecision | null {
  if (!app.hasDecorator('expensiveWork')) return null;
  const decision = app.expensiveWork.take(accountBudgetKey(userId), cost);
  if (decision) setExpensiveWorkHeaders(reply, decision);
  return decision;
}

/**
 * The global limiter with the IETF draft headers (RateLimit-Limit, RateLimit-Remaining,
 * RateLimit-Reset; Retry-After on 429). Counters live in this process's memory: with several
 * instances behind a load balancer each allows the limit, so the effective limit is the limit
 * times the number of instances (sticky sessions make it exact).
 *
 * Ordinary routes count per session token (or IP) with @fastify/rate-limit. Expensive routes count
 * per account on `app.expensiveWork`, which the public API and MCP endpoint charge as well.
 */
export async function registerRateLimit(app: FastifyInstance, settings: RateLimitSettings): Promise<void> {
  app.decorate('expensiveWork', new ExpensiveWorkLimiter(settings.expensivePerMinute));

  if (settings.expensivePerMinute > 0) {
    // After the session gate (preValidation, registered earlier) and after every onRequest hook,
    // so the session read here is the one the route uses (requireUser reuses request.session),
    // read once the read cache has caught up with this process's writes. Before the body is
    // validated and the route's plan gate runs: every call of an expensive route counts.
    app.addHook('preValidation', async (request, reply) => {
      const url = request.routeOptions.url;
      if (!url || !isExpensive(request.method, url)) return;
      const session = app.hasDecorator('currentSession') ? await app.currentSession(request) : null;
      // No session (the landing page's chatbot, or a stale cookie the route refuses): by address.
      const account = session ? accountBudgetKey(session.user.id) : `ip:${request.ip}`;
      const decision = app.expensiveWork.take(account);
      if (!decision) return;
      setExpensiveWorkHeaders(reply, decision);
      if (!decision.allowed) throw new HttpError(429, { error: expensiveWorkMessage(decision) });
    });
  }

  if (settings.perMinute === 0) return;
  await app.register(rateLimit, {
    global: true,
    timeWindow: 60_000,
    enableDraftSpec: true,
    // Expensive routes are counted per account above, not here.
    allowList: (request) => {
      const url = request.routeOptions.url;
      return !url || exempt(url) || isExpensive(request.method, url);
    },
    max: settings.perMinute,
    keyGenerator: who,
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      error: `Too many requests: at most ${context.max} per minute here. Try again in ${Math.ceil(context.ttl / 1000)} s.`,
      message: `Too many requests: at most ${context.max} per minute here. Try again in ${Math.ceil(context.ttl / 1000)} s.`,
    }),
  });
}
