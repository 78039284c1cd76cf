import type { CitationTrackerResult } from '@citable/contract';
import { percent, rateWithInterval } from '../lib/format';
import { Panel } from './panel';

/** The rate as a dot on its 95% interval: a wide bar says the samples prove little. */
function IntervalBar({ rate, low, high, label }: { rate: number; low: number; high: number; label: string }) {
  return (
    <div className="relative h-2 w-32 rounded-full bg-slate-100" role="img" aria-label={label}>
      <div className="absolute inset-y-0 rounded-full bg-primary-200" style={{ left: percent(low), width: percent(Math.max(0.01, high - low)) }} />
      <div className="absolute top-1/2 size-3 -translate-x-1/2 -translate-y-1/2 rounded-full border-2 border-white bg-primary-700" style={{ left: percent(rate) }} />
    </div>
  );
}

export function MentionRates({ result }: { result: CitationTrackerResult }) {
  const names = new Map(result.sources.map((source) => [source.id, source.name]));
  return (
    <Panel title="Mention rate" testId="citation-rates">
      <p className="mb-3 text-sm text-slate-600">
        {result.overall.samples === 0 ? (
          // Never "0 of 0 answers": with no answer there is no rate to give.
          'No answer engine answered this run, so there is no mention rate.'
        ) : (
          <>
            Answer engines mentioned you in {result.overall.mentions} of {result.overall.samples} answers: {rateWithInterval(result.overall.rate, result.overall.interval)}, with its 95% interval.
            Each prompt was asked {result.samplesPerPrompt} {result.samplesPerPrompt === 1 ? 'time' : 'times'} because answers vary from one ask to the next.
          </>
        )}
      </p>
      {result.mentionRates.length === 0 ? (
        <p className="text-sm text-slate-600">No source answered, so there is no rate yet.</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead className="text-xs uppercase text-slate-500">
              <tr>
                <th className="py-2 pr-3 font-medium">Source</th>
                <th className="py-2 pr-3 font-medium">Prompt or search</th>
                <th className="py-2 pr-3 font-medium">Mentioned</th>
                <th className="py-2 pr-3 font-medium">Rate (95% interval)</th>
                <th className="py-2 pr-3 font-medium">Best rank</th>
                <th className="py-2 font-medium">Your pages cited</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {result.mentionRates.map((row) => (
                <tr key={`${row.sourceId}-${row.prompt}`}>
                  <td className="py-2 pr-3 text-slate-700">{names.get(row.sourceId) ?? row.sourceId}</td>
                  <td className="py-2 pr-3 text-slate-900">{row.prompt}</td>
                  <td className="py-2 pr-3 text-slate-700">
                    {row.mentions} of {row.samples}
                  </td>
                  <td className="py-2 pr-3">
                    <div className="flex items-center gap-2">
                      <IntervalBar rate={row.rate} low={row.interval.low} high={row.interval.high} label={rateWithInterval(row.rate, row.interval)} />
                      <span className="whitespace-nowrap text-slate-700">{rateWithInterval(row.rate, row.interval)}</span>
                    </div>
                  </td>
                  <td className="py-2 pr-3 text-slate-700">{row.bestRank === null ? '–' : `#${row.bestRank}`}</td>
                  <td className="py-2 text-slate-700">{row.ownPagesCited}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Panel>
  );
}
