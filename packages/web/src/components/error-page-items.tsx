import type { ErrorPage } from '@citable/contract';

/**
 * The list items of error pages (4xx, 5xx, soft 404s) that were not analysed: status, address and
 * why. Shared by a site audit's crawl errors and the tools that read a site.
 */
export function ErrorPageItems({ pages, testId = 'error-page' }: { pages: readonly ErrorPage[]; testId?: string }) {
  return (
    <>
      {pages.map((page) => (
        <li key={page.url} className="flex gap-3 rounded-lg bg-slate-50 px-3 py-2" data-testid={testId}>
          <span className="shrink-0 font-semibold tabular-nums text-red-700">{page.status}</span>
          <span className="min-w-0">
            <span className="break-all text-slate-900">{page.url}</span> <span className="text-slate-600">{page.reason}</span>
          </span>
        </li>
      ))}
    </>
  );
}
