import { AREAS, revealsSubscores, type AuditDetail, type AuditFunctionResponse, type AuditIssue, type AuditReport, type PlanId } from '@citable/contract';
import { pageCountOf, reportCheck, type StoredAudit } from './stored-audit';

/** Subscores, checks and issues come with the subscores' plan, Core (spec 000 §6); free sees the overall score. */
export function detailFor(plan: PlanId): { detail: AuditDetail; requiredPlan?: PlanId } {
  return revealsSubscores(plan) ? { detail: 'full' } : { detail: 'overall', requiredPlan: AREAS.subscores.requiredPlan };
}

/** Free users see what to fix, not how: each recommendation shrinks to its issue's title. */
export function recommendationsFor(detail: AuditDetail, recommendations: string[], issues: AuditIssue[]): string[] {
  return detail === 'full' ? recommendations : issues.map((issue) => issue.title);
}

/** A stored audit as the reader's plan may see it. */
export function toReport(stored: StoredAudit, plan: PlanId): AuditReport {
  const reveal = detailFor(plan);
  const { result } = stored;
  const errorPages = stored.kind === 'site' ? stored.result.errorPages : undefined;
  // The status a fetched page answered is about the fetch, as the error pages are: every plan sees it.
  const httpStatus = stored.kind === 'site' ? undefined : stored.result.page.httpStatus;
  const base = {
    kind: stored.kind,
    overallScore: result.overallScore,
    recommendations: recommendationsFor(reveal.detail, result.recommendations, result.issues),
    pageCount: pageCountOf(stored),
    // Which addresses answered errors is about the crawl, not the score's detail: every plan sees it.
    ...(errorPages && errorPages.length > 0 ? { errorPages } : {}),
    ...(httpStatus !== undefined ? { httpStatus } : {}),
    ...reveal,
  };
  if (reveal.detail === 'overall') return base;
  if (stored.kind === 'site') {
    // The report's page summary, not the stored page: stored pages also keep what alerts read (their dates).
    const pages = stored.result.pages.map(({ url, title, overallScore, subscores, httpStatus }) => ({ url, title, overallScore, subscores, ...(httpStatus !== undefined ? { httpStatus } : {}) }));
    return { ...base, subscores: result.subscores, issues: result.issues, checks: stored.checks, pages, failedPages: stored.failedPages };
  }
  return {
    ...base,
    subscores: result.subscores,
    issues: result.issues,
    checks: stored.result.checks.map(reportCheck),
    pages: [{ url: stored.result.page.url, title: stored.result.page.title, overallScore: result.overallScore, subscores: result.subscores, ...(httpStatus !== undefined ? { httpStatus } : {}) }],
  };
}

/** The `ai-visibility-audit` function's answer: the engine's result in the spec's shape, revealed by plan. */
export function toFunctionResponse(id: string, stored: Extract<StoredAudit, { kind: 'page' | 'content' }>, plan: PlanId): AuditFunctionResponse {
  const reveal = detailFor(plan);
  const { result } = stored;
  const base = {
    id,
    overallScore: result.overallScore,
    recommendations: recommendationsFor(reveal.detail, result.recommendations, result.issues),
    page: result.page,
    ...reveal,
  };
  return reveal.detail === 'full' ? { ...base, subscores: result.subscores, issues: result.issues, checks: result.checks } : base;
}
