import type { StatusResponse } from '@citable/contract';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

/**
 * The live status. Never fetched while pre-rendering (queries do not run on the server), so the
 * pre-rendered page holds the loading state and the browser fills it in.
 */
export function useSystemStatus() {
  return useQuery({
    queryKey: ['system-status'],
    queryFn: ({ signal }) => apiClient.get<StatusResponse>('/api/status', { signal }),
    // Stale status is worse than none: every visit asks again.
    staleTime: 0,
    retry: 1,
  });
}
