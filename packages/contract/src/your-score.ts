import { addressKey, comparableAudits } from './site-match';

/**
 * One definition of "your score" (issue 30), for every place that states it: the overview's ring,
 * goal progress, alerts, insights, competitive views, the digest, reports, /api/v1 and MCP.
 *
 * A website's score is its latest *site* audit (an "Entire site" crawl of the address the user
 * entered). A page audit is a measurement of one page: it is shown as a page audit, with its
 * address, and never stands for the site's score, however much newer it is. A competitor's score
 * is likewise its latest site audit, so a site is only ever ranked against a site.
 *
 * A change ("rose N points", a trend, ROI) compares only like with like: the same kind of audit of
 * the same address and, for site audits, the same set of pages. When nothing earlier measured the
 * same thing, there is no change to state; callers say so instead of computing one from a mix.
 */

/** The kind of audit that stands for a site's score. */
export const SITE_SCORE_KIND = 'site';

/** An audit as far as "your score" and comparisons go. */
export interface MeasuredAudit {
  kind: string;
  url: string | null | undefined;
  /** Pages the audit scored (a site audit's crawl); compared when the page URLs are not known. */
  pageCount?: number;
  /** The addresses of the pages a site audit scored, where the caller has them (reports do). */
  pageUrls?: readonly (string | null)[];
}

/** Whether the audit may stand for a site's score: a site audit. */
export function isSiteScore(audit: Pick<MeasuredAudit, 'kind'>): boolean {
  return audit.kind === SITE_SCORE_KIND;
}

/** The audit that is the site's score, from the site's audits newest first: the newest site audit, or null. */
export function siteScoreAudit<T extends Pick<MeasuredAudit, 'kind'>>(newestFirst: readonly T[]): T | null {
  return newestFirst.find(isSiteScore) ?? null;
}

/** Whether two site audits read the same pages: by their addresses when both are known, else by count. */
export function samePageSet(a: MeasuredAudit, b: MeasuredAudit): boolean {
  if (a.pageUrls && b.pageUrls) {
    const keys = (urls: readonly (string | null)[]) => new Set(urls.map((url) => addressKey(url) ?? url ?? ''));
    const left = keys(a.pageUrls);
    const right = keys(b.pageUrls);
    return left.size === right.size && [...left].every((key) => right.has(key));
  }
  if (a.pageCount !== undefined && b.pageCount !== undefined) return a.pageCount === b.pageCount;
  return true;
}

/**
 * Whether two audits measured the same thing, so a change between them is a real change: the same
 * kind of audit of the same address and, for site audits, the same page set.
 */
export function sameMeasurement(a: MeasuredAudit, b: MeasuredAudit): boolean {
  if (!comparableAudits(a, b)) return false;
  return !isSiteScore(a) || samePageSet(a, b);
}

/** The audits among `audits` that measured what `reference` measured (the reference included), in their order. */
export function likeForLike<T extends MeasuredAudit>(audits: readonly T[], reference: MeasuredAudit): T[] {
  return audits.filter((audit) => sameMeasurement(audit, reference));
}

/** A score change between the oldest and newest of like-for-like audits, or why there is none. */
export type ScoreChange =
  | { measured: true; from: number; to: number; change: number; audits: number; since: string }
  | { measured: false; reason: string };

export const YOUR_SCORE_MESSAGES = {
  /** A website with audits but none of the whole site. */
  noSiteAudit: (site: string) => `${site} has no site audit yet: its score comes from an "Entire site" audit.`,
  /** A page audit shown on its own, with its address. */
  pageAudit: (url: string) => `Page audit of ${url}: one page's score, not the site's.`,
  /** Only one audit measured these pages: no change can be stated. */
  nothingToCompare: 'No earlier audit of the same pages to compare with yet: audit the site again after making changes to measure a change.',
} as const;

/**
 * The change in overall score over like-for-like audits, oldest first, ending with the audit reported
 * on. With fewer than two, or when the audits differ in kind, address or page set, no change is stated.
 */
export function scoreChange<T extends MeasuredAudit & { overallScore: number; date: string }>(oldestFirst: readonly T[]): ScoreChange {
  const latest = oldestFirst[oldestFirst.length - 1];
  if (!latest) return { measured: false, reason: YOUR_SCORE_MESSAGES.nothingToCompare };
  const comparable = likeForLike(oldestFirst, latest);
  if (comparable.length < 2) return { measured: false, reason: YOUR_SCORE_MESSAGES.nothingToCompare };
  const first = comparable[0]!;
  return { measured: true, from: first.overallScore, to: latest.overallScore, change: latest.overallScore - first.overallScore, audits: comparable.length, since: first.date };
}
