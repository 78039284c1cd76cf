import { createHmac, timingSafeEqual } from 'node:crypto';

/** Domain separation: the auth secret signs other things too, and no other signature must pass for this one. */
const PURPOSE = 'citable-digest-unsubscribe';

const mac = (userId: string, secret: string) => createHmac('sha256', secret).update(`${PURPOSE}:${userId}`).digest('base64url');

/**
 * The unsubscribe link's token: the user id and its HMAC with the auth secret, so the link works
 * without signing in and cannot be made up for someone else. It does not expire, like any
 * unsubscribe link; rotating the auth secret voids every one.
 */
export function unsubscribeToken(userId: string, secret: string): string {
  return `${Buffer.from(userId).toString('base64url')}.${mac(userId, secret)}`;
}

/** The user id a token was issued for, or null for a malformed or forged token. */
export function verifyUnsubscribeToken(token: string, secret: string): string | null {
  const [encodedId, signature, ...rest] = token.split('.');
  if (!encodedId || !signature || rest.length > 0) return null;
  const userId = Buffer.from(encodedId, 'base64url').toString('utf8');
  const expected = Buffer.from(mac(userId, secret));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given) ? userId : null;
}
