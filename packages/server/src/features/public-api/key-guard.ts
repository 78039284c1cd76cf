import { API_KEY_MESSAGES } from '@citable/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { HttpError } from '../../lib/http-error';
import type { KeyHolder } from './api-keys';
import { authenticateBearer } from './bearer';
import { hitAnonymousRateLimit, hitKeyRateLimit, type KeyRateDecision } from './rate-limit';

const holders = new WeakMap<FastifyRequest, KeyHolder>();

export interface KeyRequestLimits {
  /** Requests per minute of each key. */
  perKey: number;
  /** Requests per minute per address without a valid key; 0 = off. */
  anonymousPerAddress: number;
}

/**
 * Authenticates a key-authenticated request and counts it against the key's budget, setting the
 * IETF RateLimit-* headers on the answer (including a 429, which also gets Retry-After). A request
 * without a valid key counts against its address's budget instead: over it, 429, not 401. A valid
 * key is never refused for its address's failures (others behind the same address may guess).
 */
export async function guardKeyRequest(db: Db, limits: KeyRequestLimits, request: FastifyRequest, reply: FastifyReply): Promise<KeyHolder> {
  let holder: KeyHolder;
  try {
    holder = await authenticateBearer(db, request);
  } catch (error) {
    if (error instanceof HttpError && error.status === 401 && limits.anonymousPerAddress > 0) {
      enforce(reply, await hitAnonymousRateLimit(db, request.ip, limits.anonymousPerAddress));
    }
    throw error;
  }
  enforce(reply, await hitKeyRateLimit(db, holder.keyId, limits.perKey));
  holders.set(request, holder);
  return holder;
}

function enforce(reply: FastifyReply, decision: KeyRateDecision): void {
  reply.header('RateLimit-Limit', String(decision.limit));
  reply.header('RateLimit-Remaining', String(decision.remaining));
  reply.header('RateLimit-Reset', String(decision.resetSeconds));
  if (!decision.allowed) {
    reply.header('Retry-After', String(decision.resetSeconds));
    throw new HttpError(429, { error: API_KEY_MESSAGES.rateLimited(decision.resetSeconds) });
  }
}

/** The holder guardKeyRequest admitted for this request. */
export function keyHolder(request: FastifyRequest): KeyHolder {
  const holder = holders.get(request);
  if (!holder) throw new Error('keyHolder() on a route without guardKeyRequest()');
  return holder;
}
