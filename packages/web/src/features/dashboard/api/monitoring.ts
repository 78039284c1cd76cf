import { useQuery } from '@tanstack/react-query';
import type { MonitoredSites } from '@citable/contract';
import { apiClient } from '../../../lib/api-client';

/** How monitoring is going for each website and competitor: schedule and the latest scheduled audit's failure. */
export function useMonitoredSites(userId: string) {
  return useQuery({
    queryKey: ['monitoring-sites', userId],
    queryFn: ({ signal }) => apiClient.get<MonitoredSites>('/api/monitoring/sites', { signal }),
  });
}
