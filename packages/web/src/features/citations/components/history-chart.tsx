import { Area, CartesianGrid, ComposedChart, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { Spinner } from '../../../components/ui/spinner';
import { useCitationHistory } from '../hooks/use-citations';
import { rateWithInterval } from '../lib/format';
import { Panel } from './panel';

/** Mention rate over time, each run with its interval as a band. */
export function HistoryChart({ domain }: { domain: string }) {
  const history = useCitationHistory(domain);
  const runs = [...(history.data ?? [])].reverse();
  const data = runs.map((run) => ({
    date: new Date(run.created_at).toLocaleDateString(),
    rate: Math.round(run.rate * 100),
    band: [Math.round(run.interval.low * 100), Math.round(run.interval.high * 100)],
    label: run.samples === 0 ? 'no answer-engine answers' : `${rateWithInterval(run.rate, run.interval)} of ${run.samples} answers`,
  }));
  return (
    <Panel title={`Mention rate over time for ${domain}`} testId="citation-history">
      {history.isPending ? (
        <Spinner />
      ) : runs.length < 2 ? (
        <p className="text-sm text-slate-600">Run the tracker again later to see the trend: {runs.length === 1 ? 'one run so far' : 'no runs yet'}.</p>
      ) : (
        <div className="h-64">
          <ResponsiveContainer width="100%" height="100%">
            <ComposedChart data={data} margin={{ top: 8, right: 16, bottom: 0, left: 0 }}>
              <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
              <XAxis dataKey="date" fontSize={12} />
              <YAxis domain={[0, 100]} unit="%" fontSize={12} />
              <Tooltip formatter={(_value, name, item) => (name === 'rate' ? [item.payload.label, 'Mention rate'] : null)} />
              <Area dataKey="band" stroke="none" fill="#c7d2fe" fillOpacity={0.6} isAnimationActive={false} />
              <Line dataKey="rate" stroke="#4338ca" strokeWidth={2} dot isAnimationActive={false} />
            </ComposedChart>
          </ResponsiveContainer>
        </div>
      )}
    </Panel>
  );
}
