import type { Incident, StatusResponse } from '@citable/contract';
import { CircleAlert, RefreshCw } from 'lucide-react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { cn } from '../../../lib/cn';
import { useSystemStatus } from '../api/use-system-status';
import { formatTime, overallTitle, statusStyle } from '../lib/format';
import { ComponentsTable } from './components-table';
import { ActiveIncident, MaintenanceWindow, PastIncident } from './incidents';

function Section({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={id} className="mt-10">
      <h2 id={id} className="text-xl font-semibold text-slate-900">
        {title}
      </h2>
      <div className="mt-4 space-y-4">{children}</div>
    </section>
  );
}

function StatusBody({ status }: { status: StatusResponse }) {
  const active = status.incidents.filter((incident) => incident.resolved === null);
  const past = status.incidents.filter((incident): incident is Incident & { resolved: string } => incident.resolved !== null).sort((a, b) => Date.parse(b.started) - Date.parse(a.started));
  return (
    <>
      {status.fileError ? (
        <Alert tone="error" className="mt-6">
          Incidents and maintenance could not be read: {status.fileError}
        </Alert>
      ) : null}
      <Section id="status-active" title="Active Incidents">
        {active.length ? active.map((incident) => <ActiveIncident key={incident.id} incident={incident} />) : <p className="text-slate-600">No active incidents.</p>}
      </Section>
      <Section id="status-components" title="System Components">
        {status.groups.map((group) => (
          <ComponentsTable key={group.name} group={group} />
        ))}
      </Section>
      {status.maintenance.length ? (
        <Section id="status-maintenance" title="Scheduled Maintenance">
          {status.maintenance.map((window) => (
            <MaintenanceWindow key={window.id} window={window} />
          ))}
        </Section>
      ) : null}
      <Section id="status-past" title="Past Incidents">
        {past.length ? past.map((incident) => <PastIncident key={incident.id} incident={incident} />) : <p className="text-slate-600">No incidents have been reported.</p>}
      </Section>
    </>
  );
}

/** System Status (spec 000 §2): the live health of this installation plus the operator's incidents. */
export function StatusPage() {
  useDocumentTitle('System Status | Citable');
  const query = useSystemStatus();
  const { data } = query;
  const style = statusStyle(data?.overall ?? 'unknown');

  return (
    <div className="mx-auto max-w-4xl px-4 py-12 sm:px-6">
      <p className="text-sm font-semibold tracking-wide text-primary-700 uppercase">System Status</p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">Citable system status</h1>
      <p className="mt-3 text-slate-600">Each component is checked live by this installation when the page loads or refreshes.</p>

      <div className={cn('mt-8 flex flex-wrap items-center justify-between gap-4 rounded-2xl border p-5', data ? style.banner : 'border-slate-200 bg-slate-50')} aria-live="polite">
        {data ? (
          <p className={cn('flex items-center gap-3 text-lg font-semibold', style.text)}>
            <span aria-hidden="true" className={cn('size-3 rounded-full', style.dot)} />
            {overallTitle(data.overall)}
          </p>
        ) : query.isError ? (
          <p className="flex items-center gap-2 font-semibold text-red-800">
            <CircleAlert aria-hidden="true" className="size-5" />
            The status could not be loaded: {query.error.message}
          </p>
        ) : (
          <p className="flex items-center gap-3 font-medium text-slate-700" role="status">
            <Spinner className="text-primary-600" />
            Checking all systems...
          </p>
        )}
        <div className="flex items-center gap-3">
          {data ? (
            <p className="text-sm text-slate-600">
              Last updated <time dateTime={data.checkedAt}>{formatTime(data.checkedAt)}</time>
            </p>
          ) : null}
          <Button variant="outline" size="sm" onClick={() => void query.refetch()} disabled={query.isFetching}>
            <RefreshCw aria-hidden="true" className={cn('size-4', query.isFetching && 'animate-spin')} />
            {query.isFetching ? 'Refreshing...' : 'Refresh'}
          </Button>
        </div>
      </div>

      {data ? <StatusBody status={data} /> : null}
    </div>
  );
}
