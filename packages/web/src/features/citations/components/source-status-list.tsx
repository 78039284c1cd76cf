import type { CitationSourceStatus } from '@citable/contract';
import { CircleAlert, CircleCheck, CircleOff, Lock, WifiOff } from 'lucide-react';
import { Panel } from './panel';

const STATUS = {
  ok: { label: 'Checked', icon: CircleCheck, className: 'text-emerald-700' },
  not_configured: { label: 'Not set up', icon: CircleOff, className: 'text-slate-500' },
  not_in_plan: { label: 'Not in your plan', icon: Lock, className: 'text-slate-500' },
  unreachable: { label: 'Unreachable', icon: WifiOff, className: 'text-amber-700' },
  error: { label: 'Error', icon: CircleAlert, className: 'text-red-700' },
} as const;

/** Every source, including the ones that were off or failed, with why. */
export function SourceStatusList({ sources }: { sources: CitationSourceStatus[] }) {
  return (
    <Panel title="Sources" testId="citation-sources">
      <ul className="divide-y divide-slate-100">
        {sources.map((source) => {
          const status = STATUS[source.status];
          const Icon = status.icon;
          return (
            <li key={source.id} className="flex flex-wrap items-start gap-x-3 gap-y-1 py-2 text-sm" data-testid={`citation-source-${source.id}`}>
              <span className={`flex w-40 shrink-0 items-center gap-1.5 font-medium ${status.className}`}>
                <Icon aria-hidden="true" className="size-4" />
                {status.label}
              </span>
              <span className="w-40 shrink-0 font-medium text-slate-900">{source.name}</span>
              <span className="min-w-0 flex-1 text-slate-600">{source.message}</span>
            </li>
          );
        })}
      </ul>
    </Panel>
  );
}
