import type { ErrorPage } from '@citable/contract';
import { ErrorPageItems } from '../../../components/error-page-items';
import { ResultCard } from './result-card';

/**
 * The error pages a tool met while reading a site: skipped, never analysed (issue 18), and named
 * so the user can fix the broken links. Nothing when there were none.
 */
export function SkippedErrorPages({ errorPages }: { errorPages: readonly ErrorPage[] | undefined }) {
  const count = errorPages?.length ?? 0;
  if (!errorPages || count === 0) return null;
  return (
    <ResultCard title={`Error pages skipped (${count})`} testId="tool-error-pages">
      <p className="text-sm text-slate-600">
        Not analysed: {count === 1 ? 'this address' : 'these addresses'} answered an error or said the page was not found. The results above cover the pages
        that could be read.
      </p>
      <ul className="mt-3 space-y-1.5 text-sm">
        <ErrorPageItems pages={errorPages} />
      </ul>
    </ResultCard>
  );
}
