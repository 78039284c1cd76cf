import { SUBSCORE_IDS, SUBSCORE_LABELS, type Subscores } from '@citable/contract';
import type { PageView } from '../report/page-view';
import type { Report } from '../report/report';

/** A run's report as a small document that Markdown and HTML render the same way. */
export type Inline = string | { text: string; href?: string; code?: boolean; strong?: boolean; mark?: 'pass' | 'fail' };
export type Block =
  | { type: 'heading'; level: 1 | 2 | 3; text: string }
  | { type: 'paragraph'; parts: Inline[] }
  | { type: 'list'; items: Inline[][] }
  | { type: 'table'; header: string[]; numeric: boolean[]; rows: Inline[][][] };

const SCORE_HEADER = ['Overall', ...SUBSCORE_IDS.map((id) => SUBSCORE_LABELS[id])];
const scoreCells = (overall: number, subscores: Subscores): Inline[][] => [[{ text: String(overall), strong: true }], ...SUBSCORE_IDS.map((id) => [String(subscores[id])])];
const pageLink = (label: string, url: string | null): Inline => (url ? { text: label, href: url } : label);

export function reportDocument(report: Report): { title: string; blocks: Block[] } {
  const title = `Citable ${report.command} of ${report.subject}`;
  const blocks: Block[] = [{ type: 'heading', level: 1, text: title }];
  const counts = [
    `${report.site?.pageCount ?? report.pages.length} ${plural(report.site?.pageCount ?? report.pages.length, 'page')} audited`,
    report.errorPages.length > 0 ? `${report.errorPages.length} ${plural(report.errorPages.length, 'error page')} not scored (4xx, 5xx, soft 404)` : null,
    report.failed.length > 0 ? `${report.failed.length} could not be audited` : null,
    report.catalog.skipped.length > 0 ? `checks skipped (not run, not scored): ${report.catalog.skipped.join(', ')}` : null,
  ].filter((part): part is string => part !== null);
  blocks.push({ type: 'paragraph', parts: [counts.join(' · ')] });

  if (report.site && report.site.pageCount > 0) {
    blocks.push({ type: 'heading', level: 2, text: 'Site scores (mean over pages)' }, { type: 'table', header: SCORE_HEADER, numeric: SCORE_HEADER.map(() => true), rows: [scoreCells(report.site.overallScore, report.site.subscores)] });
  }
  if (report.command === 'audit' && report.pages.length > 0) {
    blocks.push({ type: 'heading', level: 2, text: 'Scores' }, {
      type: 'table',
      header: ['Page', ...SCORE_HEADER],
      numeric: [false, ...SCORE_HEADER.map(() => true)],
      rows: report.pages.map((page) => [[pageLink(page.title ? `${page.title} (${page.label})` : page.label, page.url)], ...scoreCells(page.overallScore, page.subscores)]),
    });
  }
  if (report.gates.length > 0) {
    blocks.push({ type: 'heading', level: 2, text: 'Gates' }, { type: 'list', items: report.gates.map((gate) => [{ text: gate.passed ? 'passed' : 'failed', mark: gate.passed ? 'pass' : 'fail' }, ` ${gate.message}`]) });
  }
  if (report.comparison) blocks.push(...comparisonBlocks(report));
  if (report.site && report.site.recommendationsByCheck.length > 0) {
    const pages = report.site.pageCount;
    blocks.push({ type: 'heading', level: 2, text: 'Recommendations' }, {
      type: 'table',
      header: ['Check', 'Priority', 'Pages', 'Mean points lost', 'Fix'],
      numeric: [false, false, true, true, false],
      rows: report.site.recommendationsByCheck.map((rec) => [[{ text: rec.checkId, code: true }], [rec.priority], [`${rec.pages.length} of ${pages}`], [rec.meanPointsLost.toFixed(1)], [rec.text]]),
    });
  }
  if (report.site && report.site.pages.length > 0) {
    blocks.push({ type: 'heading', level: 2, text: 'Pages, worst first' }, {
      type: 'table',
      header: ['Page', ...SCORE_HEADER],
      numeric: [false, ...SCORE_HEADER.map(() => true)],
      rows: report.site.pages.map((page) => [[pageLink(page.url ?? page.title ?? '(untitled)', page.url)], ...scoreCells(page.overallScore, page.subscores)]),
    });
  }
  if (report.command === 'audit') for (const page of report.pages) blocks.push(...pageBlocks(page, report));
  if (report.errorPages.length > 0) {
    blocks.push({ type: 'heading', level: 2, text: 'Error pages (not scored)' }, {
      type: 'table',
      header: ['Page', 'Status', 'Reason'],
      numeric: [false, true, false],
      rows: report.errorPages.map((page) => [[pageLink(page.url, page.url)], [String(page.status)], [page.reason]]),
    });
  }
  if (report.failed.length > 0) {
    blocks.push({ type: 'heading', level: 2, text: 'Could not be audited' }, { type: 'list', items: report.failed.map((failure) => [{ text: failure.url, code: true }, `: ${failure.message}`]) });
  }
  return { title, blocks };
}

function pageBlocks(page: PageView, report: Report): Block[] {
  const failing = page.checks.filter((check) => check.state === 'fail' || check.state === 'error').sort((a, b) => b.pointsLost - a.pointsLost);
  const about = [page.title ? `“${page.title}”` : null, page.httpStatus !== undefined ? `HTTP ${page.httpStatus}` : null, `${page.checks.filter((check) => check.state === 'pass').length} checks pass`, `${failing.length} fail`].filter((part): part is string => part !== null);
  const blocks: Block[] = [{ type: 'heading', level: 2, text: page.label }, { type: 'paragraph', parts: [about.join(' · ')] }];
  if (failing.length === 0) return [...blocks, { type: 'paragraph', parts: ['Every applicable check passes.'] }];
  blocks.push({
    type: 'table',
    header: ['Check', 'Subscore', 'Priority', 'Points lost', 'Why'],
    numeric: [false, false, false, true, false],
    rows: failing.map((check) => {
      const info = report.catalog.byId.get(check.id);
      return [[check.title, ' ', { text: check.id, code: true }], [info ? SUBSCORE_LABELS[info.subscore] : ''], [check.priority], [check.pointsLost.toFixed(1)], [check.explanation, ...(info ? [' ', { text: 'Learn more', href: info.learnMore }] : [])]];
    }),
  });
  return blocks;
}

function comparisonBlocks(report: Report): Block[] {
  const comparison = report.comparison!;
  const blocks: Block[] = [{ type: 'heading', level: 2, text: `Compared with ${comparison.file}` }];
  if (comparison.regressed.length === 0 && comparison.improved.length === 0) blocks.push({ type: 'paragraph', parts: ['No score or check changed.'] });
  if (comparison.regressed.length > 0) {
    blocks.push({ type: 'heading', level: 3, text: `Regressed (${comparison.regressed.length})` }, { type: 'list', items: comparison.regressed.map((line) => [{ text: 'worse', mark: 'fail' }, ` ${line}`]) });
  }
  if (comparison.improved.length > 0) {
    blocks.push({ type: 'heading', level: 3, text: `Improved (${comparison.improved.length})` }, { type: 'list', items: comparison.improved.map((line) => [{ text: 'better', mark: 'pass' }, ` ${line}`]) });
  }
  if (comparison.notes.length > 0) blocks.push({ type: 'list', items: comparison.notes.map((note) => [note]) });
  return blocks;
}

function plural(n: number, word: string): string {
  return n === 1 ? word : `${word}s`;
}
