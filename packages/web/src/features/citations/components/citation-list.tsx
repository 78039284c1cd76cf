import type { Citation } from '@citable/contract';
import { Badge } from '../../../components/ui/badge';
import { percent } from '../lib/format';
import { Panel } from './panel';

const SENTIMENT_CLASS = { positive: 'text-emerald-700', neutral: 'text-slate-600', negative: 'text-red-700' } as const;

export function CitationList({ title, citations, empty, testId }: { title: string; citations: Citation[]; empty: string; testId: string }) {
  return (
    <Panel title={`${title} (${citations.length})`} testId={testId}>
      {citations.length === 0 ? (
        <p className="text-sm text-slate-600">{empty}</p>
      ) : (
        <ul className="space-y-3">
          {citations.map((citation) => (
            <li key={`${citation.sourceId}-${citation.url ?? citation.prompt}`} className="rounded-lg border border-slate-100 p-3">
              <div className="flex flex-wrap items-center gap-2 text-xs text-slate-600">
                <span className="font-semibold text-slate-900">{citation.source}</span>
                <Badge>{citation.type}</Badge>
                <span>matched {citation.matchedBy === 'phrase' ? `“${citation.matched}”` : citation.matched}</span>
                <span>confidence {percent(citation.confidence_score)}</span>
                <span className={SENTIMENT_CLASS[citation.sentiment]}>{citation.sentiment}</span>
                <time dateTime={citation.date}>{new Date(citation.date).toLocaleDateString()}</time>
              </div>
              <p className="mt-1 text-sm text-slate-800">{citation.snippet}</p>
              <p className="mt-1 truncate text-xs text-slate-600">
                {citation.type === 'answer' ? `Prompt: ${citation.prompt}` : `Search: ${citation.prompt}`}
                {citation.url ? (
                  <>
                    {' · '}
                    <a href={citation.url} target="_blank" rel="noopener noreferrer" className="text-primary-700 underline">
                      {citation.url}
                    </a>
                  </>
                ) : null}
              </p>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}
