import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** 32 random bytes: the link's only secret, so it is as hard to guess as a session token. */
export function newShareToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What the database keeps of a token: its SHA-256, base64url. */
export function hashShareToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('base64url');
}

/** A well-formed token is exactly 43 base64url characters; anything else is never looked up. */
export function isShareTokenShape(token: string): boolean {
  return /^[A-Za-z0-9_-]{43}$/.test(token);
}

/** Compares two stored hashes without leaking where they first differ. */
export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
