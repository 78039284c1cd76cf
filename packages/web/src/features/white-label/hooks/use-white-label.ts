import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { WhiteLabelUpdate } from '@citable/contract';
import { fetchWhiteLabel, saveWhiteLabel } from '../api/white-label-api';

const KEY = ['white-label'] as const;

export function useWhiteLabel() {
  // Branding changes only when the user saves it; no need to refetch on focus.
  return useQuery({ queryKey: KEY, queryFn: ({ signal }) => fetchWhiteLabel(signal), staleTime: Infinity, retry: false });
}

export function useSaveWhiteLabel() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (settings: WhiteLabelUpdate) => saveWhiteLabel(settings),
    onSuccess: (saved) => client.setQueryData(KEY, { settings: saved.settings, removed: [] }),
  });
}
