import type { WorkspaceClient, WorkspaceSummary } from '@citable/contract';
import { useQuery } from '@tanstack/react-query';
import { fetchWorkspaceClients, fetchWorkspaces, workspaceKeys } from '../lib/workspaces-api';
import { useSession } from './use-session';

/** The workspaces the signed-in user belongs to (owned or joined); empty for most accounts. */
export function useWorkspaces() {
  const session = useSession();
  return useQuery<WorkspaceSummary[]>({
    queryKey: [...workspaceKeys.list, session.data?.id ?? 'anonymous'],
    queryFn: ({ signal }) => fetchWorkspaces(signal),
    enabled: Boolean(session.data),
    staleTime: 60_000,
  });
}

/**
 * The one workspace the product shows: the first one the user belongs to. A user owns at most one
 * workspace; joining several is possible on the server, and the first (owned first) is shown.
 */
export function useCurrentWorkspace(): { workspace: WorkspaceSummary | null; isPending: boolean; isError: boolean; error: unknown; refetch: () => void } {
  const workspaces = useWorkspaces();
  const list = workspaces.data ?? [];
  const workspace = list.find((item) => item.role === 'owner') ?? list[0] ?? null;
  return { workspace, isPending: workspaces.isPending, isError: workspaces.isError, error: workspaces.error, refetch: () => void workspaces.refetch() };
}

/** The clients of a workspace the user may see (a client-role member: the shared ones only). */
export function useWorkspaceClients(workspaceId: string | null | undefined) {
  return useQuery<WorkspaceClient[]>({
    queryKey: workspaceKeys.clients(workspaceId ?? 'none'),
    queryFn: ({ signal }) => fetchWorkspaceClients(workspaceId!, signal),
    enabled: Boolean(workspaceId),
    staleTime: 30_000,
  });
}
