import { SUBSCORE_IDS, SUBSCORE_LABELS, type AuditReport } from '@citable/contract';
import { Lock } from 'lucide-react';
import { cn } from '../../../lib/cn';
import { scoreTone } from '../lib/score-tone';

/** The four subscores, or for a plan without them an explanation of where they come from. */
export function SubscoreGrid({ report }: { report: AuditReport }) {
  const { subscores } = report;
  if (!subscores) {
    return (
      <div className="flex items-start gap-3 rounded-xl border border-dashed border-slate-300 bg-slate-50 p-4" data-testid="subscores-locked">
        <Lock aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-slate-500" />
        <div className="text-sm text-slate-700">
          <p className="font-medium text-slate-900">Subscores and the detailed breakdown come with the Core plan.</p>
          <p className="mt-1">
            Your audits are kept in full: upgrade to see AI Understanding, Citation Likelihood, Conversational Readiness and Content Structure Quality for
            every audit, past ones included.{' '}
            <a href="/#pricing" className="font-medium text-primary-700 underline hover:text-primary-800">
              Compare plans
            </a>
          </p>
        </div>
      </div>
    );
  }
  return (
    <ul className="grid gap-3 sm:grid-cols-2" aria-label="Subscores" data-testid="subscores">
      {SUBSCORE_IDS.map((id) => {
        const score = subscores[id];
        const tone = scoreTone(score);
        return (
          <li key={id} className="rounded-xl border border-slate-200 p-3">
            <div className="flex items-baseline justify-between gap-2">
              <span className="text-sm font-medium text-slate-700">{SUBSCORE_LABELS[id]}</span>
              <span className={cn('text-lg font-bold tabular-nums', tone.text)}>
                {score}
                <span className="sr-only"> out of 100</span>
              </span>
            </div>
            <div className="mt-2 h-1.5 overflow-hidden rounded-full bg-slate-100" aria-hidden="true">
              <div className={cn('h-full rounded-full', tone.bar)} style={{ width: `${score}%` }} />
            </div>
          </li>
        );
      })}
    </ul>
  );
}
