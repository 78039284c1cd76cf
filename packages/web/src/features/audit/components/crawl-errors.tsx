import type { AuditReport } from '@citable/contract';
import { ErrorPageItems } from '../../../components/error-page-items';

/**
 * A site audit's crawl errors: error pages (4xx, 5xx, soft 404s), which are listed with their
 * status and never scored, and pages that could not be read at all. Neither counts in the score
 * or in the "N of M pages" figures.
 */
export function CrawlErrors({ report }: { report: AuditReport }) {
  const errorPages = report.errorPages ?? [];
  const failedPages = report.failedPages ?? [];
  const count = errorPages.length + failedPages.length;
  if (count === 0) return null;
  return (
    <section aria-labelledby="crawl-errors-title" data-testid="crawl-errors">
      <h3 id="crawl-errors-title" className="text-base font-semibold text-slate-900">
        Crawl errors ({count})
      </h3>
      <p className="mt-1 text-sm text-slate-600">
        Not scored: {count === 1 ? 'this address' : 'these addresses'} answered an error, said the page was not found, or could not be read. The score and the page counts
        cover the {report.pageCount} {report.pageCount === 1 ? 'page' : 'pages'} audited.
      </p>
      <ul className="mt-3 space-y-1.5 text-sm">
        <ErrorPageItems pages={errorPages} testId="crawl-error" />
        {failedPages.map((page) => (
          <li key={page.url} className="flex gap-3 rounded-lg bg-slate-50 px-3 py-2" data-testid="crawl-error">
            <span className="shrink-0 font-semibold text-red-700">Failed</span>
            <span className="min-w-0">
              <span className="break-all text-slate-900">{page.url}</span> <span className="text-slate-600">{page.error}</span>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
