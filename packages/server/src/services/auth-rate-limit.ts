import { lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { authRateLimits } from '../db/schema';

export interface RateRule {
  limit: number;
  windowMs: number;
}

export interface AuthRateLimits {
  signInPerEmail: RateRule;
  signInPerIp: RateRule;
  signUpPerEmail: RateRule;
  signUpPerIp: RateRule;
  /** Password-reset requests send mail; limited so nobody can flood an inbox. */
  resetPerEmail: RateRule;
  resetPerIp: RateRule;
  /** Two-factor codes per IP; better-auth itself caps each challenge and locks an account after repeated failures. */
  twoFactorPerIp: RateRule;
}

const minutes = (n: number) => n * 60_000;

export const DEFAULT_AUTH_RATE_LIMITS: AuthRateLimits = {
  signInPerEmail: { limit: 10, windowMs: minutes(15) },
  signInPerIp: { limit: 50, windowMs: minutes(15) },
  signUpPerEmail: { limit: 5, windowMs: minutes(10) },
  signUpPerIp: { limit: 5, windowMs: minutes(10) },
  resetPerEmail: { limit: 3, windowMs: minutes(15) },
  resetPerIp: { limit: 10, windowMs: minutes(15) },
  twoFactorPerIp: { limit: 30, windowMs: minutes(15) },
};

export interface RateDecision {
  allowed: boolean;
  /** Seconds until the window that refused the attempt ends. */
  retryAfterSeconds: number;
}

/**
 * Counts one attempt against a fixed window and says whether it is within the limit. A single
 * upsert makes the increment atomic, so concurrent processes sharing the database see one counter.
 */
export async function hitRateLimit(db: Db, key: string, rule: RateRule, now = new Date()): Promise<RateDecision> {
  const windowStart = sql`${new Date(now.getTime() - rule.windowMs).toISOString()}::timestamptz`;
  const expired = sql`${authRateLimits.windowStartedAt} <= ${windowStart}`;
  const [row] = await db
    .insert(authRateLimits)
    .values({ key, count: 1, windowStartedAt: now })
    .onConflictDoUpdate({
      target: authRateLimits.key,
      set: {
        count: sql`case when ${expired} then 1 else ${authRateLimits.count} + 1 end`,
        windowStartedAt: sql`case when ${expired} then ${now.toISOString()}::timestamptz else ${authRateLimits.windowStartedAt} end`,
      },
    })
    .returning({ count: authRateLimits.count, windowStartedAt: authRateLimits.windowStartedAt });
  const startedAt = row.windowStartedAt.getTime();
  const retryAfterSeconds = Math.max(1, Math.ceil((startedAt + rule.windowMs - now.getTime()) / 1000));
  return { allowed: row.count <= rule.limit, retryAfterSeconds };
}

/** Checks every rule (all are counted, so a refused attempt still uses the budget) and returns the strictest refusal. */
export async function hitRateLimits(db: Db, hits: { key: string; rule: RateRule }[], now = new Date()): Promise<RateDecision> {
  let refusal: RateDecision | undefined;
  for (const { key, rule } of hits) {
    const decision = await hitRateLimit(db, key, rule, now);
    if (!decision.allowed && (!refusal || decision.retryAfterSeconds > refusal.retryAfterSeconds)) refusal = decision;
  }
  return refusal ?? { allowed: true, retryAfterSeconds: 0 };
}

/** Counters whose window ended over a day ago can no longer refuse anything. */
export async function deleteExpiredRateLimits(db: Db, now = new Date()): Promise<number> {
  const longestWindowMs = 24 * 60 * 60_000;
  const deleted = await db
    .delete(authRateLimits)
    .where(lt(authRateLimits.windowStartedAt, new Date(now.getTime() - longestWindowMs)))
    .returning({ key: authRateLimits.key });
  return deleted.length;
}
