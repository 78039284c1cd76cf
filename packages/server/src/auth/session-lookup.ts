import { createHmac, timingSafeEqual } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { normalizePlan, type PlanId } from '@citable/contract';
import type { UserCache } from '../cache/user-cache';
import type { Db } from '../db/client';
import { session, user, userProfiles } from '../db/schema';

export type ProfileRow = typeof userProfiles.$inferSelect;

/** Who a request's session cookie belongs to, read in one statement. */
export interface SessionSnapshot {
  sessionId: string;
  user: { id: string; email: string; name: string; emailVerified: boolean };
  /** The person's own plan (a signed-in person is never a workspace client's data principal). */
  plan: PlanId;
  /** Their profile row, or null before its first access creates it. */
  profile: ProfileRow | null;
}

/** A session as the cache keeps it, by token. */
export interface CachedSession {
  snapshot: SessionSnapshot;
  expiresAt: number;
}

/**
 * The session check every authenticated request makes, without better-auth's per-call context:
 * the signed cookie is verified as better-call signs it (HMAC-SHA256 of the token with the auth
 * secret, base64, appended after a dot), then ONE prepared statement reads the session, its user,
 * and their profile and plan.
 *
 * With a cache (src/cache), a session read once is answered from memory until the change feed
 * reports a change to any of that user's rows. A session deleted by sign-out, a password reset or
 * a revocation is still refused on the very next request, because a request that comes after a
 * write in this process waits for that write to reach the caches (cache/own-writes.ts), and every
 * other process hears of it as the database commits it.
 *
 * Only reads: an expired session is simply not found here; better-auth's own get-session removes
 * it and its cookie when the client next asks.
 */
export function createSessionLookup(db: Db, options: { cookieName: string; secret: string; cache?: UserCache<CachedSession> }) {
  const cache = options.cache;
  const lookup = db
    .select({
      sessionId: session.id,
      expiresAt: session.expiresAt,
      userId: user.id,
      email: user.email,
      name: user.name,
      emailVerified: user.emailVerified,
      profile: userProfiles,
    })
    .from(session)
    .innerJoin(user, eq(user.id, session.userId))
    .leftJoin(userProfiles, eq(userProfiles.userId, session.userId))
    .where(eq(session.token, sql.placeholder('token')))
    .limit(1)
    .prepare('citable_session_lookup');

  return async function sessionOf(cookies: Record<string, string | undefined>): Promise<SessionSnapshot | null> {
    const token = verifiedToken(cookies[options.cookieName], options.secret);
    if (!token) return null;
    const cached = cache?.get(token);
    if (cached) return cached.expiresAt > Date.now() ? cached.snapshot : null;
    const ticket = cache?.ticket();
    const [row] = await lookup.execute({ token });
    if (!row || row.expiresAt.getTime() <= Date.now()) return null;
    // Frozen: a cached snapshot is shared by every request of the session until it changes.
    const snapshot: SessionSnapshot = Object.freeze({
      sessionId: row.sessionId,
      user: Object.freeze({ id: row.userId, email: row.email, name: row.name, emailVerified: row.emailVerified }),
      plan: normalizePlan(row.profile?.plan),
      profile: row.profile && Object.freeze(row.profile),
    });
    if (cache && ticket !== undefined) cache.store(ticket, row.userId, token, { snapshot, expiresAt: row.expiresAt.getTime() });
    return snapshot;
  };
}

/**
 * The token of a cookie value `token.signature`, or null when the signature is not the secret's.
 * Mirrors better-call's getSignedCookie: the signature is 44 characters of padded base64.
 */
export function verifiedToken(cookieValue: string | undefined, secret: string): string | null {
  if (!cookieValue) return null;
  const dot = cookieValue.lastIndexOf('.');
  if (dot < 1) return null;
  const token = cookieValue.slice(0, dot);
  const signature = cookieValue.slice(dot + 1);
  if (signature.length !== 44 || !signature.endsWith('=')) return null;
  // Compared as base64 text, so only the exact encoding better-call writes is accepted.
  const given = Buffer.from(signature);
  const expected = Buffer.from(createHmac('sha256', secret).update(token).digest('base64'));
  return given.length === expected.length && timingSafeEqual(given, expected) ? token : null;
}
