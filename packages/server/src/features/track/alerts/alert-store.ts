import { and, desc, eq, sql } from 'drizzle-orm';
import { ALERT_RULES, type Alert, type AlertSeverity, type AlertType } from '@citable/contract';
import type { Db } from '../../../db/client';
import { preparedOn } from '../../../db/prepared';
import { alerts } from '../../../db/schema';
import { isUuid } from '../../audits';
import type { AlertDraft } from './alert-rules';

type AlertRow = typeof alerts.$inferSelect;

function toAlert(row: AlertRow): Alert {
  return {
    id: row.id,
    type: row.type as AlertType,
    title: row.title,
    message: row.message,
    severity: row.severity as AlertSeverity,
    confidence: row.confidence,
    impact: row.impact,
    timeframe: row.timeframe,
    steps: row.steps,
    actionUrl: row.actionUrl,
    actionLabel: row.actionLabel,
    data: row.data,
    read: row.read,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * Stores new alerts (a key already raised for this user is skipped) and keeps the 15 newest
 * visible: older ones are retired as dismissed, so their keys still block a repeat.
 * Returns how many were added.
 */
export async function storeAlerts(db: Db, userId: string, drafts: AlertDraft[], now = new Date()): Promise<number> {
  if (drafts.length === 0) return 0;
  const inserted = await db
    .insert(alerts)
    .values(
      drafts.map((draft, index) => ({
        userId,
        dedupeKey: draft.key,
        type: draft.type,
        title: draft.title,
        message: draft.message,
        severity: draft.severity,
        confidence: Math.round(draft.confidence),
        impact: draft.impact,
        timeframe: draft.timeframe,
        steps: draft.steps,
        actionUrl: draft.actionUrl,
        actionLabel: draft.actionLabel,
        data: draft.data,
        // Drafts come most important first; a millisecond apart keeps that order among the newest.
        createdAt: new Date(now.getTime() - index),
      })),
    )
    .onConflictDoNothing({ target: [alerts.userId, alerts.dedupeKey] })
    .returning({ id: alerts.id });
  const kept = db
    .select({ id: alerts.id })
    .from(alerts)
    .where(and(eq(alerts.userId, userId), eq(alerts.dismissed, false)))
    .orderBy(desc(alerts.createdAt))
    .limit(ALERT_RULES.maxAlerts);
  await db
    .update(alerts)
    .set({ dismissed: true })
    .where(and(eq(alerts.userId, userId), eq(alerts.dismissed, false), sql`${alerts.id} not in (${kept})`));
  return inserted.length;
}

export async function listAlerts(db: Db, userId: string): Promise<Alert[]> {
  // The alerts bell asks on every page load.
  const statement = preparedOn(db, 'alerts_list', (db, name) =>
    db
      .select()
      .from(alerts)
      .where(and(eq(alerts.userId, sql.placeholder('userId')), eq(alerts.dismissed, false)))
      .orderBy(desc(alerts.createdAt))
      .limit(ALERT_RULES.maxAlerts)
      .prepare(name),
  );
  const rows = await statement.execute({ userId });
  return rows.map(toAlert);
}

/** Someone else's alert, a dismissed one and a malformed id all answer false (404). */
export async function markAlertRead(db: Db, userId: string, id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  const rows = await db
    .update(alerts)
    .set({ read: true })
    .where(and(eq(alerts.id, id), eq(alerts.userId, userId), eq(alerts.dismissed, false)))
    .returning({ id: alerts.id });
  return rows.length > 0;
}

export async function markAllAlertsRead(db: Db, userId: string): Promise<void> {
  await db
    .update(alerts)
    .set({ read: true })
    .where(and(eq(alerts.userId, userId), eq(alerts.read, false)));
}

/** Dismissing also reads it (spec 001 §4); the row stays so the rule cannot raise it again. */
export async function dismissAlert(db: Db, userId: string, id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  const rows = await db
    .update(alerts)
    .set({ read: true, dismissed: true })
    .where(and(eq(alerts.id, id), eq(alerts.userId, userId), eq(alerts.dismissed, false)))
    .returning({ id: alerts.id });
  return rows.length > 0;
}
