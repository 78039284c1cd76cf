import { SUBSCORE_IDS, type SiteAuditResult, type Subscores } from '@citable/contract';
import { formatNumber } from '../gates/evaluate';
import { keyOfSubscore } from '../gates/score-keys';
import type { CheckState, PageView } from '../report/page-view';

/** What changed since the baseline, as lines to print, regressions apart. */
export interface Comparison {
  file: string;
  improved: string[];
  regressed: string[];
  /** Pages new since the baseline or gone from it. */
  notes: string[];
  /** For SARIF's baselineState: the checks each page (by label) failed in the baseline, for pages in both. */
  failedBefore: Map<string, Set<string>>;
}

type Scores = { overallScore: number; subscores: Subscores };

/**
 * Compares pages with the baseline's: scores (overall, each subscore) and checks that changed
 * between passing and failing. Pages are matched by URL (the one page with the one page when
 * both runs have one); pages without a URL (files, stdin) by their order. `subjectOf` is how a
 * page's lines begin ("" for the only page).
 */
export function comparePages(file: string, current: PageView[], baseline: PageView[], subjectOf: (page: PageView) => string): Comparison {
  const comparison: Comparison = { file, improved: [], regressed: [], notes: [], failedBefore: new Map() };
  const pairs = matchPages(current, baseline);
  for (const page of current) {
    const before = pairs.get(page);
    if (!before) {
      comparison.notes.push(`${page.label} is not in the baseline`);
      continue;
    }
    const subject = subjectOf(page);
    compareScores(comparison, subject, before, page);
    const was = new Map(before.checks.map((check) => [check.id, check.state]));
    comparison.failedBefore.set(page.label, new Set(before.checks.filter((check) => failing(check.state)).map((check) => check.id)));
    for (const check of page.checks) {
      const previous = was.get(check.id);
      // A check the baseline did not run (skipped then) has nothing to compare with.
      if (previous === undefined) continue;
      if (failing(check.state) && !failing(previous)) comparison.regressed.push(`${subject}check ${check.id} now ${verb(check.state)} (it ${past(previous)} before)`);
      else if (check.state === 'pass' && failing(previous)) comparison.improved.push(`${subject}check ${check.id} now passes (it ${past(previous)} before)`);
    }
  }
  const matched = new Set(pairs.values());
  for (const page of baseline) if (!matched.has(page)) comparison.notes.push(`${page.label} was in the baseline but is not audited now`);
  return comparison;
}

/**
 * Compares a crawl with the baseline crawl: the site's scores, and for each page in both, the
 * checks that started or stopped failing on it (a crawl's result lists the pages each failing
 * check concerns). Checks skipped now are left out.
 */
export function compareSites(file: string, current: SiteAuditResult, baseline: SiteAuditResult, skipped: readonly string[]): Comparison {
  const comparison: Comparison = { file, improved: [], regressed: [], notes: [], failedBefore: new Map() };
  compareScores(comparison, 'site ', baseline, current);
  const failingNow = failingByPage(current, skipped);
  const failingThen = failingByPage(baseline, skipped);
  const labels = (site: SiteAuditResult) => site.pages.map((page, index) => page.url ?? page.title ?? `page ${index + 1}`);
  const before = new Set(labels(baseline));
  for (const page of labels(current)) {
    if (!before.has(page)) {
      comparison.notes.push(`${page} is not in the baseline`);
      continue;
    }
    const now = failingNow.get(page) ?? new Set<string>();
    const then = failingThen.get(page) ?? new Set<string>();
    comparison.failedBefore.set(page, then);
    for (const id of now) if (!then.has(id)) comparison.regressed.push(`${page}: check ${id} now fails (it did not before)`);
    for (const id of then) if (!now.has(id)) comparison.improved.push(`${page}: check ${id} no longer fails`);
  }
  const nowPages = new Set(labels(current));
  for (const page of before) if (!nowPages.has(page)) comparison.notes.push(`${page} was in the baseline but is not audited now`);
  return comparison;
}

function compareScores(comparison: Comparison, subject: string, before: Scores, after: Scores): void {
  const line = (name: string, from: number, to: number) => {
    if (to === from) return;
    const text = `${subject}${name} score ${from} → ${to} (${to > from ? '+' : ''}${formatNumber(to - from)})`;
    (to > from ? comparison.improved : comparison.regressed).push(text);
  };
  line('overall', before.overallScore, after.overallScore);
  for (const id of SUBSCORE_IDS) line(keyOfSubscore(id), before.subscores[id], after.subscores[id]);
}

function matchPages(current: PageView[], baseline: PageView[]): Map<PageView, PageView> {
  const pairs = new Map<PageView, PageView>();
  if (current.length === 1 && baseline.length === 1) return pairs.set(current[0], baseline[0]);
  const byUrl = new Map(baseline.filter((page) => page.url !== null).map((page) => [page.url, page]));
  const withoutUrl = baseline.filter((page) => page.url === null);
  for (const page of current) {
    const match = page.url !== null ? byUrl.get(page.url) : withoutUrl.shift();
    if (match) pairs.set(page, match);
  }
  return pairs;
}

function failingByPage(site: SiteAuditResult, skipped: readonly string[]): Map<string, Set<string>> {
  const byPage = new Map<string, Set<string>>();
  for (const rec of site.recommendationsByCheck) {
    if (skipped.includes(rec.checkId)) continue;
    for (const page of rec.pages) byPage.set(page, (byPage.get(page) ?? new Set()).add(rec.checkId));
  }
  return byPage;
}

const failing = (state: CheckState) => state === 'fail' || state === 'error';
const verb = (state: CheckState) => (state === 'error' ? 'could not run' : 'fails');
const past = (state: CheckState) => ({ pass: 'passed', fail: 'failed', 'not-applicable': 'did not apply', error: 'could not run' })[state];
