import { useId, useMemo } from 'react';
import type { AuditHistoryItem, AuditKind } from '@citable/contract';
import { Activity, Minus, TrendingDown, TrendingUp } from 'lucide-react';
import { cn } from '../../../lib/cn';
import { fullDateTime, pointLabels } from '../../../lib/point-labels';
import { areaPath, comparableSeries, linePath, plotPoints, scoreChange, trendLabel } from '../lib/score-trend';

const KIND_LABEL: Record<AuditKind, [string, string]> = {
  site: ['site audit', 'site audits'],
  page: ['page audit', 'page audits'],
  content: ['content audit', 'content audits'],
};

function Change({ change }: { change: number }) {
  const Icon = change > 0 ? TrendingUp : change < 0 ? TrendingDown : Minus;
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-sm font-semibold tabular-nums ring-1 ring-inset',
        change > 0 ? 'bg-emerald-50 text-emerald-700 ring-emerald-200' : change < 0 ? 'bg-red-50 text-red-700 ring-red-200' : 'bg-slate-50 text-slate-700 ring-slate-200',
      )}
      data-testid="score-trend-change"
    >
      <Icon aria-hidden="true" className="size-4" />
      {change > 0 ? `+${change}` : change < 0 ? `${change}` : 'No change'}
      {change !== 0 ? <span className="sr-only"> points</span> : null}
    </span>
  );
}

/** The line, its area and a dot per audit; the dots are HTML so they stay round however the box stretches. */
function Sparkline({ label, scores, dates }: { label: string; scores: number[]; dates: string[] }) {
  const gradient = useId();
  const points = plotPoints(scores);
  const tips = dates.map((date, index) => `${scores[index]} · ${fullDateTime(date)}`);
  return (
    <div className="relative h-20">
      <div className="absolute inset-x-2 inset-y-2">
        <svg role="img" aria-label={label} viewBox="0 0 100 100" preserveAspectRatio="none" className="absolute inset-0 size-full overflow-visible" data-testid="score-sparkline">
          <defs>
            <linearGradient id={gradient} x1="0" y1="0" x2="0" y2="1">
              <stop offset="0%" stopColor="#8b5cf6" stopOpacity="0.22" />
              <stop offset="100%" stopColor="#8b5cf6" stopOpacity="0" />
            </linearGradient>
          </defs>
          <line x1="0" y1="100" x2="100" y2="100" stroke="#e2e8f0" strokeWidth="1" vectorEffect="non-scaling-stroke" />
          <path d={areaPath(points)} fill={`url(#${gradient})`} />
          <path d={linePath(points)} fill="none" stroke="#7c3aed" strokeWidth="2.5" strokeLinejoin="round" strokeLinecap="round" vectorEffect="non-scaling-stroke" />
        </svg>
        {points.map((point, index) => {
          const last = index === points.length - 1;
          return (
            <span
              key={`${dates[index]}-${index}`}
              aria-hidden="true"
              title={tips[index]}
              className={cn('absolute -translate-x-1/2 -translate-y-1/2 rounded-full border-2 border-primary-600', last ? 'size-3 bg-primary-600 ring-4 ring-primary-100' : 'size-2.5 bg-white')}
              style={{ left: `${point.x}%`, top: `${point.y}%` }}
            />
          );
        })}
      </div>
    </div>
  );
}

interface ScoreTrendCardProps {
  /** The selected website's name; null when the overview has none selected. */
  siteName: string | null;
  /** The selected website's recent own audits, newest first (the overview's query); undefined while they load. */
  audits: AuditHistoryItem[] | undefined;
}

/** The selected website's own score over its recent comparable audits, as a sparkline (issue 19 item 5). */
export function ScoreTrendCard({ siteName, audits }: ScoreTrendCardProps) {
  const series = useMemo(() => comparableSeries(audits ?? []), [audits]);
  const points = series?.points ?? [];
  const scores = points.map((point) => point.score);
  const dates = points.map((point) => point.date);
  const labels = useMemo(() => pointLabels((series?.points ?? []).map((point) => point.date)), [series]);
  const enough = points.length >= 2;
  const kind = series ? KIND_LABEL[series.kind][points.length === 1 ? 0 : 1] : null;
  // The audit panel above says the audits are loading; this card waits for them.
  if (audits === undefined) return null;

  return (
    <section aria-labelledby="score-trend-title" className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200" data-testid="score-trend">
      <div className="grid items-center gap-x-8 gap-y-4 md:grid-cols-[minmax(0,17rem)_minmax(0,1fr)]">
        <div className="min-w-0">
          <h2 id="score-trend-title" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
            <Activity aria-hidden="true" className="size-5 text-primary-600" />
            Score trend
          </h2>
          <p className="mt-1 truncate text-sm text-slate-600" data-testid="score-trend-subject">
            {siteName ?? 'Your audits'}
            {kind ? ` · ${points.length === 1 ? 'one' : `last ${points.length}`} ${kind}` : ''}
          </p>
          {enough ? (
            <div className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-2">
              <p className="text-2xl font-bold tabular-nums text-slate-900">
                {scores[0]}
                <span aria-hidden="true" className="mx-1.5 font-normal text-slate-500">
                  →
                </span>
                <span className="sr-only"> to </span>
                {scores[scores.length - 1]}
              </p>
              <Change change={scoreChange(scores)} />
            </div>
          ) : null}
        </div>
        <div className="min-w-0">
          {enough ? (
            <>
              <Sparkline label={trendLabel(siteName, scores)} scores={scores} dates={dates} />
              <div className="flex justify-between gap-3 px-0.5 text-xs text-slate-600" aria-hidden="true">
                <span title={fullDateTime(dates[0])}>{labels[0]}</span>
                <span title={fullDateTime(dates[dates.length - 1])}>{labels[labels.length - 1]}</span>
              </div>
            </>
          ) : (
            <div className="flex h-20 items-center justify-center rounded-xl border border-dashed border-slate-300 bg-slate-50 px-4 text-center text-sm text-slate-600" data-testid="score-trend-empty">
              {points.length === 1 ? `Scored ${scores[0]} so far. Audit again to see a trend.` : 'No audits yet: your first one starts the trend.'}
            </div>
          )}
        </div>
      </div>
    </section>
  );
}
