import { useMemo, useState } from 'react';
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useSearchParams } from 'react-router';
import { canUseArea, COMPETITIVE_PERIODS, TREND_CHART, type CompetitiveData, type CompetitivePeriod } from '@citable/contract';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/api-client';
import { pointLabels } from '../../../lib/point-labels';
import { cn } from '../../../lib/cn';
import type { Profile } from '@citable/contract';
import type { SessionUser } from '../../../hooks/use-session';
import { AuditProgress, matchableSites } from '../../audit';
import { useCompetitiveData } from '../api/competitive';
import { useCompetitiveAudit } from '../hooks/use-competitive-audit';
import { ScoreComparison } from './score-comparison';
import { useScopeAccess } from '../../../hooks/use-scope-access';

type View = 'scores' | 'entities' | 'trends';
const VIEWS: Record<View, string> = { scores: 'Score Comparison', entities: 'Entity Heatmap', trends: 'Trend Analysis' };

function csvOf(data: CompetitiveData): string {
  const sites = [data.userSite, ...data.competitors].flatMap((site) => (site ? [site] : []));
  const lines = ['Site,URL,Role,Overall,AI Understanding,Citation Likelihood,Conversational Readiness,Content Structure,Last audited'];
  for (const site of sites) {
    const s = site.subscores;
    lines.push([site.name, site.url, site.role, site.overallScore ?? '', s?.aiUnderstanding ?? '', s?.citationLikelihood ?? '', s?.conversationalReadiness ?? '', s?.contentStructure ?? '', site.lastUpdated ?? ''].map((value) => `"${String(value).replace(/"/g, '""')}"`).join(','));
  }
  return lines.join('\r\n') + '\r\n';
}

function Empty({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div className="rounded-2xl bg-white p-10 text-center shadow-sm ring-1 ring-slate-200" data-testid="competitive-empty">
      <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
      <div className="mt-2 text-slate-600">{children}</div>
    </div>
  );
}

/** Competitive Intelligence (spec 002 §2.5), from real audits of the user's site and competitors. */
export function CompetitiveSection({ user, profile }: { user: SessionUser; profile: Profile }) {
  const allowed = canUseArea(profile.plan, 'competitive-viz');
  const [period, setPeriod] = useState<CompetitivePeriod>('30d');
  const [view, setView] = useState<View>('scores');
  const [, setParams] = useSearchParams();
  const query = useCompetitiveData(user.id, period, allowed);
  const data = query.data;
  const sites = useMemo(() => matchableSites(profile), [profile]);
  const audit = useCompetitiveAudit(user.id, sites);
  // A read-only role (a client of an agency) sees these controls off, with the reason (issue 33).
  const access = useScopeAccess();
  // The weekly points are calendar days (UTC): labelled as days, and told apart should two share one.
  const weekLabels = useMemo(() => {
    const dates = data?.trends.map((point) => point.date) ?? [];
    const labels = pointLabels(dates, { timeZone: 'UTC' });
    return new Map(dates.map((date, index) => [date, labels[index]]));
  }, [data]);

  const header = (
    <div className="flex flex-wrap items-end justify-between gap-3">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">Competitive Insights</h1>
        <p className="mt-1 text-slate-600">Your latest audited scores against your competitors’, from the audits monitoring runs.</p>
      </div>
      {allowed && data?.status === 'ready' ? (
        <Button
          variant="outline"
          onClick={() => {
            const url = URL.createObjectURL(new Blob([csvOf(data)], { type: 'text/csv;charset=utf-8' }));
            const link = document.createElement('a');
            link.href = url;
            link.download = `competitive_insights_${new Date().toISOString().slice(0, 10)}.csv`;
            link.click();
            setTimeout(() => URL.revokeObjectURL(url), 100);
          }}
        >
          Export
        </Button>
      ) : null}
    </div>
  );

  if (!allowed) {
    return (
      <div className="space-y-6">
        {header}
        <Empty title="Upgrade to Pro Plan">
          <p>Competitive Intelligence is part of the Pro and Agency plans.</p>
          <Button className="mt-4" onClick={() => setParams({ section: 'billing' })}>
            View plans
          </Button>
        </Empty>
      </div>
    );
  }
  const runAudit = audit.auditNow;

  return (
    <div className="space-y-6" data-testid="competitive-section">
      {header}
      {query.isError ? <p className="text-sm text-red-700">{errorMessage(query.error)}</p> : null}
      {audit.running || audit.notice ? (
        <div className="space-y-3" data-testid="competitive-audit">
          {audit.running ? <AuditProgress run={audit.running.run} site={audit.running.name} /> : null}
          {audit.notice ? (
            <Alert tone={audit.notice.tone} testId="competitive-audit-notice">
              {audit.notice.text}
            </Alert>
          ) : null}
        </div>
      ) : null}
      {data?.status === 'no-sites' ? (
        <Empty title="No Competitive Data">Add your website and at least one competitor in Settings to compare them.</Empty>
      ) : null}
      {data?.status === 'no-audits' ? (
        <Empty title="No Competitive Data">
          <p>None of these sites has a site audit in this period yet: scores are compared site against site, and a page audit scores one page only. Monitoring audits them on schedule, or start one now (one audit runs at a time).</p>
          <div className="mt-4 flex flex-wrap justify-center gap-2">
            {[data.userSite, ...data.competitors].flatMap((site) =>
              site ? [
                <Button key={site.url} variant="outline" size="sm" disabled={audit.busy || access.readOnly} title={access.writeControl.title} aria-describedby={access.writeControl['aria-describedby']} onClick={() => void runAudit(site.url)}>
                  Audit {site.name}
                </Button>,
              ] : [],
            )}
          </div>
        </Empty>
      ) : null}
      {data?.status === 'ready' ? (
        <>
          <div className="flex flex-wrap items-center gap-2">
            {(Object.keys(VIEWS) as View[]).map((id) => (
              <Button key={id} size="sm" variant={view === id ? 'primary' : 'outline'} onClick={() => setView(id)}>
                {VIEWS[id]}
              </Button>
            ))}
            <select className="ml-auto rounded-md border border-slate-300 px-2 py-1.5 text-sm" value={period} onChange={(event) => setPeriod(event.target.value as CompetitivePeriod)} aria-label="Period">
              {COMPETITIVE_PERIODS.map((id) => (
                <option key={id} value={id}>
                  {id === '1y' ? 'Last year' : `Last ${id.replace('d', ' days')}`}
                </option>
              ))}
            </select>
          </div>
          <div className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6">
            {view === 'scores' ? (
              <div>
                <ScoreComparison data={data} />
                {[data.userSite, ...data.competitors].map((site) =>
                  site && site.overallScore === null ? (
                    <p key={site.url} className="mt-2 flex flex-wrap items-center gap-2 text-sm text-slate-600">
                      {site.name} has no audit in this period yet; monitoring will audit it, or
                      <Button size="sm" variant="outline" disabled={audit.busy || access.readOnly} title={access.writeControl.title} aria-describedby={access.writeControl['aria-describedby']} onClick={() => void runAudit(site.url)}>
                        Audit now
                      </Button>
                    </p>
                  ) : null,
                )}
              </div>
            ) : null}
            {view === 'entities' ? (
              data.entities.length === 0 ? (
                <p className="py-10 text-center text-sm text-slate-600">The audits found no named entities to compare.</p>
              ) : (
                <div className="overflow-x-auto">
                  <table className="w-full text-sm">
                    <thead>
                      <tr>
                        <th className="p-2 text-left font-medium text-slate-700">Entity</th>
                        {[data.userSite, ...data.competitors].map((site) => (site ? <th key={site.url} className="p-2 font-medium text-slate-700">{site.name}</th> : null))}
                      </tr>
                    </thead>
                    <tbody>
                      {data.entities.map((entity) => (
                        <tr key={entity.name} className="border-t border-slate-100">
                          <td className="p-2 text-slate-900">{entity.name}</td>
                          {[data.userSite, ...data.competitors].map((site) =>
                            site ? (
                              <td key={site.url} className="p-1">
                                <span className={cn('block rounded py-1.5 text-center text-xs', entity.coverage[site.url] ? 'bg-emerald-500 text-white' : 'bg-slate-100 text-slate-500')}>
                                  {entity.coverage[site.url] ? 'Named' : 'Missing'}
                                </span>
                              </td>
                            ) : null,
                          )}
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              )
            ) : null}
            {view === 'trends' ? (
              <div className="h-80">
                <ResponsiveContainer width="100%" height="100%">
                  <LineChart data={data.trends}>
                    <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
                    <XAxis dataKey="date" fontSize={12} tickFormatter={(value: string) => weekLabels.get(value) ?? value} />
                    <YAxis domain={[0, 100]} ticks={[...TREND_CHART.ticks]} fontSize={12} />
                    <Tooltip labelFormatter={(value) => `Week of ${weekLabels.get(String(value)) ?? value}`} />
                    <Legend />
                    {/* The comparison's colours: the user's violet, the competitors' slate, both 3:1 or more on white. */}
                    <Line dataKey="userScore" name="Your score" stroke="#7c3aed" strokeWidth={2} connectNulls isAnimationActive={false} />
                    <Line dataKey="competitorAverage" name="Competitor average" stroke="#64748b" strokeWidth={2} strokeDasharray="5 3" connectNulls isAnimationActive={false} />
                  </LineChart>
                </ResponsiveContainer>
              </div>
            ) : null}
          </div>
        </>
      ) : null}
    </div>
  );
}
