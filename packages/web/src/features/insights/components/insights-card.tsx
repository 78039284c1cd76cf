import { AlertTriangle, Lightbulb, TrendingUp } from 'lucide-react';
import { useSearchParams } from 'react-router';
import type { Insight } from '@citable/contract';
import { Button } from '../../../components/ui/button';
import { useScopeAccess } from '../../../hooks/use-scope-access';
import { apiClient } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { useInsights } from '../api/insights';

const STYLE: Record<Insight['type'], { icon: typeof Lightbulb; tone: string }> = {
  urgent: { icon: AlertTriangle, tone: 'bg-red-50 text-red-700 ring-red-200' },
  opportunity: { icon: TrendingUp, tone: 'bg-emerald-50 text-emerald-700 ring-emerald-200' },
  suggestion: { icon: Lightbulb, tone: 'bg-amber-50 text-amber-800 ring-amber-200' },
};

/** Up to three insights with actions that switch the dashboard section (spec 002 §2.1). */
export function InsightsCard({ userId, website }: { userId: string; website?: string }) {
  const { data, isError } = useInsights(userId, website);
  const [, setParams] = useSearchParams();
  // A read-only role's click is not recorded: the server would refuse the write (issue 33).
  const { readOnly } = useScopeAccess();

  const act = (insight: Insight) => {
    // The trail is best effort: a lost activity must not block the navigation.
    if (!readOnly)
      void apiClient.post('/api/activity', { activity_type: 'insight_action_taken', activity_data: { insightId: insight.id, action: insight.actionUrl } }).catch(() => undefined);
    setParams({ section: insight.actionUrl });
  };

  return (
    <section aria-labelledby="insights-title" className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200" data-testid="insights-card">
      <h2 id="insights-title" className="text-lg font-semibold text-slate-900">
        Insights
      </h2>
      {isError ? <p className="mt-3 text-sm text-red-700">Failed to generate insights. Please refresh the page.</p> : null}
      {data && data.insights.length === 0 ? <p className="mt-3 text-sm text-slate-600">Nothing needs your attention right now.</p> : null}
      <ul className="mt-4 grid gap-3 md:grid-cols-3">
        {data?.insights.map((insight) => {
          const { icon: Icon, tone } = STYLE[insight.type];
          return (
            <li key={insight.id} className="flex flex-col rounded-xl border border-slate-200 p-4" data-testid="insight">
              <span className={cn('inline-flex w-fit items-center gap-1.5 rounded-full px-2 py-0.5 text-xs font-medium capitalize ring-1', tone)}>
                <Icon aria-hidden="true" className="size-3.5" />
                {insight.type}
              </span>
              <p className="mt-2 font-medium text-slate-900">{insight.title}</p>
              <p className="mt-1 flex-1 text-sm text-slate-600">{insight.description}</p>
              {insight.contextualTip ? <p className="mt-2 text-xs text-slate-500">{insight.contextualTip}</p> : null}
              <Button size="sm" variant="outline" className="mt-3 w-fit" onClick={() => act(insight)}>
                {insight.action}
              </Button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
