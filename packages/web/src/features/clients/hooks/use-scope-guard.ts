import type { WorkspaceClient } from '@citable/contract';
import { useEffect } from 'react';
import { useCurrentWorkspace, useWorkspaceClients } from '../../../hooks/use-workspaces';
import { useClientScope } from '../../../stores/client-scope';

/**
 * The workspace, its visible clients and the selection, with a stale selection dropped: a client
 * that was deleted, unshared or belongs to a workspace the user has left goes back to "My account".
 */
export function useScopedClients(): { workspaceId: string | null; clients: WorkspaceClient[] | undefined; clientId: string | null; selectClient: (id: string | null) => void } {
  const { workspace, isPending } = useCurrentWorkspace();
  const clients = useWorkspaceClients(workspace?.id);
  const { clientId, selectClient } = useClientScope();

  useEffect(() => {
    if (!clientId || isPending) return;
    if (!workspace) return selectClient(null);
    if (clients.data && !clients.data.some((client) => client.id === clientId)) selectClient(null);
  }, [clientId, isPending, workspace, clients.data, selectClient]);

  return { workspaceId: workspace?.id ?? null, clients: clients.data, clientId, selectClient };
}
