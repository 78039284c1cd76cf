import { useQuery } from '@tanstack/react-query';
import type { CompetitiveData, CompetitivePeriod } from '@citable/contract';
import { apiClient } from '../../../lib/api-client';

export function useCompetitiveData(userId: string, period: CompetitivePeriod, enabled: boolean) {
  return useQuery({
    queryKey: ['competitive-intel', userId, period],
    queryFn: ({ signal }) => apiClient.get<CompetitiveData>(`/api/competitive-intel?period=${period}`, { signal }),
    enabled,
  });
}
