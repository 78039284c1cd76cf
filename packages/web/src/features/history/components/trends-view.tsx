import { useMemo, useState } from 'react';
import { CartesianGrid, Legend, Line, LineChart, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { canUseArea, chartDomain, GOALS, TREND_CHART, TREND_METRIC_LABELS, TREND_METRICS, trendSummary, type HistoryPeriod, type Profile, type TrendMetric } from '@citable/contract';
import { Button } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/api-client';
import { fullDateTime, pointLabelParts, type PointLabelParts } from '../../../lib/point-labels';
import { useTrends } from '../api/history';

const COLOURS = ['#8B5CF6', '#14B8A6', '#F59E0B', '#EF4444', '#3B82F6', '#10B981'];

/** Which goal's target is the goal line of each metric (spec 002 §9 goal targets by progress field). */
const METRIC_FIELD: Record<TrendMetric, (typeof GOALS)[keyof typeof GOALS]['progressField']> = {
  overallScore: 'overall_score',
  aiUnderstanding: 'ai_understanding',
  citationLikelihood: 'citation_likelihood',
  conversationalReadiness: 'conversational_readiness',
  contentStructure: 'content_structure',
};

function goalFor(profile: Profile, metric: TrendMetric): number | null {
  const goal = profile.goals.map((id) => GOALS[id]).find((candidate) => candidate.progressField === METRIC_FIELD[metric]);
  return goal?.targetScore ?? null;
}

/** The Trends view (spec 002 §2.2): a metric over time, the goal line, the compare panel and the analysis. */
export function TrendsView({ userId, profile, period, onBack }: { userId: string; profile: Profile; period: HistoryPeriod; onBack: () => void }) {
  const [metric, setMetric] = useState<TrendMetric>('overallScore');
  const sites = [...profile.websites, ...profile.competitors];
  const [compared, setCompared] = useState<string[]>(profile.websites[0] ? [profile.websites[0].url] : []);
  const canCompare = canUseArea(profile.plan, 'trends-compare');
  const trends = useTrends(userId, period, compared);
  const series = trends.data?.series ?? [];
  const goal = goalFor(profile, metric);
  const colourOf = (url: string) => COLOURS[Math.max(0, sites.findIndex((site) => site.url === url)) % COLOURS.length];

  const { rows, values } = useMemo(() => {
    const byDate = new Map<string, Record<string, number | string>>();
    const all: number[] = [];
    // Keyed by position: URLs hold dots, which recharts would read as nested paths.
    for (const [index, line] of series.entries()) {
      for (const point of line.points) {
        const value = point[metric];
        if (value === null) continue;
        all.push(value);
        const row = byDate.get(point.date) ?? { date: point.date };
        row[`s${index}`] = value;
        byDate.set(point.date, row);
      }
    }
    return { rows: [...byDate.values()].sort((a, b) => String(a.date).localeCompare(String(b.date))), values: all };
  }, [series, metric]);
  // Axis labels that tell apart audits of the same day: the time under the day, or an ordinal, when a day has more than one (issue 19).
  const labelOf = useMemo(() => {
    const dates = rows.map((row) => String(row.date));
    const labels = pointLabelParts(dates);
    return new Map<string, PointLabelParts>(dates.map((date, index) => [date, labels[index]]));
  }, [rows]);
  // A label's widest line: what decides which ticks fit side by side.
  const widest = (value: string) => {
    const parts = labelOf.get(value);
    if (!parts) return value;
    return parts.time !== null && parts.time.length > parts.day.length ? parts.time : parts.day;
  };
  const twoLines = [...labelOf.values()].some((parts) => parts.time !== null);
  // Room at both ends for half the widest label, so the first and last ticks are not dropped for lack of it.
  const edge = Math.min(48, Math.max(16, Math.ceil(Math.max(0, ...[...labelOf.keys()].map((date) => widest(date).length)) * 3.5)));
  const domain = chartDomain(goal === null ? values : [...values, goal]);
  const first = series[0];
  const summary = first ? trendSummary(first.points.flatMap((point) => (point[metric] === null ? [] : [point[metric] as number]))) : null;
  const hidden = first !== undefined && first.points.length > 0 && first.points.every((point) => point[metric] === null);

  const toggle = (url: string) => setCompared((current) => (current.includes(url) ? current.filter((item) => item !== url) : [...current, url]));

  return (
    <section className="space-y-4" data-testid="trends-view">
      <div className="flex flex-wrap items-center gap-3">
        <Button variant="ghost" size="sm" onClick={onBack}>
          ← Back to history
        </Button>
        <h2 className="text-lg font-semibold text-slate-900">Trends</h2>
        <label className="ml-auto flex items-center gap-2 text-sm text-slate-700">
          Metric
          <select className="rounded-md border border-slate-300 px-2 py-1" value={metric} onChange={(event) => setMetric(event.target.value as TrendMetric)} data-testid="trend-metric">
            {TREND_METRICS.map((id) => (
              <option key={id} value={id}>
                {TREND_METRIC_LABELS[id]}
              </option>
            ))}
          </select>
        </label>
      </div>
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-[minmax(0,1fr)_16rem]">
        <div className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
          {trends.isError ? <p className="text-sm text-red-700">{errorMessage(trends.error)}</p> : null}
          {hidden ? <p className="mb-2 text-sm text-slate-600">Subscores are part of the Core plan. The overall score is shown for every plan.</p> : null}
          {rows.length === 0 && !trends.isLoading ? (
            <p className="py-16 text-center text-sm text-slate-600">No audits in this period yet. Monitoring adds a point with every scheduled audit.</p>
          ) : (
            <div className="h-80" data-testid="trend-chart">
              <ResponsiveContainer width="100%" height="100%">
                <LineChart data={rows} margin={{ top: 8, right: 16, bottom: 8, left: 0 }}>
                  <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
                  <XAxis
                    dataKey="date"
                    tickFormatter={widest}
                    tick={({ x, y, payload }: { x: number | string; y: number | string; payload: { value: string } }) => {
                      const parts = labelOf.get(payload.value);
                      return (
                        <g transform={`translate(${x},${y})`}>
                          <title>{fullDateTime(payload.value)}</title>
                          <text y={14} textAnchor="middle" fill="#475569" fontSize={12} data-testid="trend-axis-label">
                            <tspan x={0}>{parts?.day ?? payload.value}</tspan>
                            {parts?.time ? (
                              <tspan x={0} dy={15}>
                                {parts.time}
                              </tspan>
                            ) : null}
                          </text>
                        </g>
                      );
                    }}
                    height={twoLines ? 46 : 30}
                    fontSize={12}
                    minTickGap={12}
                    padding={{ left: edge, right: edge }}
                  />
                  <YAxis domain={domain} ticks={TREND_CHART.ticks.filter((tick) => tick >= domain[0] && tick <= domain[1])} fontSize={12} allowDataOverflow />
                  <Tooltip labelFormatter={(value) => fullDateTime(String(value))} />
                  <Legend />
                  {goal !== null ? <ReferenceLine y={goal} stroke="#0f172a" strokeDasharray="6 4" label={{ value: `Goal ${goal}`, position: 'insideTopRight', fontSize: 12 }} /> : null}
                  {series.map((line, index) => (
                    <Line key={line.url} type="monotone" dataKey={`s${index}`} name={line.name} stroke={colourOf(line.url)} strokeWidth={2} dot connectNulls isAnimationActive={false} />
                  ))}
                </LineChart>
              </ResponsiveContainer>
            </div>
          )}
          {rows.length > 0 ? (
            <table className="sr-only" data-testid="trend-table">
              <caption>
                {TREND_METRIC_LABELS[metric]} score by audit
              </caption>
              <thead>
                <tr>
                  <th scope="col">Audited</th>
                  {series.map((line) => (
                    <th key={line.url} scope="col">
                      {line.name}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={String(row.date)}>
                    <th scope="row">{fullDateTime(String(row.date))}</th>
                    {series.map((line, index) => (
                      <td key={line.url}>{row[`s${index}`] ?? '–'}</td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          ) : null}
        </div>
        <div className="space-y-4">
          <div className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200" data-testid="trend-analysis">
            <h3 className="font-semibold text-slate-900">Trend Analysis</h3>
            <p className="mt-2 text-sm text-slate-700">
              {summary === null
                ? `At least ${TREND_CHART.minPoints} audits are needed for a trend.`
                : summary.direction === 'stable'
                  ? `${TREND_METRIC_LABELS[metric]} is stable over ${first?.points.length} audits.`
                  : `${TREND_METRIC_LABELS[metric]} ${summary.direction === 'up' ? 'gained' : 'lost'} ${summary.points} points over ${first?.points.length} audits (${summary.direction === 'up' ? '+' : '-'}${summary.points}).`}
            </p>
          </div>
          <div className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
            <h3 className="font-semibold text-slate-900">Compare</h3>
            {canCompare ? (
              <ul className="mt-2 space-y-1.5">
                {sites.map((site) => (
                  <li key={site.url}>
                    <label className="flex min-w-0 items-center gap-2 text-sm text-slate-700">
                      <input type="checkbox" checked={compared.includes(site.url)} onChange={() => toggle(site.url)} />
                      <span className="inline-block size-2.5 shrink-0 rounded-full" style={{ background: colourOf(site.url) }} />
                      <span className="truncate">{site.name}</span>
                    </label>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="mt-2 text-sm text-slate-600">Comparing websites is part of the Pro and Agency plans.</p>
            )}
          </div>
        </div>
      </div>
    </section>
  );
}
