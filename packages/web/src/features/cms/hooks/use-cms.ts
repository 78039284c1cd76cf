import type { CmsListResponse } from '@citable/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { auditSyncedItem, deleteIntegration, fetchIntegrations, fetchSyncedItems, runCmsAction, type CmsAction } from '../api/cms-api';

const KEY = ['cms'] as const;

export function useIntegrations() {
  return useQuery({ queryKey: KEY, queryFn: ({ signal }) => fetchIntegrations(signal) });
}

export function useSyncedItems(integrationId: string, enabled: boolean) {
  return useQuery({ queryKey: [...KEY, integrationId, 'items'], queryFn: ({ signal }) => fetchSyncedItems(integrationId, signal), enabled });
}

/** Every action changes the list (connection, last sync) or its items, so each reloads them. */
export function useCmsAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (action: CmsAction) => runCmsAction(action),
    onSuccess: () => client.invalidateQueries({ queryKey: KEY }),
  });
}

/**
 * A deleted integration's synced items are deleted with it, so its items query must not run again:
 * invalidating all of KEY would refetch the open item list alongside the connection list, and
 * that request answers 404 whenever it is faster than the list that unmounts it. The deleted
 * connection leaves the cached list at once, its queries leave the cache, and only what remains
 * reloads.
 */
export function useDeleteIntegration() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteIntegration(id),
    onSuccess: (_deleted, id) => {
      client.setQueryData<CmsListResponse>(KEY, (current) => current && { ...current, integrations: current.integrations.filter((integration) => integration.id !== id) });
      // Removing a query also cancels a fetch of it that is under way.
      client.removeQueries({ queryKey: [...KEY, id] });
      return client.invalidateQueries({ queryKey: KEY });
    },
  });
}

export function useAuditItem() {
  return useMutation({ mutationFn: (itemId: string) => auditSyncedItem(itemId) });
}
