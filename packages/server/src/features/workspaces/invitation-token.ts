import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Invitation link tokens: `<base64url(invitationId.expiresAtMs)>.<base64url(HMAC-SHA256)>`. The
 * key is derived from BETTER_AUTH_SECRET for this one purpose, so a token cannot be forged or its
 * expiry extended without the secret. Single use is enforced by the invitation's status row.
 */

const PURPOSE = 'citable-workspace-invitation-v1';

function key(secret: string): Buffer {
  return createHmac('sha256', secret).update(PURPOSE).digest();
}

function mac(secret: string, payload: string): Buffer {
  return createHmac('sha256', key(secret)).update(payload).digest();
}

export function signInvitationToken(secret: string, invitationId: string, expiresAt: Date): string {
  const payload = `${invitationId}.${expiresAt.getTime()}`;
  return `${Buffer.from(payload).toString('base64url')}.${mac(secret, payload).toString('base64url')}`;
}

export type TokenCheck = { ok: true; invitationId: string; expiresAt: Date } | { ok: false; reason: 'invalid' | 'expired' };

/** Checks the signature first (a forged token learns nothing), then the signed expiry against `now`. */
export function verifyInvitationToken(secret: string, token: string, now: Date): TokenCheck {
  const parts = token.split('.');
  if (parts.length !== 2 || !parts[0] || !parts[1]) return { ok: false, reason: 'invalid' };
  const payload = Buffer.from(parts[0], 'base64url').toString();
  const given = Buffer.from(parts[1], 'base64url');
  const expected = mac(secret, payload);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: 'invalid' };
  const match = /^([A-Za-z0-9_-]{1,100})\.(\d{1,15})$/.exec(payload);
  if (!match) return { ok: false, reason: 'invalid' };
  const expiresAt = new Date(Number(match[2]));
  if (expiresAt.getTime() <= now.getTime()) return { ok: false, reason: 'expired' };
  return { ok: true, invitationId: match[1], expiresAt };
}
