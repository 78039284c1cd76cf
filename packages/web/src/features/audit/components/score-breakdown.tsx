import { useState } from 'react';
import { SUBSCORE_IDS, SUBSCORE_LABELS, type AuditReport, type AuditReportCheck, type SubscoreId } from '@citable/contract';
import { ChevronDown, CircleCheck, CircleMinus, CircleX } from 'lucide-react';
import { cn } from '../../../lib/cn';

function CheckRow({ check }: { check: AuditReportCheck }) {
  const state = check.passed === null ? 'na' : check.passed ? 'pass' : 'fail';
  const Icon = state === 'pass' ? CircleCheck : state === 'fail' ? CircleX : CircleMinus;
  const label = state === 'pass' ? 'Passed' : state === 'fail' ? 'Failed' : 'Not applicable';
  return (
    <li className="flex gap-3 py-3" data-testid="breakdown-check">
      <Icon aria-hidden="true" className={cn('mt-0.5 size-5 shrink-0', state === 'pass' ? 'text-emerald-600' : state === 'fail' ? 'text-red-600' : 'text-slate-400')} />
      <div className="min-w-0 text-sm">
        <p className="font-medium text-slate-900">
          {check.title} <span className={cn('ml-1 text-xs font-semibold', state === 'fail' ? 'text-red-700' : 'text-slate-500')}>{label}</span>
          {check.pagesFailing !== undefined && check.pagesFailing > 0 && (
            <span className="ml-1 text-xs text-slate-500">
              (on {check.pagesFailing} of {check.pagesApplicable} pages)
            </span>
          )}
        </p>
        <p className="mt-0.5 text-slate-600">{check.explanation}</p>
        {state === 'fail' && (
          <p className="mt-1 text-slate-800">
            <span className="font-medium">Fix: </span>
            {check.suggestion}
          </p>
        )}
      </div>
    </li>
  );
}

/** Failing checks first (most points lost), then passing ones, then the ones that did not apply. */
function ordered(checks: AuditReportCheck[]): AuditReportCheck[] {
  const rank = (check: AuditReportCheck) => (check.passed === false ? 0 : check.passed ? 1 : 2);
  return [...checks].sort((a, b) => rank(a) - rank(b) || b.pointsLost - a.pointsLost);
}

/** Each subscore's checks; every section expands and collapses on its own (spec 001 §2, §4). */
export function ScoreBreakdown({ report }: { report: AuditReport }) {
  const [open, setOpen] = useState<ReadonlySet<SubscoreId>>(new Set());
  const { checks, subscores } = report;
  if (!checks || !subscores) return null;
  const toggle = (id: SubscoreId) =>
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <section aria-labelledby="breakdown-title" data-testid="score-breakdown">
      <h3 id="breakdown-title" className="text-base font-semibold text-slate-900">
        Detailed breakdown
      </h3>
      <div className="mt-3 divide-y divide-slate-200 rounded-xl border border-slate-200">
        {SUBSCORE_IDS.map((id) => {
          const own = ordered(checks.filter((check) => check.subscore === id));
          const failing = own.filter((check) => check.passed === false).length;
          const expanded = open.has(id);
          const panelId = `breakdown-${id}`;
          return (
            <div key={id}>
              <h4>
                <button
                  type="button"
                  aria-expanded={expanded}
                  aria-controls={panelId}
                  onClick={() => toggle(id)}
                  className="flex w-full items-center justify-between gap-3 px-4 py-3 text-left hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-primary-600"
                >
                  <span className="font-medium text-slate-900">{SUBSCORE_LABELS[id]}</span>
                  <span className="flex items-center gap-3 text-sm text-slate-600">
                    <span>
                      {subscores[id]}/100 · {failing === 0 ? 'all checks passed' : `${failing} to fix`}
                    </span>
                    <ChevronDown aria-hidden="true" className={cn('size-4 transition-transform', expanded && 'rotate-180')} />
                  </span>
                </button>
              </h4>
              <div id={panelId} hidden={!expanded} className="px-4">
                {own.length === 0 ? (
                  <p className="py-3 text-sm text-slate-600">Detailed analysis not available</p>
                ) : (
                  <ul className="divide-y divide-slate-100">
                    {own.map((check) => (
                      <CheckRow key={check.id} check={check} />
                    ))}
                  </ul>
                )}
              </div>
            </div>
          );
        })}
      </div>
    </section>
  );
}
