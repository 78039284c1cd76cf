import { SUBSCORE_LABELS, type AuditResult } from '@citable/contract';
import type { Colours } from './colour';
import { scoreLines } from './score-lines';

const TOP_RECOMMENDATIONS = 5;
const DETAILS_PER_CHECK = 3;

/** The human-readable report of one page audit: scores, top recommendations, failing checks. */
export function formatAuditReport(result: AuditResult, source: string, c: Colours): string {
  const lines: string[] = [c.bold(`Citable audit of ${source}`)];
  const about = [result.page.title, result.page.wordCount > 0 ? `${result.page.wordCount.toLocaleString('en-US')} words` : null].filter(Boolean);
  if (about.length > 0) lines.push(c.dim(about.join(' · ')));
  lines.push('', ...scoreLines(result.overallScore, result.subscores, c));

  const pointsLost = new Map(result.checks.map((check) => [check.id, check.pointsLost]));
  if (result.issues.length === 0) {
    lines.push('', c.green('Every applicable check passes.'));
    return `${lines.join('\n')}\n`;
  }
  lines.push('', c.bold('Top recommendations'));
  result.issues.slice(0, TOP_RECOMMENDATIONS).forEach((issue, index) => {
    lines.push(`  ${index + 1}. [${issue.priority}] ${issue.title}: ${issue.suggestion} ${c.dim(`(-${formatPoints(pointsLost.get(issue.checkId) ?? 0)})`)}`);
  });

  const failing = new Set(result.issues.map((issue) => issue.checkId));
  const failingChecks = result.checks.filter((check) => failing.has(check.id)).sort((a, b) => b.pointsLost - a.pointsLost);
  lines.push('', c.bold(`Failing checks (${failingChecks.length})`));
  for (const check of failingChecks) {
    lines.push(`  ${c.red('✗')} ${check.title} ${c.dim(`[${SUBSCORE_LABELS[check.subscore]}, -${formatPoints(check.pointsLost)}]`)}`);
    if (check.explanation) lines.push(`      ${check.explanation}`);
    for (const detail of check.details.slice(0, DETAILS_PER_CHECK)) {
      lines.push(c.dim(`      - ${detail.label}${detail.value ? `: ${detail.value}` : ''}`));
    }
    if (check.details.length > DETAILS_PER_CHECK) lines.push(c.dim(`      - and ${check.details.length - DETAILS_PER_CHECK} more`));
  }
  return `${lines.join('\n')}\n`;
}

function formatPoints(points: number): string {
  return `${points.toFixed(1)} pts`;
}
