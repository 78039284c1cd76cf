import type { AuditReportCheck, AuditResult, CheckOutcome, ErrorPage, MeasuredAudit, SiteAuditResult } from '@citable/contract';
import { aggregateSiteAudit, DEFAULT_SCORING_CONFIG } from '@citable/engine';
import type { FailedPage, StoredAudit } from '../../db/stored-audit-data';

export type { FailedPage, StoredAudit } from '../../db/stored-audit-data';

const passThreshold = DEFAULT_SCORING_CONFIG.passThreshold;

/** A check of one page in the report's shape. */
export function reportCheck(check: CheckOutcome): AuditReportCheck {
  return {
    id: check.id,
    title: check.title,
    subscore: check.subscore,
    score: check.score,
    passed: check.score === null ? null : check.score >= passThreshold,
    explanation: check.explanation,
    suggestion: check.suggestion,
    learnMore: check.learnMore,
    priority: check.priority,
    category: check.category,
    pointsLost: check.pointsLost,
  };
}

interface CheckTally {
  first: CheckOutcome;
  /** The first page where it applied, for the explanation of a check that passed everywhere. */
  firstApplicable: CheckOutcome | null;
  /** The failing page where it cost the most: its explanation and fix stand for the site. */
  worstFailing: CheckOutcome | null;
  scoreSum: number;
  lostSum: number;
  applicable: number;
  failing: number;
}

/**
 * Merges the pages' checks into one line per check: the mean score where it applies, the number of
 * pages failing it, and the explanation and fix of the page where it cost the most.
 */
export function siteChecks(pages: AuditResult[]): AuditReportCheck[] {
  const tallies = new Map<string, CheckTally>();
  for (const page of pages) {
    for (const check of page.checks) {
      let tally = tallies.get(check.id);
      if (!tally) {
        tally = { first: check, firstApplicable: null, worstFailing: null, scoreSum: 0, lostSum: 0, applicable: 0, failing: 0 };
        tallies.set(check.id, tally);
      }
      if (check.score === null) continue;
      tally.firstApplicable ??= check;
      tally.scoreSum += check.score;
      tally.lostSum += check.pointsLost;
      tally.applicable += 1;
      if (check.score >= passThreshold) continue;
      tally.failing += 1;
      if (!tally.worstFailing || check.pointsLost > tally.worstFailing.pointsLost) tally.worstFailing = check;
    }
  }
  return [...tallies.values()].map((tally) => {
    const line = reportCheck(tally.worstFailing ?? tally.firstApplicable ?? tally.first);
    if (tally.applicable === 0) return { ...line, pagesFailing: 0, pagesApplicable: 0 };
    return {
      ...line,
      score: Math.round((tally.scoreSum / tally.applicable) * 1000) / 1000,
      passed: tally.failing === 0,
      pointsLost: Math.round((tally.lostSum / pages.length) * 100) / 100,
      pagesFailing: tally.failing,
      pagesApplicable: tally.applicable,
    };
  });
}

/** `pages` are the audited pages only: error pages are listed in the result, outside every score and count. */
export function storedSiteAudit(pages: AuditResult[], failedPages: FailedPage[], errorPages: ErrorPage[] = []): StoredAudit {
  const result = aggregateSiteAudit(pages, errorPages);
  // The aggregate lists the pages in the order given; each keeps the HTTP status it answered and
  // the dates it declares (the freshness alert tells old pages from pages dated in the future).
  const withStatus = result.pages.map((summary, index) => {
    const page = pages[index]?.page;
    const dated = { ...summary, modifiedAt: page?.modifiedAt ?? null, publishedAt: page?.publishedAt ?? null };
    return page?.httpStatus === undefined ? dated : { ...dated, httpStatus: page.httpStatus };
  });
  return { kind: 'site', result: { ...result, pages: withStatus }, checks: siteChecks(pages), failedPages };
}

/** The audit_history columns every kind of audit fills alike. */
export function historyColumns(stored: StoredAudit) {
  const { overallScore, subscores, recommendations, issues } = stored.result;
  return {
    overallScore,
    aiUnderstanding: subscores.aiUnderstanding,
    citationLikelihood: subscores.citationLikelihood,
    conversationalReadiness: subscores.conversationalReadiness,
    contentStructure: subscores.contentStructure,
    recommendations,
    issues,
    kind: stored.kind,
    pageCount: pageCountOf(stored),
  };
}

export function pageCountOf(stored: StoredAudit): number {
  return stored.kind === 'site' ? stored.result.pageCount : 1;
}

/**
 * What a stored audit measured (kind, address, page set), for contract `sameMeasurement`: two
 * audits are compared only when it is the same (issue 30).
 */
export function measuredAudit(row: { websiteUrl: string | null; auditData: StoredAudit }): MeasuredAudit {
  const stored = row.auditData;
  return { kind: stored.kind, url: row.websiteUrl, pageCount: pageCountOf(stored), pageUrls: stored.kind === 'site' ? stored.result.pages.map((page) => page.url) : undefined };
}

/** What fixing an audit's failing checks is worth: how many fail, and the overall points they cost. */
export interface FixGain {
  failing: number;
  pointsLost: number;
}

const isPoints = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/**
 * The engine's own figure for fixing the failing checks (applicable, below the pass threshold): the
 * sum of the overall points they cost. A page keeps each check's pointsLost; a site keeps, per
 * failing check, the points it costs on the pages where it fails, averaged over the pages
 * (recommendationsByCheck's meanPointsLost: the site score is the mean of the pages'). Null when
 * the stored audit does not carry the points (rows written without them).
 */
export function failingChecksGain(stored: Partial<StoredAudit> | null | undefined): FixGain | null {
  if (!stored?.result) return null;
  if (stored.kind === 'site') {
    const failing = (stored.result as Partial<SiteAuditResult>).recommendationsByCheck;
    if (!Array.isArray(failing) || !failing.every((check) => isPoints(check.meanPointsLost))) return null;
    return { failing: failing.length, pointsLost: failing.reduce((sum, check) => sum + check.meanPointsLost, 0) };
  }
  const checks = (stored.result as Partial<AuditResult>).checks;
  if (!Array.isArray(checks)) return null;
  const failing = checks.filter((check) => check.score !== null && check.score < passThreshold);
  if (!failing.every((check) => isPoints(check.pointsLost))) return null;
  return { failing: failing.length, pointsLost: failing.reduce((sum, check) => sum + check.pointsLost, 0) };
}
