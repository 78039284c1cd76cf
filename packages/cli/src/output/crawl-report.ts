import { SUBSCORE_IDS } from '@citable/contract';
import type { CrawlAuditResult } from '../crawl/crawl-and-audit';
import type { Colours } from './colour';
import { scoreLines } from './score-lines';

const TOP_RECOMMENDATIONS = 5;
const SHORT_LABELS = { aiUnderstanding: 'AI', citationLikelihood: 'Cite', conversationalReadiness: 'Conv', contentStructure: 'Struct' } as const;
const MAX_URL_WIDTH = 70;

/**
 * The human-readable crawl report: the site's aggregate scores, its top recommendations, then a
 * table of every page (worst first), the error pages (not scored) and the pages that failed.
 */
export function formatCrawlReport(result: CrawlAuditResult, c: Colours): string {
  const { site } = result;
  const errorPages = site.errorPages ?? [];
  const lines: string[] = [c.bold(`Citable crawl of ${result.startUrl}: ${site.pageCount} ${site.pageCount === 1 ? 'page' : 'pages'} audited`)];
  const notes = [
    errorPages.length > 0 ? `${errorPages.length} ${errorPages.length === 1 ? 'error page' : 'error pages'} not scored (4xx, 5xx, soft 404)` : null,
    result.failed.length > 0 ? `${result.failed.length} failed` : null,
    result.skipped.length > 0 ? `${result.skipped.length} skipped (duplicates, redirects, robots.txt, not HTML)` : null,
  ].filter(Boolean);
  if (notes.length > 0) lines.push(c.dim(notes.join(', ')));
  if (site.pageCount > 0) {
    lines.push('', c.bold('Site (mean over pages)'), ...scoreLines(site.overallScore, site.subscores, c));
  }
  if (site.recommendationsByCheck.length > 0) {
    lines.push('', c.bold('Top recommendations'));
    site.recommendationsByCheck.slice(0, TOP_RECOMMENDATIONS).forEach((rec, index) => {
      lines.push(`  ${index + 1}. [${rec.priority}] ${rec.text} ${c.dim(`(${rec.pages.length} of ${site.pageCount} pages)`)}`);
    });
  }
  if (site.pages.length > 0) {
    const urls = site.pages.map((page) => truncate(page.url ?? page.title ?? '(untitled)', MAX_URL_WIDTH));
    const urlWidth = Math.max(3, ...urls.map((url) => url.length));
    const header = ['URL'.padEnd(urlWidth), 'Score', ...SUBSCORE_IDS.map((id) => SHORT_LABELS[id].padStart(6))].join('  ');
    lines.push('', c.bold('Pages, worst first'), `  ${c.dim(header)}`);
    site.pages.forEach((page, index) => {
      const cells = [urls[index].padEnd(urlWidth), c.score(page.overallScore, String(page.overallScore).padStart(5)), ...SUBSCORE_IDS.map((id) => c.score(page.subscores[id], String(page.subscores[id]).padStart(6)))];
      lines.push(`  ${cells.join('  ')}`);
    });
  }
  if (errorPages.length > 0) {
    lines.push('', c.bold('Error pages (crawl errors, not scored)'));
    for (const page of errorPages) lines.push(`  ${c.red('✗')} ${page.status}  ${page.url}: ${page.reason}`);
  }
  if (result.failed.length > 0) {
    lines.push('', c.bold('Failed pages'));
    for (const failure of result.failed) lines.push(`  ${c.red('✗')} ${failure.url}: ${failure.message}`);
  }
  return `${lines.join('\n')}\n`;
}

function truncate(text: string, width: number): string {
  return text.length <= width ? text : `${text.slice(0, width - 1)}…`;
}
