import { useState } from 'react';
import { CheckCircle2, ChevronDown, ChevronUp, Download, LineChart, XCircle } from 'lucide-react';
import { addressKey, EXPORT_MESSAGES, HISTORY_PERIODS, HISTORY_RULES, historyExportFileName, type HistoryEntry, type HistoryInsight, type HistoryPeriod, type HistoryType } from '@citable/contract';
import { useSearchParams } from 'react-router';
import { useToast } from '../../../components/toast/use-toast';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { errorMessage } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import type { SessionUser } from '../../../hooks/use-session';
import type { Profile } from '@citable/contract';
import { useHistory, type HistoryFilters } from '../api/history';
import { downloadText } from '../lib/download';
import { historyCsv } from '../lib/export-csv';
import { TrendsView } from './trends-view';

const PERIOD_LABELS: Record<HistoryPeriod, string> = { '7d': 'Last 7 days', '30d': 'Last 30 days', '90d': 'Last 90 days', all: 'All time' };
const TYPE_LABELS: Record<HistoryType, string> = { site: 'Site audits', page: 'Page audits', scheduled: 'Scheduled', manual: 'Manual' };
const INSIGHT_TONE: Record<HistoryInsight['tone'], string> = {
  positive: 'border-emerald-200 bg-emerald-50',
  negative: 'border-red-200 bg-red-50',
  neutral: 'border-slate-200 bg-white',
  highlight: 'border-primary-200 bg-primary-50',
};

function scoreTone(score: number): string {
  if (score >= 80) return 'text-emerald-700';
  if (score >= 60) return 'text-amber-700';
  return 'text-red-700';
}

function EntryRow({ entry, onOpen }: { entry: HistoryEntry; onOpen: () => void }) {
  const [all, setAll] = useState(false);
  const shown = all ? entry.recommendations : entry.recommendations.slice(0, HISTORY_RULES.recommendationsShown);
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-4" data-testid="history-entry">
      <div className="flex flex-wrap items-center gap-3">
        {entry.status === 'failed' ? <XCircle aria-hidden="true" className="size-5 text-red-600" /> : <CheckCircle2 aria-hidden="true" className="size-5 text-emerald-600" />}
        <button type="button" className="min-w-0 flex-1 text-left" onClick={onOpen}>
          {/* One site reads one way, trailing slash or not (issue 33: "https://x.example" and "https://x.example/" looked like two sites). */}
          <p className="truncate font-medium text-slate-900 hover:underline" data-testid="history-address">
            {entry.website_url ? (addressKey(entry.website_url) ?? entry.website_url) : 'Pasted content'}
          </p>
          <p className="text-xs text-slate-500">
            {new Date(entry.created_at).toLocaleString()} · {entry.kind} audit · {entry.trigger}
            {entry.role === 'competitor' ? ' · competitor' : ''}
          </p>
        </button>
        {entry.status === 'failed' ? (
          <span className="rounded-full bg-red-100 px-2 py-0.5 text-xs font-medium text-red-800">Failed</span>
        ) : (
          <span className={cn('text-2xl font-bold tabular-nums', scoreTone(entry.overall_score ?? 0))} data-testid="history-score">
            {entry.overall_score}
          </span>
        )}
      </div>
      {entry.status === 'failed' ? <p className="mt-2 text-sm text-red-700">{entry.error ?? 'The scheduled audit failed after its retries.'}</p> : null}
      {shown.length > 0 ? (
        <ul className="mt-3 list-disc space-y-1 pl-5 text-sm text-slate-700">
          {shown.map((text) => (
            <li key={text}>{text}</li>
          ))}
        </ul>
      ) : null}
      {entry.recommendations.length > HISTORY_RULES.recommendationsShown ? (
        <Button variant="ghost" size="sm" className="mt-1" onClick={() => setAll(!all)}>
          {all ? <ChevronUp aria-hidden="true" className="size-4" /> : <ChevronDown aria-hidden="true" className="size-4" />}
          {all ? 'Show fewer' : `Show all ${entry.recommendations.length}`}
        </Button>
      ) : null}
    </li>
  );
}

/** The History page (spec 001 §2, §9): filters, audits with recommendations, insights, export and the way to Trends. */
export function HistorySection({ user, profile }: { user: SessionUser; profile: Profile }) {
  const [filters, setFilters] = useState<HistoryFilters>({ period: '30d', type: '', sort: 'date', order: 'desc' });
  // The view lives in the URL, so "View in Trends" survives a reload and any link to the history opens the list.
  const [params, setParams] = useSearchParams();
  const view = params.get('view') === 'trends' ? 'trends' : 'list';
  const setView = (next: 'list' | 'trends') =>
    setParams((current) => {
      const updated = new URLSearchParams(current);
      if (next === 'trends') updated.set('view', 'trends');
      else updated.delete('view');
      return updated;
    });
  const [selected, setSelected] = useState<HistoryEntry | null>(null);
  const [exporting, setExporting] = useState(false);
  const history = useHistory(user.id, filters);
  const toast = useToast();
  const entries = history.data?.entries ?? [];

  const exportCsv = () => {
    setExporting(true);
    try {
      downloadText(historyCsv(entries), historyExportFileName(new Date()));
      toast.show({ type: 'success', ...EXPORT_MESSAGES.success });
    } catch {
      toast.show({ type: 'error', ...EXPORT_MESSAGES.failure });
    } finally {
      setExporting(false);
    }
  };

  if (view === 'trends') return <TrendsView userId={user.id} profile={profile} period={filters.period} onBack={() => setView('list')} />;

  const set = <K extends keyof HistoryFilters>(key: K, value: HistoryFilters[K]) => setFilters((current) => ({ ...current, [key]: value }));
  const select = 'rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm';

  return (
    <div className="space-y-6" data-testid="history-section">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900">History</h1>
          <p className="mt-1 text-slate-600">Every audit, manual or scheduled. Your sites and competitors are re-audited automatically.</p>
        </div>
        <div className="flex gap-2">
          <Button variant="outline" onClick={() => setView('trends')} data-testid="view-trends">
            <LineChart aria-hidden="true" className="size-4" />
            View Trends
          </Button>
          <Button variant="outline" onClick={exportCsv} disabled={exporting || entries.length === 0} data-testid="export-csv">
            <Download aria-hidden="true" className="size-4" />
            Export CSV
          </Button>
        </div>
      </div>
      <div className="flex flex-wrap gap-3 rounded-xl bg-white p-3 ring-1 ring-slate-200">
        <label className="flex items-center gap-2 text-sm text-slate-700">
          Period
          <select className={select} value={filters.period} onChange={(event) => set('period', event.target.value as HistoryPeriod)} data-testid="history-period">
            {HISTORY_PERIODS.map((period) => (
              <option key={period} value={period}>
                {PERIOD_LABELS[period]}
              </option>
            ))}
          </select>
        </label>
        <label className="flex items-center gap-2 text-sm text-slate-700">
          Type
          <select className={select} value={filters.type} onChange={(event) => set('type', event.target.value as HistoryFilters['type'])} data-testid="history-type">
            <option value="">All audits</option>
            {(Object.keys(TYPE_LABELS) as HistoryType[]).map((type) => (
              <option key={type} value={type}>
                {TYPE_LABELS[type]}
              </option>
            ))}
          </select>
        </label>
        <label className="flex items-center gap-2 text-sm text-slate-700">
          Sort by
          <select className={select} value={filters.sort} onChange={(event) => set('sort', event.target.value as HistoryFilters['sort'])} data-testid="history-sort">
            <option value="date">Date</option>
            <option value="score">Score</option>
          </select>
        </label>
        <label className="flex items-center gap-2 text-sm text-slate-700">
          Order
          <select className={select} value={filters.order} onChange={(event) => set('order', event.target.value as HistoryFilters['order'])} data-testid="history-order">
            <option value="desc">Descending</option>
            <option value="asc">Ascending</option>
          </select>
        </label>
      </div>
      {history.data && history.data.insights.length > 0 ? (
        <ul className="grid gap-3 md:grid-cols-2 xl:grid-cols-4" data-testid="history-insights">
          {history.data.insights.map((insight) => (
            <li key={insight.id} className={cn('rounded-xl border p-4', INSIGHT_TONE[insight.tone])}>
              <p className="font-medium text-slate-900">{insight.title}</p>
              <p className="mt-1 text-sm text-slate-700">{insight.message}</p>
              {insight.section ? (
                <Button size="sm" variant="outline" className="mt-2" onClick={() => setParams({ section: insight.section as string })}>
                  Open tool
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      {history.isError ? <p className="text-sm text-red-700">{errorMessage(history.error)}</p> : null}
      {history.data && entries.length === 0 ? <p className="rounded-xl bg-white p-8 text-center text-slate-600 ring-1 ring-slate-200">No audits in this period.</p> : null}
      <ul className="space-y-3">
        {entries.map((entry) => (
          <EntryRow key={entry.id} entry={entry} onOpen={() => setSelected(entry)} />
        ))}
      </ul>
      <Modal
        open={selected !== null}
        onOpenChange={(open) => !open && setSelected(null)}
        title={selected?.website_url ? (addressKey(selected.website_url) ?? selected.website_url) : 'Audit'}
        description={selected ? `${new Date(selected.created_at).toLocaleString()} · ${selected.kind} audit · ${selected.trigger}` : undefined}
        footer={
          <Button
            onClick={() => {
              setSelected(null);
              setView('trends');
            }}
          >
            View in Trends
          </Button>
        }
      >
        {selected ? (
          <div className="space-y-3 text-sm text-slate-700">
            {selected.status === 'failed' ? <p className="text-red-700">{selected.error}</p> : <p className="text-3xl font-bold text-slate-900">{selected.overall_score}</p>}
            {selected.subscores ? (
              <dl className="grid grid-cols-2 gap-2">
                {Object.entries({
                  'AI Understanding': selected.subscores.aiUnderstanding,
                  'Citation Likelihood': selected.subscores.citationLikelihood,
                  'Conversational Readiness': selected.subscores.conversationalReadiness,
                  'Content Structure': selected.subscores.contentStructure,
                }).map(([label, value]) => (
                  <div key={label} className="rounded-lg bg-slate-50 p-2">
                    <dt className="text-xs text-slate-500">{label}</dt>
                    <dd className="font-semibold text-slate-900">{value}</dd>
                  </div>
                ))}
              </dl>
            ) : null}
            <ul className="list-disc space-y-1 pl-5">
              {selected.recommendations.map((text) => (
                <li key={text}>{text}</li>
              ))}
            </ul>
          </div>
        ) : null}
      </Modal>
    </div>
  );
}
