import type { Incident, Maintenance } from '@citable/contract';
import { formatDateTime, formatDuration } from '../lib/format';
import { StateBadge } from './status-badge';

function Timeline({ updates }: { updates: Incident['updates'] }) {
  if (updates.length === 0) return <p className="mt-3 text-sm text-slate-600">No updates yet.</p>;
  return (
    <ol className="mt-4 space-y-3 border-l-2 border-slate-200 pl-4">
      {[...updates]
        .sort((a, b) => Date.parse(b.at) - Date.parse(a.at))
        .map((update) => (
          <li key={`${update.at}-${update.message}`}>
            <p className="text-xs font-medium text-slate-600">
              <time dateTime={update.at}>{formatDateTime(update.at)}</time>
            </p>
            <p className="text-sm text-slate-800">{update.message}</p>
          </li>
        ))}
    </ol>
  );
}

export function ActiveIncident({ incident }: { incident: Incident }) {
  return (
    <article className="rounded-2xl border border-amber-200 bg-amber-50/60 p-5">
      <div className="flex flex-wrap items-center gap-3">
        <StateBadge state={incident.status} />
        <h3 className="font-semibold text-slate-900">{incident.title}</h3>
      </div>
      <p className="mt-1 text-sm text-slate-600">
        {incident.id} · Started <time dateTime={incident.started}>{formatDateTime(incident.started)}</time>
      </p>
      <Timeline updates={incident.updates} />
    </article>
  );
}

export function PastIncident({ incident }: { incident: Incident & { resolved: string } }) {
  return (
    <details className="group rounded-2xl border border-slate-200 p-5">
      <summary className="flex cursor-pointer list-none flex-wrap items-center justify-between gap-3">
        <span className="flex flex-wrap items-center gap-3">
          <StateBadge state="resolved" />
          <span className="font-semibold text-slate-900">{incident.title}</span>
        </span>
        <span className="text-sm text-slate-600">
          <time dateTime={incident.started}>{formatDateTime(incident.started)}</time> · lasted {formatDuration(incident.started, incident.resolved)}
          <span aria-hidden="true" className="ml-2 inline-block transition-transform group-open:rotate-90">
            ›
          </span>
        </span>
      </summary>
      <p className="mt-3 text-sm text-slate-600">
        {incident.id} · Resolved <time dateTime={incident.resolved}>{formatDateTime(incident.resolved)}</time>
      </p>
      <Timeline updates={incident.updates} />
    </details>
  );
}

export function MaintenanceWindow({ window }: { window: Maintenance }) {
  return (
    <article className="rounded-2xl border border-sky-200 bg-sky-50/60 p-5">
      <div className="flex flex-wrap items-center gap-3">
        <StateBadge state={window.status} />
        <h3 className="font-semibold text-slate-900">{window.title}</h3>
      </div>
      <p className="mt-1 text-sm text-slate-600">
        <time dateTime={window.start}>{formatDateTime(window.start)}</time> to <time dateTime={window.end}>{formatDateTime(window.end)}</time>
      </p>
      {window.description ? <p className="mt-3 text-sm text-slate-800">{window.description}</p> : null}
    </article>
  );
}
