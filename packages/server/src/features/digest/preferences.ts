import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { digestPreferences } from '../../db/schema';

export async function isSubscribed(db: Db, userId: string): Promise<boolean> {
  const [row] = await db.select({ unsubscribedAt: digestPreferences.unsubscribedAt }).from(digestPreferences).where(eq(digestPreferences.userId, userId));
  return !row?.unsubscribedAt;
}

export async function setSubscribed(db: Db, userId: string, subscribed: boolean, now = new Date()): Promise<void> {
  const unsubscribedAt = subscribed ? null : now;
  await db
    .insert(digestPreferences)
    .values({ userId, unsubscribedAt, updatedAt: now })
    .onConflictDoUpdate({ target: digestPreferences.userId, set: { unsubscribedAt, updatedAt: now } });
}
