import type { StatusGroup } from '@citable/contract';
import { formatLatency } from '../lib/format';
import { StatusBadge } from './status-badge';

export function ComponentsTable({ group }: { group: StatusGroup }) {
  return (
    <div className="overflow-hidden rounded-2xl border border-slate-200">
      <table className="w-full table-fixed text-left text-sm">
        <caption className="bg-slate-50 px-4 py-3 text-left">
          <span className="flex items-center justify-between gap-4">
            <span className="font-semibold text-slate-900">{group.name}</span>
            <StatusBadge status={group.status} />
          </span>
        </caption>
        <thead className="border-y border-slate-200 text-xs tracking-wide text-slate-600 uppercase">
          <tr>
            <th scope="col" className="px-4 py-2 font-medium">
              Component
            </th>
            <th scope="col" className="w-36 px-4 py-2 font-medium sm:w-44">
              Status
            </th>
            <th scope="col" className="w-24 px-4 py-2 text-right font-medium">
              Latency
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {group.components.map((component) => (
            <tr key={component.id}>
              <th scope="row" className="px-4 py-3 font-normal">
                <span className="block font-medium text-slate-900">{component.name}</span>
                <span className="block text-xs text-slate-600">{component.detail}</span>
              </th>
              <td className="px-4 py-3 whitespace-nowrap">
                <StatusBadge status={component.status} />
              </td>
              <td className="px-4 py-3 text-right whitespace-nowrap text-slate-700 tabular-nums">{formatLatency(component.latencyMs)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
