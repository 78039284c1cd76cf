import { createHmac, randomBytes } from 'node:crypto';
import { WEBHOOK_SECRET_PREFIX } from '@citable/contract';

/** A new signing secret: `whsec_` and 32 random bytes in base64, as Standard Webhooks libraries read it. */
export function newSigningSecret(): string {
  return `${WEBHOOK_SECRET_PREFIX}${randomBytes(32).toString('base64')}`;
}

/** A Standard Webhooks message id: the receiver's idempotency key, the same on every retry. */
export function newMessageId(): string {
  return `msg_${randomBytes(18).toString('base64url')}`;
}

/**
 * The three headers of a signed delivery (standardwebhooks.com): the signature is the base64
 * HMAC-SHA256, keyed with the secret's decoded bytes, of "id.timestamp.body". The timestamp is the
 * attempt's, so a receiver can refuse replays older than its tolerance.
 */
export function signatureHeaders(secret: string, messageId: string, timestampSeconds: number, body: string): Record<string, string> {
  const key = Buffer.from(secret.slice(WEBHOOK_SECRET_PREFIX.length), 'base64');
  const signature = createHmac('sha256', key).update(`${messageId}.${timestampSeconds}.${body}`).digest('base64');
  return { 'webhook-id': messageId, 'webhook-timestamp': String(timestampSeconds), 'webhook-signature': `v1,${signature}` };
}
