import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { HistoryPeriod, HistoryResponse, HistoryType, TrendsResponse } from '@citable/contract';
import { apiClient } from '../../../lib/api-client';

export interface HistoryFilters {
  period: HistoryPeriod;
  type: HistoryType | '';
  sort: 'date' | 'score';
  order: 'desc' | 'asc';
}

export function useHistory(userId: string, filters: HistoryFilters) {
  const params = new URLSearchParams({ period: filters.period, sort: filters.sort, order: filters.order });
  if (filters.type) params.set('type', filters.type);
  return useQuery({
    queryKey: ['history', userId, filters],
    queryFn: ({ signal }) => apiClient.get<HistoryResponse>(`/api/history?${params}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** One series per website; more than one needs the pro "Trends compare" area (the server answers 403 otherwise). */
export function useTrends(userId: string, period: HistoryPeriod, websites: string[]) {
  const params = new URLSearchParams({ period });
  if (websites.length > 0) params.set('websites', websites.join(','));
  return useQuery({
    queryKey: ['trends', userId, period, websites],
    queryFn: ({ signal }) => apiClient.get<TrendsResponse>(`/api/history/trends?${params}`, { signal }),
    placeholderData: keepPreviousData,
  });
}
