import { useQuery } from '@tanstack/react-query';
import type { AuditListResponse } from '@citable/contract';
import { auditKeys, fetchRecentAudits } from '../api/audits';

function useAuditList<T>(userId: string, select: (response: AuditListResponse) => T) {
  return useQuery({
    queryKey: auditKeys.list(userId),
    queryFn: ({ signal }) => fetchRecentAudits(signal),
    select,
    staleTime: 5 * 60_000,
  });
}

/** The overview's audits: the newest 10 (spec 001 §9), newest first. */
export function useRecentAudits(userId: string) {
  return useAuditList(userId, (response) => response.audits);
}

/** The audit in flight when the overview loaded (started before a reload, or in another tab). */
export function useAuditInFlight(userId: string) {
  return useAuditList(userId, (response) => response.current);
}
