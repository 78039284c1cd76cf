import type { AuditHistoryItem } from '@citable/contract';
import { History } from 'lucide-react';
import { cn } from '../../../lib/cn';
import { scoreTone } from '../lib/score-tone';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/**
 * What an audit measured, in words: a site audit with its page count, a page audit named as one
 * (its score is one page's, never the site's; issue 30), or pasted content.
 */
export function describeAudit(audit: Pick<AuditHistoryItem, 'kind' | 'website_url' | 'page_count'>): string {
  if (audit.kind === 'content') return 'Pasted content';
  const url = audit.website_url ?? '';
  return audit.kind === 'site' ? `${url} (${audit.page_count} ${audit.page_count === 1 ? 'page' : 'pages'})` : `Page audit of ${url}`;
}

/** The overview's history: date, address and score of the latest audits; choosing one shows it. */
export function RecentAudits({ audits, selectedId, onSelect }: { audits: AuditHistoryItem[]; selectedId: string | null; onSelect: (id: string) => void }) {
  return (
    <section aria-labelledby="recent-audits-title" className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200" data-testid="recent-audits">
      <h2 id="recent-audits-title" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        <History aria-hidden="true" className="size-5 text-slate-500" />
        Recent audits
      </h2>
      <ul className="mt-3 divide-y divide-slate-100">
        {audits.map((audit) => {
          const selected = audit.id === selectedId;
          return (
            <li key={audit.id}>
              <button
                type="button"
                onClick={() => onSelect(audit.id)}
                aria-current={selected ? 'true' : undefined}
                className={cn(
                  'flex w-full items-center justify-between gap-3 rounded-lg px-2 py-2.5 text-left text-sm hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-primary-600',
                  selected && 'bg-primary-50 hover:bg-primary-50',
                )}
                data-testid="recent-audit"
              >
                <span className="min-w-0">
                  <span className="block truncate font-medium text-slate-900">{describeAudit(audit)}</span>
                  <time dateTime={audit.created_at} className="text-xs text-slate-600">
                    {dateFormat.format(new Date(audit.created_at))}
                  </time>
                </span>
                <span className={cn('text-base font-bold tabular-nums', scoreTone(audit.overall_score).text)}>
                  {audit.overall_score}
                  <span className="sr-only"> out of 100</span>
                </span>
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
