import { useQuery } from '@tanstack/react-query';
import type { InsightList } from '@citable/contract';
import { apiClient } from '../../../lib/api-client';

/**
 * The overview's insights; the server regenerates them at most once a minute unless their inputs
 * changed. With `website`, they read that website's latest audit: the one the score ring shows.
 */
export function useInsights(userId: string, website?: string) {
  return useQuery({
    queryKey: ['insights', userId, website ?? ''],
    queryFn: ({ signal }) => apiClient.get<InsightList>(website ? `/api/insights?${new URLSearchParams({ website })}` : '/api/insights', { signal }),
  });
}
