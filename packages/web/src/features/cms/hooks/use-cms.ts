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

export function useDeleteIntegration() {
  const client = useQueryClient();
  return useMutation({ mutationFn: (id: string) => deleteIntegration(id), onSuccess: () => client.invalidateQueries({ queryKey: KEY }) });
}

export function useAuditItem() {
  return useMutation({ mutationFn: (itemId: string) => auditSyncedItem(itemId) });
}
