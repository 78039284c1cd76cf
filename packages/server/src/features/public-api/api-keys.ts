import { createHash, randomBytes } from 'node:crypto';
import { and, count, desc, eq, isNull } from 'drizzle-orm';
import { API_KEY_MESSAGES, API_KEY_PREFIX, API_KEY_VISIBLE_CHARS, MAX_API_KEYS, type ApiKey, type ApiKeyCreated } from '@citable/contract';
import type { Db } from '../../db/client';
import { apiKeys } from '../../db/schema';
import { HttpError } from '../../lib/http-error';

type ApiKeyRow = typeof apiKeys.$inferSelect;

/** SHA-256 is enough: the secret has 256 random bits, so there is nothing to guess or stretch. */
export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

function toView(row: ApiKeyRow): ApiKey {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
  };
}

/** Creates a key for the user; the answer carries the secret, which is never readable again. */
export async function createApiKey(db: Db, userId: string, name: string): Promise<ApiKeyCreated> {
  const [{ active }] = await db
    .select({ active: count() })
    .from(apiKeys)
    .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)));
  if (active >= MAX_API_KEYS) throw new HttpError(409, { error: API_KEY_MESSAGES.tooMany });
  const secret = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  const [row] = await db
    .insert(apiKeys)
    .values({ userId, ownerId: userId, name, prefix: secret.slice(0, API_KEY_VISIBLE_CHARS), hash: hashSecret(secret) })
    .returning();
  return { ...toView(row), secret };
}

/** The user's active keys, newest first. */
export async function listApiKeys(db: Db, userId: string): Promise<ApiKey[]> {
  const rows = await db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)))
    .orderBy(desc(apiKeys.createdAt));
  return rows.map(toView);
}

/** Revokes one of the user's keys; false when the user has no such active key. */
export async function revokeApiKey(db: Db, userId: string, id: string, now = new Date()): Promise<boolean> {
  const rows = await db
    .update(apiKeys)
    .set({ revokedAt: now })
    .where(and(eq(apiKeys.id, id), eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)))
    .returning({ id: apiKeys.id });
  return rows.length > 0;
}

export interface KeyHolder {
  keyId: string;
  userId: string;
}

/** The active key a secret belongs to, marking it used; null for an unknown or revoked secret. */
export async function useApiKey(db: Db, secret: string, now = new Date()): Promise<KeyHolder | null> {
  if (!secret.startsWith(API_KEY_PREFIX)) return null;
  const [row] = await db
    .update(apiKeys)
    .set({ lastUsedAt: now })
    .where(and(eq(apiKeys.hash, hashSecret(secret)), isNull(apiKeys.revokedAt)))
    .returning({ keyId: apiKeys.id, userId: apiKeys.userId });
  return row ?? null;
}
