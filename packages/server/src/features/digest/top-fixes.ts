import type { StoredAudit } from '../audits';

export interface Fix {
  checkId: string;
  title: string;
  suggestion: string;
  pointsLost: number;
}

/** The failing checks of an audit that cost the most points of the overall score, most first. */
export function topFixes(audit: StoredAudit, count = 3): Fix[] {
  const checks = audit.kind === 'site' ? audit.checks : audit.result.checks;
  return checks
    .filter((check) => check.pointsLost > 0)
    .sort((a, b) => b.pointsLost - a.pointsLost)
    .slice(0, count)
    .map((check) => ({ checkId: check.id, title: check.title, suggestion: check.suggestion, pointsLost: Math.round(check.pointsLost * 10) / 10 }));
}
