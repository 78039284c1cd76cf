import type { ReactNode } from 'react';
import { cn } from '../../../lib/cn';

/** A titled block of a tool's result. */
export function ResultCard({ title, actions, children, className, testId }: { title: ReactNode; actions?: ReactNode; children: ReactNode; className?: string; testId?: string }) {
  return (
    <section className={cn('rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200', className)} data-testid={testId}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h3 className="text-base font-semibold text-slate-900">{title}</h3>
        {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
      </div>
      <div className="mt-4">{children}</div>
    </section>
  );
}

/** A number with its label, for the headline figures of a result. */
export function Stat({ label, value, hint }: { label: string; value: ReactNode; hint?: string }) {
  return (
    <div className="rounded-xl bg-slate-50 px-4 py-3">
      <dt className="text-xs font-medium tracking-wide text-slate-600 uppercase">{label}</dt>
      <dd className="mt-1 text-2xl font-semibold text-slate-900">{value}</dd>
      {hint ? <dd className="mt-0.5 text-xs text-slate-600">{hint}</dd> : null}
    </div>
  );
}

export function EmptyResult({ children }: { children: ReactNode }) {
  return <p className="rounded-xl bg-slate-50 px-4 py-6 text-center text-slate-600">{children}</p>;
}
