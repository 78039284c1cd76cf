import { useQuery } from '@tanstack/react-query';
import type { InsightList } from '@citable/contract';
import { apiClient } from '../../../lib/api-client';

/** The overview's insights; the server regenerates them at most once a minute unless their inputs changed. */
export function useInsights(userId: string) {
  return useQuery({
    queryKey: ['insights', userId],
    queryFn: ({ signal }) => apiClient.get<InsightList>('/api/insights', { signal }),
  });
}
