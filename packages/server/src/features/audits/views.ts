import type { AuditHistoryItem, AuditRun, AuditScope, AuditStatus, PlanId } from '@citable/contract';
import type { AuditHistoryRow, AuditSummaryRow } from './history';
import { detailFor, recommendationsFor, toReport } from './reveal';
import type { AuditRunRow } from './runs';
import { pageCountOf } from './stored-audit';

/** `GET /api/audits/:id`: the run, with its result once completed (`history` is the run's row). */
export function toRunView(run: AuditRunRow, history: AuditHistoryRow | null, plan: PlanId): AuditRun {
  return {
    id: run.id,
    status: run.status as AuditStatus,
    scope: run.scope as AuditScope,
    website_url: run.websiteUrl,
    progress: { done: run.progressDone, ...(run.progressTotal === null ? {} : { total: run.progressTotal }) },
    ...(history ? { result: toReport(history.auditData, plan) } : {}),
    ...(run.error ? { error: run.error } : {}),
    created_at: run.createdAt.toISOString(),
    ...(run.finishedAt ? { finished_at: run.finishedAt.toISOString() } : {}),
  };
}

/** A list entry: built from the row's columns, so a summary row (without the stored audit) does. */
export function toHistoryItem(row: AuditHistoryRow | AuditSummaryRow, plan: PlanId): AuditHistoryItem {
  const reveal = detailFor(plan);
  const subscores = { aiUnderstanding: row.aiUnderstanding, citationLikelihood: row.citationLikelihood, conversationalReadiness: row.conversationalReadiness, contentStructure: row.contentStructure };
  return {
    id: row.id,
    kind: 'auditData' in row ? row.auditData.kind : row.kind,
    website_url: row.websiteUrl,
    overall_score: row.overallScore,
    ...(reveal.detail === 'full' ? { subscores } : {}),
    recommendations: recommendationsFor(reveal.detail, row.recommendations, row.issues),
    page_count: 'auditData' in row ? pageCountOf(row.auditData) : row.pageCount,
    created_at: row.createdAt.toISOString(),
    detail: reveal.detail,
    ...(reveal.requiredPlan ? { requiredPlan: reveal.requiredPlan } : {}),
  };
}
