import { CITATION_MEASURES, ENGINE_FAILURE_LABELS, type CitationSourceId, type TrackingRun } from '@citable/contract';
import { ArrowDown, ArrowUp } from 'lucide-react';
import { useState } from 'react';
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { SelectField } from '../../../../components/ui/field';
import { ScrollRegion } from '../../../../components/ui/scroll-region';
import { Spinner } from '../../../../components/ui/spinner';
import { errorMessage } from '../../../../lib/api-client';
import { useTrackingAnswers, useTrackingHistory } from '../../hooks/use-tracking';
import { ALL_PROMPTS, engineLine, promptCell, trendRows } from '../../lib/tracking-format';
import { Panel } from '../panel';
import { ShareOfVoice } from '../share-of-voice';

/** One colour per engine, told apart without relying on colour alone (the legend names them). */
const ENGINE_COLOURS = ['#4338ca', '#0f766e', '#b45309', '#be123c', '#6d28d9'];
const day = (date: Date) => date.toLocaleDateString(undefined, { day: 'numeric', month: 'short' });

/** The tracked prompts' history (issue 21): per engine and per prompt, with the latest share of voice, sources and gaps. */
export function TrackingHistory({ domain, lastRunAt, noRuns }: { domain: string; lastRunAt: string | null; noRuns: string }) {
  const history = useTrackingHistory(domain, lastRunAt);
  if (history.isPending) return <Spinner />;
  if (history.isError) return <p className="text-sm text-red-700">Could not load the history. {errorMessage(history.error)}</p>;
  const runs = history.data.runs;
  if (runs.length === 0) {
    return (
      <Panel title="Answer engines over time" testId="tracking-history">
        <p className="text-sm text-slate-600">{noRuns}</p>
      </Panel>
    );
  }
  const [latest, previous] = runs;
  return (
    <div className="space-y-4" data-testid="tracking-history">
      <EngineTrend runs={runs} />
      <PromptTable latest={latest} previous={previous} />
      <div className="grid gap-4 lg:grid-cols-2">
        <ShareOfVoice entries={latest.shareOfVoice} />
        <CitedDomains run={latest} />
      </div>
      <GapPrompts run={latest} />
    </div>
  );
}

function EngineTrend({ runs }: { runs: TrackingRun[] }) {
  const [prompt, setPrompt] = useState(ALL_PROMPTS);
  const prompts = [...new Set(runs.flatMap((run) => run.prompts.map((entry) => entry.prompt)))];
  const { rows, engines } = trendRows(runs, prompt, day);
  const [latest] = runs;
  return (
    <Panel
      title="Mention rate by answer engine"
      testId="tracking-trend"
      action={
        <SelectField label="Prompt" hideLabel value={prompt} onChange={(event) => setPrompt(event.target.value)} data-testid="tracking-prompt-filter">
          <option value={ALL_PROMPTS}>All tracked prompts</option>
          {prompts.map((entry) => (
            <option key={entry} value={entry}>
              {entry}
            </option>
          ))}
        </SelectField>
      }
    >
      <ul className="mb-3 flex flex-wrap gap-x-6 gap-y-1 text-sm" data-testid="tracking-latest-engines">
        {latest.engines
          .filter((engine) => engine.status !== 'not_configured' && engine.status !== 'not_in_plan')
          .map((engine) => (
            <li key={engine.sourceId}>
              <span className="font-medium text-slate-900">{engine.name}</span>{' '}
              <span className="text-slate-700">
                {engineLine(engine)}
              </span>
            </li>
          ))}
      </ul>
      {rows.length < 2 ? (
        <p className="text-sm text-slate-600">The trend appears after the second scheduled run.</p>
      ) : (
        <div className="h-64" role="img" aria-label={`Mention rate per answer engine over ${rows.length} runs`}>
          <ResponsiveContainer width="100%" height="100%">
            <LineChart data={rows} margin={{ top: 8, right: 16, bottom: 0, left: 0 }}>
              <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
              <XAxis dataKey="date" fontSize={12} />
              <YAxis domain={[0, 100]} unit="%" fontSize={12} />
              <Tooltip formatter={(value) => `${value}%`} />
              <Legend />
              {engines.map((engine, index) => (
                <Line key={engine.id} dataKey={engine.id} name={engine.name} stroke={ENGINE_COLOURS[index % ENGINE_COLOURS.length]} strokeWidth={2} dot connectNulls={false} isAnimationActive={false} />
              ))}
            </LineChart>
          </ResponsiveContainer>
        </div>
      )}
    </Panel>
  );
}

function PromptTable({ latest, previous }: { latest: TrackingRun; previous: TrackingRun | undefined }) {
  // Engines that answered, and those asked whose asks all failed: their prompts stay listed with the reason.
  const engines = latest.engines.filter((engine) => engine.samples > 0 || (engine.failedAsks ?? 0) > 0);
  const prompts = [...new Set(latest.prompts.map((entry) => entry.prompt))];
  const [open, setOpen] = useState<{ sourceId: CitationSourceId; prompt: string } | null>(null);
  if (engines.length === 0) return null;
  const isOpen = (sourceId: CitationSourceId, prompt: string) => open?.sourceId === sourceId && open.prompt === prompt;
  return (
    <Panel title="Latest run by prompt" testId="tracking-prompts">
      {/* Phones: one card per prompt, each engine on its own line, rather than a table to scroll sideways. */}
      <ul className="space-y-3 sm:hidden" data-testid="tracking-prompts-stacked">
        {prompts.map((prompt) => (
          <li key={prompt} className="rounded-lg border border-slate-200 p-3 text-sm">
            <p className="font-medium text-slate-900">{prompt}</p>
            <dl className="mt-2 space-y-1">
              {engines.map((engine) => {
                const cell = promptCell(latest, previous, engine.sourceId, prompt);
                return (
                  <div key={engine.sourceId} className="flex justify-between gap-3">
                    <dt className="text-slate-600">{engine.name}</dt>
                    <dd className="text-slate-800">{cell ? cell.text : (latest.prompts.find((row) => row.sourceId === engine.sourceId && row.prompt === prompt)?.reason ?? '–')}</dd>
                  </div>
                );
              })}
            </dl>
          </li>
        ))}
      </ul>
      <ScrollRegion label="Mention rate by prompt and answer engine" className="hidden sm:block">
        <table className="w-full min-w-[36rem] text-left text-sm">
          <thead className="text-slate-600">
            <tr>
              <th scope="col" className="py-2 pr-3 font-medium">
                Prompt
              </th>
              {engines.map((engine) => (
                <th key={engine.sourceId} scope="col" className="px-3 py-2 font-medium">
                  {engine.name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {prompts.map((prompt) => (
              <tr key={prompt}>
                <th scope="row" className="py-2 pr-3 font-normal text-slate-900">
                  {prompt}
                </th>
                {engines.map((engine) => {
                  const cell = promptCell(latest, previous, engine.sourceId, prompt);
                  return (
                    <td key={engine.sourceId} className="whitespace-nowrap px-3 py-2 text-slate-700">
                      {cell ? (
                        <button
                          type="button"
                          className="inline-flex items-center gap-1 rounded text-left underline decoration-slate-300 underline-offset-2 hover:decoration-primary-600 focus-visible:outline-2 focus-visible:outline-primary-600"
                          aria-expanded={isOpen(engine.sourceId, prompt)}
                          aria-label={`${cell.text}: read ${engine.name}'s answers to “${prompt}”`}
                          onClick={() => setOpen(isOpen(engine.sourceId, prompt) ? null : { sourceId: engine.sourceId, prompt })}
                        >
                          {cell.text}
                          {cell.change === 'up' ? <ArrowUp aria-label="up since the previous run" className="size-3.5 text-emerald-700" /> : null}
                          {cell.change === 'down' ? <ArrowDown aria-label="down since the previous run" className="size-3.5 text-red-700" /> : null}
                        </button>
                      ) : (
                        <span className="whitespace-normal text-xs text-slate-600">{latest.prompts.find((row) => row.sourceId === engine.sourceId && row.prompt === prompt)?.reason ?? '–'}</span>
                      )}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
      <p className="mt-2 text-xs text-slate-600">Share of the answers that mention you, with how many of the asks did.<span className="hidden sm:inline"> Choose a rate to read the answers.</span></p>
      <dl className="mt-2 space-y-1 text-xs text-slate-600" data-testid="tracking-measures">
        {(['mentioned', 'cited'] as const).map((measure) => (
          <div key={measure}>
            <dt className="inline font-medium text-slate-700">{CITATION_MEASURES[measure].label}:</dt> <dd className="inline">{CITATION_MEASURES[measure].definition}</dd>
          </div>
        ))}
      </dl>
      {open ? <Answers runId={latest.runId} sourceId={open.sourceId} name={engines.find((engine) => engine.sourceId === open.sourceId)?.name ?? ''} prompt={open.prompt} /> : null}
    </Panel>
  );
}

/** What one engine answered one prompt on the latest run, ask by ask, with what the tracker found in each. */
function Answers({ runId, sourceId, name, prompt }: { runId: string; sourceId: CitationSourceId; name: string; prompt: string }) {
  const answers = useTrackingAnswers(runId, sourceId, prompt);
  return (
    <section className="mt-4 space-y-3 rounded-lg border border-slate-200 bg-slate-50 p-4" aria-label={`${name}'s answers`} data-testid="tracking-answers">
      <h4 className="text-sm font-semibold text-slate-900">
        {name} on “{prompt}”
      </h4>
      {answers.isPending ? (
        <Spinner />
      ) : answers.isError ? (
        <p className="text-sm text-red-700">Could not load the answers. {errorMessage(answers.error)}</p>
      ) : answers.data.length === 0 ? (
        <p className="text-sm text-slate-600">No answer was stored for this prompt.</p>
      ) : (
        <ol className="space-y-3">
          {answers.data.map((answer) => (
            <li key={answer.sample} className="rounded-md bg-white p-3 text-sm shadow-sm">
              <p className="mb-1 text-xs font-medium text-slate-600">
                Ask {answer.sample + 1}: {answer.mentioned ? `mentions you${answer.rank ? `, ${ordinal(answer.rank)} of the brands named` : ''}` : 'does not mention you'}
                {answer.ownPageCited ? ' · cites your page' : ' · does not cite you'}
                {answer.competitorsMentioned.length > 0 ? ` · names ${answer.competitorsMentioned.join(', ')}` : ''}
                {(answer.competitorsCited ?? []).length > 0 ? ` · cites ${answer.competitorsCited.join(', ')}` : ''}
              </p>
              <p className="whitespace-pre-wrap text-slate-800">{answer.text || 'The answer was not kept.'}</p>
              {answer.citedUrls.length > 0 ? (
                <ul className="mt-2 space-y-0.5 text-xs">
                  {answer.citedUrls.map((url) => (
                    <li key={url} className="break-all">
                      <a href={url} target="_blank" rel="noopener noreferrer" className="text-primary-700 underline">
                        {url}
                      </a>
                    </li>
                  ))}
                </ul>
              ) : null}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

const ordinal = (rank: number) => `${rank}${rank % 10 === 1 && rank % 100 !== 11 ? 'st' : rank % 10 === 2 && rank % 100 !== 12 ? 'nd' : rank % 10 === 3 && rank % 100 !== 13 ? 'rd' : 'th'}`;

function CitedDomains({ run }: { run: TrackingRun }) {
  return (
    <Panel title="Sources the answers cite" testId="tracking-cited-domains">
      {run.citedDomains.length === 0 ? (
        <p className="text-sm text-slate-600">No answer cited a page on the last run.</p>
      ) : (
        <>
          <p className="mb-2 text-xs text-slate-600">Each site with the number of prompt and engine pairs whose answers cite it on the last run.</p>
          <ol className="space-y-1 text-sm">
            {run.citedDomains.map((entry) => (
              <li key={entry.host} className="flex justify-between gap-3">
                <span className={entry.own ? 'font-semibold text-slate-900' : 'text-slate-700'}>{entry.own ? `${entry.host} (you)` : entry.host}</span>
                <span className="text-slate-600">{entry.count}</span>
              </li>
            ))}
          </ol>
        </>
      )}
    </Panel>
  );
}

function GapPrompts({ run }: { run: TrackingRun }) {
  return (
    <Panel title="Citation gap" testId="tracking-gap">
      {run.gapPrompts.length === 0 ? (
        <p className="text-sm text-slate-600">No tracked prompt where a competitor is named or cited and you are not.</p>
      ) : (
        <ul className="space-y-1 text-sm">
          {run.gapPrompts.map((gap) => (
            <li key={gap.prompt}>
              <span className="text-slate-900">{gap.prompt}</span> <span className="text-slate-600">— {gap.competitors.join(', ')} named or cited, you are not</span>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}
