import { and, eq, inArray, isNull, ne, or } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { digestPreferences, user, userProfiles } from '../../db/schema';
import type { Mailer } from '../../mail/mailer';
import { buildDigest } from './build-digest';
import { renderDigest } from './render-digest';
import { unsubscribeToken } from './unsubscribe-token';

export interface DigestDeps {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  /** The auth secret, which signs the unsubscribe links. */
  secret: string;
  log: Pick<FastifyBaseLogger, 'info' | 'error'>;
}

/** Plans with weekly proactive suggestions (spec 000 §6). */
const DIGEST_PLANS = ['pro', 'agency'];

/** The ISO 8601 week of an instant, in UTC (e.g. 2026-W47): one digest per user per week. */
export function isoWeek(now: Date): string {
  const day = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const weekday = day.getUTCDay() || 7;
  day.setUTCDate(day.getUTCDate() + 4 - weekday);
  const yearStart = Date.UTC(day.getUTCFullYear(), 0, 1);
  const week = Math.ceil(((day.getTime() - yearStart) / 86_400_000 + 1) / 7);
  return `${day.getUTCFullYear()}-W${String(week).padStart(2, '0')}`;
}

export const unsubscribeUrl = (publicUrl: string, userId: string, secret: string) => `${publicUrl}/api/digest/unsubscribe?token=${unsubscribeToken(userId, secret)}`;

/**
 * Sends the week's digest to every Pro and Agency user who has not unsubscribed and has not had
 * this week's yet; a week with nothing to say sends nothing. One user's failure is logged and
 * the others still get theirs. `now` is injected so tests need not wait for the cron.
 */
export async function sendWeeklyDigests(deps: DigestDeps, now: Date): Promise<{ sent: number; skipped: number }> {
  const { db, mailer, publicUrl, secret, log } = deps;
  const week = isoWeek(now);
  const recipients = await db
    .select({ id: user.id, email: user.email, name: user.name })
    .from(user)
    .innerJoin(userProfiles, eq(userProfiles.userId, user.id))
    .leftJoin(digestPreferences, eq(digestPreferences.userId, user.id))
    .where(
      and(
        inArray(userProfiles.plan, DIGEST_PLANS),
        eq(user.emailVerified, true),
        isNull(digestPreferences.unsubscribedAt),
        or(isNull(digestPreferences.lastSentWeek), ne(digestPreferences.lastSentWeek, week)),
      ),
    );
  let sent = 0;
  let skipped = 0;
  for (const recipient of recipients) {
    try {
      const digest = await buildDigest(db, recipient.id, now, publicUrl);
      if (digest.empty) {
        skipped += 1;
        continue;
      }
      await mailer.send(renderDigest(digest, recipient, publicUrl, unsubscribeUrl(publicUrl, recipient.id, secret)));
      await db
        .insert(digestPreferences)
        .values({ userId: recipient.id, lastSentWeek: week, updatedAt: now })
        .onConflictDoUpdate({ target: digestPreferences.userId, set: { lastSentWeek: week, updatedAt: now } });
      sent += 1;
    } catch (error) {
      log.error({ err: error, userId: recipient.id }, 'weekly digest failed');
    }
  }
  log.info({ week, sent, skipped }, 'weekly digests');
  return { sent, skipped };
}
