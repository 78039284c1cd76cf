import { eq, sql } from 'drizzle-orm';
import { parseSessionOutput, parseUserOutput } from 'better-auth/db';
import type { Db } from '../db/client';
import { session, user } from '../db/schema';
import type { Auth } from './create-auth';
import { verifiedToken } from './session-lookup';

type AuthContext = Awaited<Auth['$context']>;

/**
 * better-auth's `GET /api/auth/get-session` answer for a live session, built from one prepared
 * statement. The web app asks for it on every page load, and better-auth's own endpoint costs two
 * statements and a request context. Only the live-session case is answered here; everything else
 * (no cookie, a forged or expired one, leftovers to clean up) goes to better-auth, which also
 * clears cookies. The fields are filtered by better-auth's own output rules, so the document is
 * the one its endpoint returns (a test compares the two).
 */
export function createSessionDocumentLookup(db: Db, context: AuthContext) {
  const lookup = db
    .select({ session, user })
    .from(session)
    .innerJoin(user, eq(user.id, session.userId))
    .where(eq(session.token, sql.placeholder('token')))
    .limit(1)
    .prepare('citable_session_document');
  const cookieName = context.authCookies.sessionToken.name;
  // A leftover cookie cache (possibly chunked as .0, .1, ...) is better-auth's to clear.
  const sessionDataName = context.authCookies.sessionData.name;

  return async function sessionDocumentOf(cookies: Record<string, string | undefined>): Promise<{ session: unknown; user: unknown } | null> {
    if (Object.keys(cookies).some((name) => name.startsWith(sessionDataName))) return null;
    const token = verifiedToken(cookies[cookieName], context.secret);
    if (!token) return null;
    const [row] = await lookup.execute({ token });
    if (!row || row.session.expiresAt.getTime() <= Date.now()) return null;
    return { session: parseSessionOutput(context.options, row.session), user: parseUserOutput(context.options, row.user) };
  };
}
