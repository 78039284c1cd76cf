import { API_KEY_MESSAGES } from '@citable/contract';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { HttpError } from '../../lib/http-error';
import { useApiKey, type KeyHolder } from './api-keys';

/**
 * The key holder of a request with `Authorization: Bearer <key>`; 401 JSON when the header is
 * missing or the key is unknown or revoked. Sessions are not accepted here: a cookie would make
 * the public API callable cross-site.
 */
export async function authenticateBearer(db: Db, request: FastifyRequest): Promise<KeyHolder> {
  const header = request.headers.authorization ?? '';
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!match) throw new HttpError(401, { error: API_KEY_MESSAGES.missing });
  const holder = await useApiKey(db, match[1]);
  if (!holder) throw new HttpError(401, { error: API_KEY_MESSAGES.invalid });
  return holder;
}
