import { serviceStatusLabel } from '@citable/contract';
import { cn } from '../../../lib/cn';
import { statusStyle } from '../lib/format';

export function StatusBadge({ status }: { status: string }) {
  const style = statusStyle(status);
  return (
    <span className={cn('inline-flex items-center gap-1.5 text-sm font-medium', style.text)}>
      <span aria-hidden="true" className={cn('size-2.5 rounded-full', style.dot)} />
      {serviceStatusLabel(status)}
    </span>
  );
}

const INCIDENT_TONES: Record<string, string> = {
  investigating: 'bg-red-100 text-red-800',
  identified: 'bg-amber-100 text-amber-900',
  monitoring: 'bg-sky-100 text-sky-800',
  resolved: 'bg-emerald-100 text-emerald-800',
  scheduled: 'bg-sky-100 text-sky-800',
  in_progress: 'bg-amber-100 text-amber-900',
  completed: 'bg-emerald-100 text-emerald-800',
};

/** Incident and maintenance states: investigating, identified, monitoring, resolved; scheduled, in progress, completed. */
export function StateBadge({ state }: { state: string }) {
  return <span className={cn('inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold capitalize', INCIDENT_TONES[state] ?? 'bg-slate-100 text-slate-700')}>{state.replace('_', ' ')}</span>;
}
