import { API_KEY_MESSAGES } from '@citable/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { HttpError } from '../../lib/http-error';
import type { KeyHolder } from './api-keys';
import { authenticateBearer } from './bearer';
import { hitKeyRateLimit } from './rate-limit';

const holders = new WeakMap<FastifyRequest, KeyHolder>();

/**
 * Authenticates a key-authenticated request and counts it against the key's budget, setting the
 * IETF RateLimit-* headers on the answer (including a 429, which also gets Retry-After).
 */
export async function guardKeyRequest(db: Db, limit: number, request: FastifyRequest, reply: FastifyReply): Promise<KeyHolder> {
  const holder = await authenticateBearer(db, request);
  const decision = await hitKeyRateLimit(db, holder.keyId, limit);
  reply.header('RateLimit-Limit', String(decision.limit));
  reply.header('RateLimit-Remaining', String(decision.remaining));
  reply.header('RateLimit-Reset', String(decision.resetSeconds));
  if (!decision.allowed) {
    reply.header('Retry-After', String(decision.resetSeconds));
    throw new HttpError(429, { error: API_KEY_MESSAGES.rateLimited(decision.resetSeconds) });
  }
  holders.set(request, holder);
  return holder;
}

/** The holder guardKeyRequest admitted for this request. */
export function keyHolder(request: FastifyRequest): KeyHolder {
  const holder = holders.get(request);
  if (!holder) throw new Error('keyHolder() on a route without guardKeyRequest()');
  return holder;
}
