import { Building2 } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { READ_ONLY_REASON_ID, useScopeAccess } from '../../../hooks/use-scope-access';
import { useScopedClients } from '../hooks/use-scope-guard';

/** A reminder above every section while a client is selected: whose data this is, and the way back. */
export function ClientBanner() {
  const { clients, clientId, selectClient } = useScopedClients();
  const client = clientId ? clients?.find((item) => item.id === clientId) : undefined;
  const { reason } = useScopeAccess();
  if (!client) return null;
  return (
    <div className="mb-6 flex flex-wrap items-center justify-between gap-3 rounded-xl border border-primary-200 bg-primary-50 px-4 py-2.5 text-sm" data-testid="client-banner">
      <p className="flex min-w-0 items-center gap-2 text-primary-900">
        <Building2 aria-hidden="true" className="size-4 shrink-0" />
        <span className="min-w-0 truncate">
          Viewing client <strong data-testid="client-banner-name">{client.name}</strong>
          {client.primaryUrl ? <span className="text-primary-800"> · {client.primaryUrl.replace(/^https?:\/\//, '').replace(/\/$/, '')}</span> : null}
        </span>
      </p>
      {/* Controls a read-only role cannot use point here with aria-describedby (and carry it as their title). */}
      {reason ? (
        <p id={READ_ONLY_REASON_ID} className="text-primary-900" data-testid="client-banner-read-only">
          {reason}
        </p>
      ) : null}
      <Button variant="ghost" size="sm" onClick={() => selectClient(null)}>
        Back to my account
      </Button>
    </div>
  );
}
