import { createHash } from 'node:crypto';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';

export interface RateLimitSettings {
  /** Requests per minute per user (session) or IP on ordinary routes; 0 turns the limiter off. */
  perMinute: number;
  /** Requests per minute on expensive routes (audits, functions: they crawl, parse, call LLMs). */
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
    url.startsWith('/api/auth/') || // per-IP and per-e-mail limits in the database (services/auth-rate-limit)
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

/**
 * The global limiter with the IETF draft headers (RateLimit-Limit, RateLimit-Remaining,
 * RateLimit-Reset; Retry-After on 429). Counters live in this process's memory: with several
 * instances behind a load balancer each allows the limit, so the effective limit is the limit
 * times the number of instances (sticky sessions make it exact).
 */
export async function registerRateLimit(app: FastifyInstance, settings: RateLimitSettings): Promise<void> {
  if (settings.perMinute === 0 && settings.expensivePerMinute === 0) return;
  const bucket = (request: FastifyRequest) => (isExpensive(request.method, request.routeOptions.url ?? '') ? 'expensive' : 'default');
  await app.register(rateLimit, {
    global: true,
    timeWindow: 60_000,
    enableDraftSpec: true,
    allowList: (request) => {
      const url = request.routeOptions.url;
      if (!url || exempt(url)) return true;
      const limit = bucket(request) === 'expensive' ? settings.expensivePerMinute : settings.perMinute;
      return limit === 0;
    },
    max: (request) => (bucket(request) === 'expensive' ? settings.expensivePerMinute : settings.perMinute),
    keyGenerator: (request) => `${bucket(request)}:${who(request)}`,
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      error: `Too many requests: at most ${context.max} per minute here. Try again in ${Math.ceil(context.ttl / 1000)} s.`,
      message: `Too many requests: at most ${context.max} per minute here. Try again in ${Math.ceil(context.ttl / 1000)} s.`,
    }),
  });
}
