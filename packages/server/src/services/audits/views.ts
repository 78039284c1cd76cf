import type { AuditHistoryItem, AuditRun, AuditScope, AuditStatus, PlanId } from '@citable/contract';
import type { AuditHistoryRow } from './history';
import { toReport } from './reveal';
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

export function toHistoryItem(row: AuditHistoryRow, plan: PlanId): AuditHistoryItem {
  const report = toReport(row.auditData, plan);
  return {
    id: row.id,
    kind: row.auditData.kind,
    website_url: row.websiteUrl,
    overall_score: row.overallScore,
    ...(report.subscores ? { subscores: report.subscores } : {}),
    recommendations: report.recommendations,
    page_count: pageCountOf(row.auditData),
    created_at: row.createdAt.toISOString(),
    detail: report.detail,
    ...(report.requiredPlan ? { requiredPlan: report.requiredPlan } : {}),
  };
}
