import { and, eq, gt, like, lt, not, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { authRateLimits } from '../db/schema';

export interface RateRule {
  limit: number;
  windowMs: number;
}

/**
 * Sign-in slow-down for one account, whatever the address (OWASP: throttle rather than lock out,
 * so nobody can keep the owner out by failing on purpose). Once an account has `threshold` failed
 * sign-ins in a window, attempts from an address where it has not signed in lately wait before the
 * password is checked: `stepMs` at the threshold, one more step per further failure, at most
 * `maxDelayMs`. Never a refusal. The owner is told by e-mail once per window, when the threshold is reached.
 */
export interface SignInSlowdown {
  threshold: number;
  windowMs: number;
  stepMs: number;
  maxDelayMs: number;
}

export interface AuthRateLimits {
  /**
   * Failed sign-ins per address and account: past it, that address is refused (429) for that
   * account until the window ends, right password or not. A successful sign-in is not counted and
   * clears the address's count for the account.
   */
  signInFailuresPerIpAndEmail: RateRule;
  /** Every sign-in attempt per address, whatever the account or outcome. */
  signInPerIp: RateRule;
  signInSlowdown: SignInSlowdown;
  signUpPerEmail: RateRule;
  signUpPerIp: RateRule;
  /** Password-reset requests send mail; limited so nobody can flood an inbox. */
  resetPerEmail: RateRule;
  resetPerIp: RateRule;
  /** "Resend verification e-mail" sends mail too; the same limits as a password reset. */
  verificationPerEmail: RateRule;
  verificationPerIp: RateRule;
  /** Two-factor codes per IP; better-auth itself caps each challenge and locks an account after repeated failures. */
  twoFactorPerIp: RateRule;
}

const minutes = (n: number) => n * 60_000;

export const DEFAULT_AUTH_RATE_LIMITS: AuthRateLimits = {
  signInFailuresPerIpAndEmail: { limit: 10, windowMs: minutes(15) },
  signInPerIp: { limit: 50, windowMs: minutes(15) },
  // 10 failures in 15 minutes from anywhere: new addresses wait 1 s, then 2 s, ... at most 5 s.
  signInSlowdown: { threshold: 10, windowMs: minutes(15), stepMs: 1_000, maxDelayMs: 5_000 },
  signUpPerEmail: { limit: 5, windowMs: minutes(10) },
  signUpPerIp: { limit: 5, windowMs: minutes(10) },
  resetPerEmail: { limit: 3, windowMs: minutes(15) },
  resetPerIp: { limit: 10, windowMs: minutes(15) },
  verificationPerEmail: { limit: 3, windowMs: minutes(15) },
  verificationPerIp: { limit: 10, windowMs: minutes(15) },
  twoFactorPerIp: { limit: 30, windowMs: minutes(15) },
};

/** How long an address where an account signed in stays exempt from that account's slow-down (a session's lifetime). */
export const KNOWN_ADDRESS_MS = 30 * 24 * 60 * 60_000;
const KNOWN_ADDRESS_PREFIX = 'sign-in:known-address:';

/** The counter row remembering that `email` signed in from `ip` (JSON, so no address or e-mail can run into the other). */
export function knownAddressKey(email: string, ip: string): string {
  return `${KNOWN_ADDRESS_PREFIX}${JSON.stringify([ip, email])}`;
}

/** The wait before checking a password for an account with `failures` recent failures, from an address it has not signed in from. */
export function slowdownDelayMs(failures: number, rule: SignInSlowdown): number {
  if (failures < rule.threshold) return 0;
  return Math.min(rule.maxDelayMs, rule.stepMs * (failures - rule.threshold + 1));
}

export interface RateDecision {
  allowed: boolean;
  /** Seconds until the window that refused the attempt ends. */
  retryAfterSeconds: number;
}

export interface CountedAttempt {
  /** Attempts in the current window, this one included. */
  count: number;
  windowStartedAt: Date;
}

/**
 * Counts one attempt against a fixed window. A single upsert makes the increment atomic, so
 * concurrent processes sharing the database see one counter.
 */
export async function countAttempt(db: Db, key: string, windowMs: number, now = new Date()): Promise<CountedAttempt> {
  const windowStart = sql`${new Date(now.getTime() - windowMs).toISOString()}::timestamptz`;
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
  return row;
}

export function decide(attempt: CountedAttempt, rule: RateRule, now = new Date()): RateDecision {
  const retryAfterSeconds = Math.max(1, Math.ceil((attempt.windowStartedAt.getTime() + rule.windowMs - now.getTime()) / 1000));
  return { allowed: attempt.count <= rule.limit, retryAfterSeconds };
}

/** Counts one attempt against a fixed window and says whether it is within the limit. */
export async function hitRateLimit(db: Db, key: string, rule: RateRule, now = new Date()): Promise<RateDecision> {
  return decide(await countAttempt(db, key, rule.windowMs, now), rule, now);
}

/**
 * Takes back an attempt counted by countAttempt (it turned out not to be a failure), unless its
 * window has since been replaced by a new one.
 */
export async function refundAttempt(db: Db, key: string, attempt: CountedAttempt): Promise<void> {
  await db
    .update(authRateLimits)
    .set({ count: sql`${authRateLimits.count} - 1` })
    .where(and(eq(authRateLimits.key, key), eq(authRateLimits.windowStartedAt, attempt.windowStartedAt), gt(authRateLimits.count, 0)));
}

export async function clearRateLimit(db: Db, key: string): Promise<void> {
  await db.delete(authRateLimits).where(eq(authRateLimits.key, key));
}

/** Attempts counted under `key` in the window still running at `now`, without counting one. */
export async function attemptsInWindow(db: Db, key: string, windowMs: number, now = new Date()): Promise<number> {
  const [row] = await db
    .select({ count: authRateLimits.count })
    .from(authRateLimits)
    .where(and(eq(authRateLimits.key, key), gt(authRateLimits.windowStartedAt, new Date(now.getTime() - windowMs))));
  return row?.count ?? 0;
}

/** Remembers (or refreshes) a successful sign-in of `email` from `ip`. */
export async function rememberAddress(db: Db, email: string, ip: string, now = new Date()): Promise<void> {
  await db
    .insert(authRateLimits)
    .values({ key: knownAddressKey(email, ip), count: 1, windowStartedAt: now })
    .onConflictDoUpdate({ target: authRateLimits.key, set: { count: sql`${authRateLimits.count} + 1`, windowStartedAt: now } });
}

/** Whether `email` signed in successfully from `ip` within KNOWN_ADDRESS_MS. */
export async function isKnownAddress(db: Db, email: string, ip: string, now = new Date()): Promise<boolean> {
  const rows = await db
    .select({ key: authRateLimits.key })
    .from(authRateLimits)
    .where(and(eq(authRateLimits.key, knownAddressKey(email, ip)), gt(authRateLimits.windowStartedAt, new Date(now.getTime() - KNOWN_ADDRESS_MS))));
  return rows.length > 0;
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

/**
 * Counters whose window ended over a day ago can no longer refuse anything; remembered sign-in
 * addresses are kept for KNOWN_ADDRESS_MS.
 */
export async function deleteExpiredRateLimits(db: Db, now = new Date()): Promise<number> {
  const longestWindowMs = 24 * 60 * 60_000;
  const deleted = await db
    .delete(authRateLimits)
    .where(
      or(
        and(lt(authRateLimits.windowStartedAt, new Date(now.getTime() - longestWindowMs)), not(like(authRateLimits.key, `${KNOWN_ADDRESS_PREFIX}%`))),
        lt(authRateLimits.windowStartedAt, new Date(now.getTime() - KNOWN_ADDRESS_MS)),
      ),
    )
    .returning({ key: authRateLimits.key });
  return deleted.length;
}
