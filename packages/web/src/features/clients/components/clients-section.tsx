import { canManageClients, canWrite, planAtLeast, type Profile, type RollupRow } from '@citable/contract';
import { Building2, Download, Plus, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useToast } from '../../../components/toast/use-toast';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { useCurrentWorkspace } from '../../../hooks/use-workspaces';
import { errorMessage } from '../../../lib/api-client';
import { useClientScope } from '../../../stores/client-scope';
import { useUiState } from '../../../stores/ui-state';
import { rollupCsvUrl } from '../api/clients-api';
import { useDeleteClient, useRollup } from '../hooks/use-clients';
import { DeleteClientDialog } from './delete-client-dialog';
import { AddClientForm } from './add-client-form';
import { RollupTable } from './rollup-table';
import { ScheduleDialog } from './schedule-dialog';

/** The agency's clients (issue #11 §2): add a client, the roll-up of latest scores, CSV export. */
export function ClientsSection({ profile }: { profile: Profile }) {
  const { workspace, isPending, isError, error, refetch } = useCurrentWorkspace();
  const { openBilling, setSettingsOpen } = useUiState();

  return (
    <div className="space-y-6" data-testid="clients-section">
      <header>
        <h2 className="flex items-center gap-2 text-2xl font-semibold text-slate-900">
          <Building2 aria-hidden="true" className="size-6 text-primary-600" /> Clients
        </h2>
        <p className="mt-1 text-slate-600">Every client with its own sites, competitors, goals and branding; their latest scores, changes and open alerts side by side.</p>
      </header>
      {isPending ? (
        <div className="flex justify-center p-10" role="status" aria-label="Loading your workspace">
          <Spinner className="size-6" />
        </div>
      ) : isError ? (
        <div className="space-y-3">
          <Alert tone="error">{errorMessage(error)}</Alert>
          <Button variant="outline" onClick={refetch}>
            Try again
          </Button>
        </div>
      ) : workspace ? (
        <WorkspaceClients workspaceId={workspace.id} role={workspace.role} />
      ) : planAtLeast(profile.plan, 'agency') ? (
        <div className="space-y-3 rounded-xl border border-slate-200 bg-white p-6 shadow-sm" data-testid="clients-no-workspace">
          <p className="text-lg font-semibold text-slate-900">Create your workspace first</p>
          <p className="text-sm text-slate-700">A workspace holds your clients and your team. Name it in Settings → Team, then add clients here.</p>
          <Button onClick={() => setSettingsOpen(true)}>Open Team settings</Button>
        </div>
      ) : (
        <div className="space-y-3 rounded-xl border border-primary-200 bg-primary-50 p-6" data-testid="clients-upgrade">
          <p className="text-lg font-semibold text-slate-900">Manage clients with the Agency plan</p>
          <p className="text-sm text-slate-700">The Agency plan adds a client list with separate sites and branding for each client, a roll-up of their scores, scheduled client reports and team access.</p>
          <Button onClick={() => openBilling({ plan: 'agency', feature: 'Client management' })}>See plans</Button>
        </div>
      )}
    </div>
  );
}

function WorkspaceClients({ workspaceId, role }: { workspaceId: string; role: Parameters<typeof canWrite>[0] }) {
  const rollup = useRollup(workspaceId);
  const [, setParams] = useSearchParams();
  const [adding, setAdding] = useState(false);
  const [scheduling, setScheduling] = useState<RollupRow | null>(null);
  const [deleting, setDeleting] = useState<RollupRow | null>(null);
  const remove = useDeleteClient(workspaceId);
  const toast = useToast();
  const { clientId: selectedId, selectClient } = useClientScope();

  const confirmDelete = () => {
    if (!deleting) return;
    const { clientId, name } = deleting;
    remove.mutate(clientId, {
      onSuccess: () => {
        // Its data is gone: a dashboard still showing it goes back to the own account.
        if (selectedId === clientId) selectClient(null);
        toast.show({ type: 'success', title: 'Client deleted', message: `${name} and all its data were deleted.` });
        setDeleting(null);
      },
      onError: (error) => toast.show({ type: 'error', title: 'Could not delete the client', message: errorMessage(error) }),
    });
  };
  const manage = canManageClients(role);

  // "Open" views the client's dashboard: select it, then show the overview of its data.
  const open = (clientId: string) => {
    selectClient(clientId);
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('section');
        return next;
      },
      { replace: false },
    );
    window.scrollTo({ top: 0 });
  };

  return (
    <>
      {adding ? <AddClientForm workspaceId={workspaceId} onDone={() => setAdding(false)} /> : null}
      <section className="rounded-xl border border-slate-200 bg-white shadow-sm" aria-labelledby="rollup-title">
        <div className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-200 px-5 py-3">
          <h3 id="rollup-title" className="font-semibold text-slate-900">
            All clients
          </h3>
          <div className="flex flex-wrap items-center gap-2">
            <Button variant="ghost" size="sm" onClick={() => void rollup.refetch()} disabled={rollup.isFetching}>
              <RefreshCw aria-hidden="true" className={rollup.isFetching ? 'size-4 animate-spin' : 'size-4'} /> Refresh
            </Button>
            {rollup.data && rollup.data.length > 0 ? (
              <a href={rollupCsvUrl(workspaceId)} download className={buttonClasses('outline', 'sm')} data-testid="rollup-export">
                <Download aria-hidden="true" className="size-4" /> Export CSV
              </a>
            ) : null}
            {manage && !adding ? (
              <Button size="sm" onClick={() => setAdding(true)} data-testid="add-client">
                <Plus aria-hidden="true" className="size-4" /> Add client
              </Button>
            ) : null}
          </div>
        </div>
        {rollup.isPending ? (
          <div className="flex justify-center p-10" role="status" aria-label="Loading clients">
            <Spinner className="size-6" />
          </div>
        ) : rollup.isError ? (
          <div className="space-y-3 p-5">
            <Alert tone="error">{errorMessage(rollup.error)}</Alert>
            <Button variant="outline" onClick={() => void rollup.refetch()}>
              Try again
            </Button>
          </div>
        ) : rollup.data.length === 0 ? (
          <div className="flex flex-col items-center gap-3 px-5 py-12 text-center" data-testid="clients-empty">
            <Building2 aria-hidden="true" className="size-10 text-slate-400" />
            <p className="text-lg font-semibold text-slate-900">{manage ? 'No clients yet' : 'No clients are shared with you yet'}</p>
            <p className="max-w-sm text-sm text-slate-600">
              {manage ? 'Add a client with its website; it gets its own audits, alerts, reports and branding.' : 'Ask the workspace owner to share a client with you.'}
            </p>
            {manage && !adding ? <Button onClick={() => setAdding(true)}>Add client</Button> : null}
          </div>
        ) : (
          <RollupTable rows={rollup.data} onOpen={open} onSchedule={canWrite(role) ? setScheduling : undefined} onDelete={manage ? setDeleting : undefined} />
        )}
      </section>
      <DeleteClientDialog name={deleting?.name ?? null} deleting={remove.isPending} onConfirm={confirmDelete} onClose={() => setDeleting(null)} />
      <ScheduleDialog workspaceId={workspaceId} client={scheduling ? { id: scheduling.clientId, name: scheduling.name } : null} onClose={() => setScheduling(null)} />
    </>
  );
}
