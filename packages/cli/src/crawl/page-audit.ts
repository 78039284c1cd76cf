import type { AuditResult } from '@citable/contract';

/**
 * What a crawl keeps of each page's audit: scores, issues and the failing checks' points lost
 * (all aggregateSiteAudit reads), without check details and explanations, so that memory grows
 * by a few hundred bytes per page rather than by the full result.
 */
export type PageAudit = AuditResult;

export function toPageAudit(result: AuditResult): PageAudit {
  const failing = new Set(result.issues.map((issue) => issue.checkId));
  return {
    overallScore: result.overallScore,
    subscores: result.subscores,
    recommendations: [],
    issues: result.issues,
    checks: result.checks.filter((check) => failing.has(check.id)).map((check) => ({ ...check, explanation: '', details: [] })),
    page: result.page,
  };
}
