import { useQuery } from '@tanstack/react-query';
import { auditKeys, fetchRecentAudits } from '../api/audits';

/** The overview's audits: the newest 10 (spec 001 §9), newest first. */
export function useRecentAudits(userId: string) {
  return useQuery({
    queryKey: auditKeys.list(userId),
    queryFn: ({ signal }) => fetchRecentAudits(signal),
    select: (response) => response.audits,
    staleTime: 5 * 60_000,
  });
}
