import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { authRateLimits } from '../../db/schema';

export interface KeyRateDecision {
  limit: number;
  remaining: number;
  /** Seconds until the window ends and the budget is whole again. */
  resetSeconds: number;
  allowed: boolean;
}

const WINDOW_MS = 60_000;

/**
 * Counts one request of a key against a fixed one-minute window. The counters share the
 * sign-in limits' table (same shape, same daily clean-up), under `api-key:<id>` names; the upsert
 * is atomic, so several server processes share one budget per key.
 */
export function hitKeyRateLimit(db: Db, keyId: string, limit: number, now = new Date()): Promise<KeyRateDecision> {
  return hitWindow(db, `api-key:${keyId}`, limit, now);
}

/**
 * Counts one request without a valid key (none, unknown or revoked) from an address, under
 * `api-anonymous:<address>`: guessing keys, or a client left with a revoked one, is limited per
 * address as docs/security.md says, without the database lookups of an unbounded stream.
 */
export function hitAnonymousRateLimit(db: Db, address: string, limit: number, now = new Date()): Promise<KeyRateDecision> {
  return hitWindow(db, `api-anonymous:${address}`, limit, now);
}

async function hitWindow(db: Db, name: string, limit: number, now: Date): Promise<KeyRateDecision> {
  const windowStart = sql`${new Date(now.getTime() - WINDOW_MS).toISOString()}::timestamptz`;
  const expired = sql`${authRateLimits.windowStartedAt} <= ${windowStart}`;
  const [row] = await db
    .insert(authRateLimits)
    .values({ key: name, count: 1, windowStartedAt: now })
    .onConflictDoUpdate({
      target: authRateLimits.key,
      set: {
        count: sql`case when ${expired} then 1 else ${authRateLimits.count} + 1 end`,
        windowStartedAt: sql`case when ${expired} then ${now.toISOString()}::timestamptz else ${authRateLimits.windowStartedAt} end`,
      },
    })
    .returning({ count: authRateLimits.count, windowStartedAt: authRateLimits.windowStartedAt });
  const resetSeconds = Math.max(1, Math.ceil((row.windowStartedAt.getTime() + WINDOW_MS - now.getTime()) / 1000));
  return { limit, remaining: Math.max(0, limit - row.count), resetSeconds, allowed: row.count <= limit };
}
