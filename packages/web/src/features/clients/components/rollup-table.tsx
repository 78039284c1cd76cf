import type { RollupRow } from '@citable/contract';
import { ArrowDown, ArrowDownRight, ArrowRight, ArrowUp, ArrowUpDown, ArrowUpRight, ExternalLink, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { DEFAULT_SORT, formatChange, nextSort, sortRollup, type RollupColumn, type RollupSortState } from '../lib/rollup-sort';
import { ScrollRegion } from '../../../components/ui/scroll-region';

// Score: the client's latest site audit; Last audit: when it ran (contract RollupRow).
const COLUMNS: { id: RollupColumn; label: string; align: 'left' | 'right' }[] = [
  { id: 'name', label: 'Client', align: 'left' },
  { id: 'url', label: 'Website', align: 'left' },
  { id: 'latestScore', label: 'Score', align: 'right' },
  { id: 'change', label: 'Change', align: 'right' },
  { id: 'lastAuditAt', label: 'Last audit', align: 'left' },
  { id: 'openAlerts', label: 'Open alerts', align: 'right' },
];

/** The change since the last site audit of the same pages; without one, a dash that says why (`note`). */
function Change({ change, note }: { change: number | null; note: string | null }) {
  const text = formatChange(change);
  if (text === null || change === null) {
    return (
      <span className="text-slate-500" title={note ?? undefined} data-testid="rollup-change-note">
        <span aria-hidden="true">—</span>
        <span className="sr-only">{note ?? 'No change'}</span>
      </span>
    );
  }
  const Icon = change > 0 ? ArrowUpRight : change < 0 ? ArrowDownRight : ArrowRight;
  const words = change > 0 ? 'up' : change < 0 ? 'down' : 'unchanged';
  return (
    <span className={cn('inline-flex items-center gap-1 font-medium tabular-nums', change > 0 ? 'text-emerald-700' : change < 0 ? 'text-red-700' : 'text-slate-600')}>
      <Icon aria-hidden="true" className="size-4" />
      {text}
      <span className="sr-only"> ({words})</span>
    </span>
  );
}

const auditDate = (iso: string | null) => (iso ? new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' }) : null);

interface RollupTableProps {
  rows: readonly RollupRow[];
  onOpen: (clientId: string) => void;
  /** Owner, admin and member edit schedules; the client role only reads. */
  onSchedule?: (row: RollupRow) => void;
  /** Owner and admin delete clients. */
  onDelete?: (row: RollupRow) => void;
  initialSort?: RollupSortState;
}

/**
 * The roll-up of every visible client (issue #11): sorted in the browser by the column header
 * buttons, with aria-sort on the sorted header so screen readers hear the order.
 */
export function RollupTable({ rows, onOpen, onSchedule, onDelete, initialSort = DEFAULT_SORT }: RollupTableProps) {
  const [sort, setSort] = useState<RollupSortState>(initialSort);
  const sorted = sortRollup(rows, sort);

  return (
    <ScrollRegion label="Clients">
      <table className="w-full text-left text-sm" data-testid="rollup-table">
        <caption className="sr-only">Clients, sorted by {COLUMNS.find((column) => column.id === sort.column)?.label} {sort.direction}</caption>
        <thead className="bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase">
          <tr>
            {COLUMNS.map((column) => {
              const active = sort.column === column.id;
              const Icon = active ? (sort.direction === 'ascending' ? ArrowUp : ArrowDown) : ArrowUpDown;
              return (
                <th key={column.id} scope="col" aria-sort={active ? sort.direction : 'none'} className={cn('px-3 py-1.5 first:pl-5', column.align === 'right' && 'text-right')}>
                  <button
                    type="button"
                    onClick={() => setSort(nextSort(sort, column.id))}
                    data-testid={`rollup-sort-${column.id}`}
                    className={cn(
                      'inline-flex items-center gap-1 rounded px-1 py-1 tracking-wide whitespace-nowrap uppercase hover:text-slate-900 focus-visible:outline-3 focus-visible:outline-primary-600/40',
                      active && 'text-slate-900',
                    )}
                  >
                    {column.label}
                    <Icon aria-hidden="true" className={cn('size-3.5', !active && 'opacity-40')} />
                  </button>
                </th>
              );
            })}
            <th scope="col" className="px-5 py-2.5 text-right">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {sorted.map((row) => (
            <tr key={row.clientId} data-testid="rollup-row" data-client-id={row.clientId}>
              <td className="min-w-32 py-3 pr-3 pl-6 font-medium text-slate-900">{row.name}</td>
              <td className="max-w-56 truncate px-3 py-3 text-slate-700">
                {row.url ? (
                  <a href={row.url} target="_blank" rel="noreferrer" className="inline-flex items-center gap-1 underline-offset-2 hover:underline">
                    {row.url.replace(/^https?:\/\//, '').replace(/\/$/, '')}
                    <ExternalLink aria-hidden="true" className="size-3" />
                    <span className="sr-only"> (opens in a new tab)</span>
                  </a>
                ) : (
                  <span className="text-slate-500">—</span>
                )}
              </td>
              <td className="px-4 py-3 text-right font-semibold whitespace-nowrap text-slate-900 tabular-nums">
                {row.latestScore !== null ? (
                  Math.round(row.latestScore)
                ) : row.scoreNote ? (
                  // Page audits only: a page's score is never shown as the client's (issue 30).
                  <span className="font-normal text-slate-500" title={row.scoreNote} data-testid="rollup-score-note">
                    No site audit yet<span className="sr-only">. {row.scoreNote}</span>
                  </span>
                ) : (
                  <span className="font-normal text-slate-500">Not audited</span>
                )}
              </td>
              <td className="px-4 py-3 text-right">
                <Change change={row.change} note={row.latestScore === null ? null : row.changeNote} />
              </td>
              <td className="px-4 py-3 whitespace-nowrap text-slate-700">{auditDate(row.lastAuditAt) ?? <span className="text-slate-500">{row.scoreNote ? 'No site audit' : 'Never'}</span>}</td>
              <td className="px-4 py-3 text-right tabular-nums">
                {row.openAlerts > 0 ? <span className="rounded-full bg-amber-100 px-2 py-0.5 font-semibold text-amber-900">{row.openAlerts}</span> : <span className="text-slate-500">0</span>}
              </td>
              <td className="px-5 py-2">
                <div className="flex justify-end gap-2">
                  {onSchedule ? (
                    <Button variant="ghost" size="sm" onClick={() => onSchedule(row)} aria-label={`Report schedule for ${row.name}`} data-testid="rollup-schedule">
                      Schedule
                    </Button>
                  ) : null}
                  <Button variant="outline" size="sm" onClick={() => onOpen(row.clientId)} aria-label={`Open ${row.name}`} data-testid="rollup-open">
                    Open
                  </Button>
                  {onDelete ? (
                    <Button variant="ghost" size="icon" className="size-9 text-red-700 hover:bg-red-50" onClick={() => onDelete(row)} aria-label={`Delete ${row.name}`} title="Delete client" data-testid="rollup-delete">
                      <Trash2 aria-hidden="true" className="size-4" />
                    </Button>
                  ) : null}
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
