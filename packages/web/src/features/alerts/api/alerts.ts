import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ALERT_RULES, planAtLeast, type AlertList, type PlanId } from '@citable/contract';
import { apiClient } from '../../../lib/api-client';

const key = (userId: string) => ['alerts', userId] as const;

/** The bell's alerts; pro and agency refresh every 10 minutes (spec 001 §4). */
export function useAlerts(userId: string, plan: PlanId) {
  return useQuery({
    queryKey: key(userId),
    queryFn: ({ signal }) => apiClient.get<AlertList>('/api/alerts', { signal }),
    refetchInterval: planAtLeast(plan, 'pro') ? ALERT_RULES.refreshIntervalMs : false,
  });
}

/** Read, read-all and dismiss, each followed by a reload of the list (the server holds read state). */
export function useAlertActions(userId: string) {
  const client = useQueryClient();
  const onSettled = () => client.invalidateQueries({ queryKey: key(userId) });
  return {
    read: useMutation({ mutationFn: (id: string) => apiClient.post(`/api/alerts/${id}/read`), onSettled }),
    readAll: useMutation({ mutationFn: () => apiClient.post('/api/alerts/read-all'), onSettled }),
    dismiss: useMutation({ mutationFn: (id: string) => apiClient.delete(`/api/alerts/${id}`), onSettled }),
  };
}
