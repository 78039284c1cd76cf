import { SUBSCORE_IDS } from '@citable/contract';
import type { AuditIssue, AuditResult, ErrorPage, IssuePriority, SiteAuditResult, SiteRecommendation, Subscores } from '@citable/contract';
import { DEFAULT_SCORING_CONFIG } from './default-config';
import { CHECKS_BY_ID } from '../checks';

const PRIORITY_RANK: Record<IssuePriority, number> = { High: 0, Medium: 1, Low: 2 };

/**
 * Combines page audits into a site audit: scores are the mean over pages, and each failing
 * check becomes one recommendation listing the pages it affects, ordered by the points it
 * costs the site on average. Error pages (errorPageReason) are listed as they are, outside
 * every score and count: `pages` holds only the pages that were audited.
 */
export function aggregateSiteAudit(pages: AuditResult[], errorPages: ErrorPage[] = [], passThreshold = DEFAULT_SCORING_CONFIG.passThreshold): SiteAuditResult {
  const n = pages.length;
  const mean = (f: (r: AuditResult) => number) => (n === 0 ? 0 : Math.round(pages.reduce((s, r) => s + f(r), 0) / n));
  const subscores = {} as Subscores;
  for (const id of SUBSCORE_IDS) subscores[id] = mean((r) => r.subscores[id]);

  const byCheck = new Map<string, { rec: SiteRecommendation; issue: AuditIssue; lost: number; titles: Set<string> }>();
  pages.forEach((page, index) => {
    const label = page.page.url ?? page.page.title ?? `page ${index + 1}`;
    for (const check of page.checks) {
      if (check.score === null || check.score >= passThreshold) continue;
      const issue: AuditIssue = { checkId: check.id, title: check.title, priority: check.priority, category: check.category, suggestion: check.suggestion, learnMore: check.learnMore };
      const lost = check.pointsLost;
      const entry = byCheck.get(check.id);
      if (entry) {
        entry.titles.add(issue.title);
        entry.rec.pages.push(label);
        entry.lost += lost;
        if (PRIORITY_RANK[issue.priority] < PRIORITY_RANK[entry.issue.priority]) {
          entry.issue = issue;
          entry.rec.priority = issue.priority;
        }
      } else {
        byCheck.set(check.id, {
          issue,
          lost,
          titles: new Set([issue.title]),
          rec: { checkId: check.id, text: `${issue.title}: ${issue.suggestion}`, priority: issue.priority, category: issue.category, meanPointsLost: 0, pages: [label] },
        });
      }
    }
  });
  const merged = [...byCheck.values()]
    .map(sameFinding)
    .map((e) => ({ ...e, rec: { ...e.rec, meanPointsLost: Math.round((e.lost / Math.max(1, n)) * 100) / 100 } }))
    .sort((a, b) => b.rec.meanPointsLost - a.rec.meanPointsLost || (a.rec.checkId < b.rec.checkId ? -1 : 1));

  return {
    overallScore: mean((r) => r.overallScore),
    subscores,
    recommendations: merged.map((e) => `${e.rec.text} (${e.rec.pages.length} of ${n} pages)`),
    issues: merged.map((e) => e.issue),
    pageCount: n,
    pages: pages.map((r) => ({ url: r.page.url, title: r.page.title, overallScore: r.overallScore, subscores: r.subscores })),
    recommendationsByCheck: merged.map((e) => e.rec),
    errorPages,
  };
}

/**
 * One headline over every page of a recommendation. Pages that fail a check for the same reason
 * share that finding's title and fix; pages that fail it for different reasons ("FAQ not marked up
 * as FAQPage" on one, "Page has no FAQ section" on another) get the check's headline that is true
 * of every failure and its general fix, so that no page's finding is contradicted.
 */
function sameFinding<T extends { rec: SiteRecommendation; issue: AuditIssue; titles: Set<string> }>(entry: T): T {
  const check = CHECKS_BY_ID.get(entry.issue.checkId);
  const issue = entry.titles.size > 1 && check ? { ...entry.issue, title: check.failureTitle, suggestion: check.suggestion } : entry.issue;
  return { ...entry, issue, rec: { ...entry.rec, text: `${issue.title}: ${issue.suggestion}` } };
}
