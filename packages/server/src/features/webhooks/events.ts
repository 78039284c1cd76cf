import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { revealsSubscores } from '@citable/contract';
import type { Db } from '../../db/client';
import { alerts, auditHistory } from '../../db/schema';
import type { AuditDeps } from '../audits';
import { currentPlan } from '../billing';
import type { AlertDraft } from '../track';
import type { WebhookDispatcher } from './dispatcher';

type AfterSave = NonNullable<AuditDeps['afterSave']>;

/**
 * The audit.completed data: what identifies the audit and its scores, never the whole result.
 * The subscores are the plan's to reveal, as everywhere else: null below Core, read from the
 * account's plan (a workspace client's, its owner's) when the event is raised.
 */
async function auditCompletedData(db: Db, userId: string, auditId: string): Promise<Record<string, unknown> | null> {
  const [row] = await db
    .select({
      id: auditHistory.id,
      url: auditHistory.websiteUrl,
      kind: sql<string>`coalesce(${auditHistory.kind}, ${auditHistory.auditData}->>'kind')`,
      pageCount: auditHistory.pageCount,
      overall: auditHistory.overallScore,
      aiUnderstanding: auditHistory.aiUnderstanding,
      citationLikelihood: auditHistory.citationLikelihood,
      conversationalReadiness: auditHistory.conversationalReadiness,
      contentStructure: auditHistory.contentStructure,
      createdAt: auditHistory.createdAt,
    })
    .from(auditHistory)
    .where(and(eq(auditHistory.id, auditId), eq(auditHistory.userId, userId)));
  if (!row) return null;
  const reveal = revealsSubscores(await currentPlan(db, userId));
  return {
    audit_id: row.id,
    url: row.url,
    kind: row.kind,
    page_count: row.pageCount,
    overall_score: row.overall,
    subscores: reveal
      ? {
          ai_understanding: row.aiUnderstanding,
          citation_likelihood: row.citationLikelihood,
          conversational_readiness: row.conversationalReadiness,
          content_structure: row.contentStructure,
        }
      : null,
    created_at: row.createdAt.toISOString(),
  };
}

/**
 * The score drop the smart alerts found for this audit (track/alerts: 10 points or more below the
 * previous audit of the same address and kind, from the third audit on, never for a competitor).
 * Its alert is keyed `score-drop:<audit id>`, so it is read back rather than computed a second time.
 */
async function scoreDropData(db: Db, userId: string, auditId: string): Promise<Record<string, unknown> | null> {
  const [row] = await db
    .select({ data: alerts.data, severity: alerts.severity })
    .from(alerts)
    .where(and(eq(alerts.userId, userId), eq(alerts.dedupeKey, `score-drop:${auditId}`)));
  if (!row) return null;
  const data = row.data as { auditId?: string; previousAuditId?: string; previous?: number; current?: number; drop?: number; url?: string };
  return { audit_id: auditId, previous_audit_id: data.previousAuditId ?? null, url: data.url ?? null, previous_score: data.previous ?? null, score: data.current ?? null, drop: data.drop ?? null, severity: row.severity };
}

/**
 * The audits' after-save hook with webhooks: the smart alerts first (they detect a score drop),
 * then audit.completed and, when the alerts found one, score.dropped. An event that cannot be
 * raised is logged; it never fails the saved audit, and neither do the alerts' own errors stop it.
 */
export function withWebhookEvents(dispatcher: WebhookDispatcher, db: Db, log: FastifyBaseLogger, alertsAfterSave: AfterSave): AfterSave {
  return async (userId, auditId) => {
    let alertsFailure: unknown = null;
    try {
      await alertsAfterSave(userId, auditId);
    } catch (error) {
      alertsFailure = error;
    }
    try {
      const completed = await auditCompletedData(db, userId, auditId);
      if (completed) await dispatcher.emit(userId, 'audit.completed', completed, `audit.completed:${auditId}`);
      const dropped = await scoreDropData(db, userId, auditId);
      if (dropped) await dispatcher.emit(userId, 'score.dropped', dropped, `score.dropped:${auditId}`);
    } catch (error) {
      log.error({ err: error, auditId }, 'webhook events of a saved audit not raised');
    }
    if (alertsFailure) throw alertsFailure;
  };
}

/** The citation alerts that are changes in what the answers say, by the kind in their key (citation:<kind>:...). */
const CHANGE_KINDS = new Set(['lost', 'gained', 'overtaken', 'new-domain']);

/**
 * citation.changed for a scheduled Citation Tracker run: raised with the changes its alerts found
 * against the previous run (a mention lost or gained, a competitor overtaking, a host newly
 * cited); an engine that keeps failing is not a change in the answers and is left out.
 */
export function citationChangeEvents(dispatcher: WebhookDispatcher, log: FastifyBaseLogger) {
  return async (userId: string, domain: string, drafts: readonly AlertDraft[]): Promise<void> => {
    const changes = drafts.filter((draft) => CHANGE_KINDS.has(draft.key.split(':')[1] ?? ''));
    if (changes.length === 0) return;
    // The drafts' keys end with the run's id: together they name this occurrence.
    const occurrence = createHash('sha256')
      .update(changes.map((draft) => draft.key).sort().join('\n'))
      .digest('hex')
      .slice(0, 32);
    const data = {
      domain,
      changes: changes.map((draft) => ({ kind: draft.key.split(':')[1], title: draft.title, message: draft.message, severity: draft.severity, details: draft.data })),
    };
    try {
      await dispatcher.emit(userId, 'citation.changed', data, `citation.changed:${occurrence}`);
    } catch (error) {
      log.error({ err: error, domain }, 'citation.changed webhook not raised');
    }
  };
}
