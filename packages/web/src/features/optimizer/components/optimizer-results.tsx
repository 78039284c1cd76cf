import { SUBSCORE_IDS, SUBSCORE_LABELS, type CheckChange, type ContentOptimizerResult, type OptimizerChange } from '@citable/contract';
import { useState } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { CopyButton } from '../../tools/components/copy-button';
import { ResultCard, Stat } from '../../tools/components/result-card';
import { ScoreBar } from '../../tools/components/score-bar';
import { DiffView } from './diff-view';

const CHANGE_LABELS: Record<OptimizerChange['kind'], string> = {
  summary: 'Summary',
  'question-heading': 'Question heading',
  'sentence-split': 'Sentence split',
  faq: 'FAQ',
  placeholder: 'To fill in',
  rewrite: 'Rewrite',
  'figure-removed': 'Invented figure removed',
  'quote-removed': 'Invented quote removed',
  'direct-answer': 'Direct answer',
  'step-list': 'Numbered steps',
  'source-link': 'Source link',
  definition: 'Definition first',
};

/** "Questions are answered concisely 78 → 90": the checks the re-audit scored differently after an edit. */
function MovedChecks({ checks, label }: { checks: CheckChange[]; label: string }) {
  return (
    <ul className="flex flex-wrap gap-1.5 text-xs" aria-label={label}>
      {checks.map((c) => {
        const up = (c.currentScore ?? 0) > (c.previousScore ?? 0);
        return (
          <li key={c.checkId} className={`rounded-full px-2 py-0.5 ring-1 ${up ? 'bg-emerald-50 text-emerald-900 ring-emerald-200' : 'bg-amber-50 text-amber-900 ring-amber-200'}`}>
            {c.title}: {c.previousScore ?? 'n/a'} → {c.currentScore ?? 'n/a'}
            <span className="sr-only">{up ? ' (up)' : ' (down)'}</span>
          </li>
        );
      })}
    </ul>
  );
}

const signed = (n: number) => (n > 0 ? `+${n}` : String(n));

export function OptimizerResults({ result, original }: { result: ContentOptimizerResult; original: string }) {
  const [view, setView] = useState<'diff' | 'rewrite'>('diff');
  return (
    <div className="space-y-4" data-testid="optimizer-results">
      <p className="flex flex-wrap items-center gap-2 text-slate-700">
        <Badge tone="secondary">Source: {result.source}</Badge>
        Both scores are the engine&rsquo;s audit of the text itself.
      </p>
      <dl className="grid gap-3 sm:grid-cols-3">
        <Stat label="Original score" value={result.originalScore} />
        <Stat label="Optimized score" value={<span data-testid="optimizer-score">{result.optimizedScore}</span>} />
        <Stat label="Improvement" value={signed(result.improvement)} hint={result.improvement === 0 ? 'No edit raised the score; the content is returned as it was scored.' : undefined} />
      </dl>
      <ResultCard title="Subscores, before and after">
        <ul className="space-y-3">
          {SUBSCORE_IDS.map((id) => (
            <li key={id} className="grid items-center gap-2 sm:grid-cols-[12rem_1fr_1fr]">
              <span className="text-sm font-medium text-slate-800">{SUBSCORE_LABELS[id]}</span>
              <ScoreBar value={result.originalSubscores[id]} label={`${SUBSCORE_LABELS[id]} before`} />
              <ScoreBar value={result.optimizedSubscores[id]} label={`${SUBSCORE_LABELS[id]} after`} />
            </li>
          ))}
        </ul>
      </ResultCard>
      {result.improvement <= 0 ? (
        <p role="status" className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid="optimizer-no-improvement">
          Nothing the optimizer can do with your own words raised the score. What it needs is content only you can supply, listed below.
        </p>
      ) : null}
      {result.humanNeeded.length ? (
        <ResultCard title="What only you can add">
          <ul className="list-disc space-y-1 pl-5 text-sm text-slate-800" data-testid="optimizer-human-needed">
            {result.humanNeeded.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </ResultCard>
      ) : null}
      {result.checksMoved.length ? (
        <ResultCard title="Checks the rewrite moved">
          <MovedChecks checks={result.checksMoved} label="Checks the rewrite moved" />
        </ResultCard>
      ) : null}
      <ResultCard title={`Changes (${result.changes.length})`}>
        {result.changes.length === 0 ? (
          <p className="text-slate-600">No change was made.</p>
        ) : (
          <ul className="divide-y divide-slate-100" data-testid="optimizer-changes">
            {result.changes.map((change, index) => (
              <li key={index} className="space-y-1 py-2.5 first:pt-0 last:pb-0">
                <p className="text-sm text-slate-800">
                  <Badge className="mr-2">{CHANGE_LABELS[change.kind]}</Badge>
                  {change.description}
                </p>
                {change.before !== undefined || change.after !== undefined ? <DiffView compact before={change.before ?? ''} after={change.after ?? ''} /> : null}
                {change.checks?.length ? <MovedChecks checks={change.checks} label="Checks this edit moved" /> : null}
              </li>
            ))}
          </ul>
        )}
        {result.placeholders.length ? (
          <p className="mt-3 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
            Fill in {result.placeholders.join(', ')} with real figures, quotes and sources before publishing: Citable never invents them.
          </p>
        ) : null}
      </ResultCard>
      <ResultCard
        title="Optimized content"
        actions={
          <>
            <div role="group" aria-label="View" className="flex gap-1">
              <Button size="sm" variant={view === 'diff' ? 'secondary' : 'ghost'} aria-pressed={view === 'diff'} onClick={() => setView('diff')}>
                Changes
              </Button>
              <Button size="sm" variant={view === 'rewrite' ? 'secondary' : 'ghost'} aria-pressed={view === 'rewrite'} onClick={() => setView('rewrite')}>
                Rewritten text
              </Button>
            </div>
            <CopyButton text={result.optimizedContent} label="Copy rewrite" />
          </>
        }
      >
        {view === 'diff' ? (
          <DiffView before={original} after={result.optimizedContent} />
        ) : (
          <pre className="max-h-[32rem] overflow-auto rounded-lg bg-slate-50 p-4 text-xs leading-relaxed whitespace-pre-wrap text-slate-800 ring-1 ring-slate-200">{result.optimizedContent}</pre>
        )}
      </ResultCard>
    </div>
  );
}
