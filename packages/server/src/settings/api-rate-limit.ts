import { DEFAULT_API_RATE_LIMIT_PER_MINUTE } from '@citable/contract';

/** The default of API_ANONYMOUS_PER_MINUTE, as docs/security.md states it. */
export const DEFAULT_API_ANONYMOUS_PER_MINUTE = 60;

/**
 * API_ANONYMOUS_PER_MINUTE: requests to /api/v1 and /api/mcp without a valid key (none, unknown or
 * revoked) each address may make per minute before it gets 429 instead of 401 (default 60; 0 = off).
 * Under NODE_ENV=test it defaults to off, as RATE_LIMIT_PER_MINUTE does; the limit's tests set it.
 */
export function readApiAnonymousRateLimit(env: Record<string, string | undefined>, nodeEnv: string, fail: (message: string) => Error): number {
  const value = env.API_ANONYMOUS_PER_MINUTE?.trim();
  if (!value) return nodeEnv === 'test' ? 0 : DEFAULT_API_ANONYMOUS_PER_MINUTE;
  const limit = Number(value);
  if (!Number.isInteger(limit) || limit < 0) throw fail(`API_ANONYMOUS_PER_MINUTE must be a whole number of requests per minute (0 = off), got "${value}"`);
  return limit;
}

/** API_RATE_LIMIT_PER_MINUTE: requests each API key may make per minute (default 60). */
export function readApiRateLimit(env: Record<string, string | undefined>, fail: (message: string) => Error): number {
  const value = env.API_RATE_LIMIT_PER_MINUTE?.trim();
  if (!value) return DEFAULT_API_RATE_LIMIT_PER_MINUTE;
  const limit = Number(value);
  if (!Number.isInteger(limit) || limit < 1) throw fail(`API_RATE_LIMIT_PER_MINUTE must be a positive integer, got "${value}"`);
  return limit;
}
