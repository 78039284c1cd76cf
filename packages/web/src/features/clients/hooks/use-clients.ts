import type { CreateClientBody } from '@citable/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { workspaceKeys } from '../../../lib/workspaces-api';
import { createClient, deleteClient, fetchRollup, fetchSchedule, rollupKey, saveSchedule, scheduleKey, type ScheduleInput } from '../api/clients-api';

export function useRollup(workspaceId: string | null) {
  return useQuery({
    queryKey: rollupKey(workspaceId ?? 'none'),
    queryFn: ({ signal }) => fetchRollup(workspaceId!, signal),
    enabled: Boolean(workspaceId),
  });
}

export function useCreateClient(workspaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateClientBody) => createClient(workspaceId, body),
    // The switcher's list and the roll-up both gain the new client.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: workspaceKeys.root(workspaceId) }),
  });
}

export function useSchedule(workspaceId: string, clientId: string) {
  return useQuery({
    queryKey: scheduleKey(workspaceId, clientId),
    queryFn: ({ signal }) => fetchSchedule(workspaceId, clientId, signal),
  });
}

export function useSaveSchedule(workspaceId: string, clientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ScheduleInput) => saveSchedule(workspaceId, clientId, body),
    onSuccess: (saved) => queryClient.setQueryData(scheduleKey(workspaceId, clientId), saved),
  });
}

export function useDeleteClient(workspaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (clientId: string) => deleteClient(workspaceId, clientId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: workspaceKeys.root(workspaceId) }),
  });
}
