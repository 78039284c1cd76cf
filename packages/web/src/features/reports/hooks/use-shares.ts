import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createShare, fetchShares, revokeShare, sharesKey } from '../api/reports-api';

export function useShares(reportId: string) {
  return useQuery({ queryKey: sharesKey(reportId), queryFn: ({ signal }) => fetchShares(reportId, signal) });
}

export function useCreateShare(reportId: string) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: (days: number) => createShare(reportId, days), onSuccess: () => queryClient.invalidateQueries({ queryKey: sharesKey(reportId) }) });
}

export function useRevokeShare(reportId: string) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: (shareId: string) => revokeShare(shareId), onSuccess: () => queryClient.invalidateQueries({ queryKey: sharesKey(reportId) }) });
}
