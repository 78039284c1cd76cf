import type { CitationTrackerResult } from '@citable/contract';
import { Panel } from './panel';

/** Pages engines cite, or rank, for your prompts instead of yours: what to outdo. */
export function CitationGap({ pages }: { pages: CitationTrackerResult['citationGap'] }) {
  return (
    <Panel title="Citation gap" testId="citation-gap">
      {pages.length === 0 ? (
        <p className="text-sm text-slate-600">No other pages were cited for these prompts.</p>
      ) : (
        <ol className="space-y-2 text-sm">
          {pages.map((page) => (
            <li key={page.url} className="flex flex-wrap items-baseline justify-between gap-2">
              <a href={page.url} target="_blank" rel="noopener noreferrer" className="min-w-0 truncate text-primary-700 underline">
                {page.url}
              </a>
              <span className="text-xs text-slate-600">
                {page.competitor ? `${page.competitor} · ` : ''}cited {page.count}× for {page.prompts.length} prompt{page.prompts.length === 1 ? '' : 's'}
              </span>
            </li>
          ))}
        </ol>
      )}
    </Panel>
  );
}
