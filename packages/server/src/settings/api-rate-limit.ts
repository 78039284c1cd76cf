import { DEFAULT_API_RATE_LIMIT_PER_MINUTE } from '@citable/contract';

/** API_RATE_LIMIT_PER_MINUTE: requests each API key may make per minute (default 60). */
export function readApiRateLimit(env: Record<string, string | undefined>, fail: (message: string) => Error): number {
  const value = env.API_RATE_LIMIT_PER_MINUTE?.trim();
  if (!value) return DEFAULT_API_RATE_LIMIT_PER_MINUTE;
  const limit = Number(value);
  if (!Number.isInteger(limit) || limit < 1) throw fail(`API_RATE_LIMIT_PER_MINUTE must be a positive integer, got "${value}"`);
  return limit;
}
