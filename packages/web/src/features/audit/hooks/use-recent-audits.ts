import { useQuery } from '@tanstack/react-query';
import type { AuditListResponse } from '@citable/contract';
import { auditKeys, fetchRecentAudits } from '../api/audits';

function useAuditList<T>(userId: string, website: string | undefined, select: (response: AuditListResponse) => T) {
  return useQuery({
    queryKey: auditKeys.list(userId, website),
    queryFn: ({ signal }) => fetchRecentAudits(signal, website),
    select,
    staleTime: 5 * 60_000,
  });
}

/**
 * The overview's audits: the newest 10 (spec 001 §9), newest first; the user's own, never a
 * competitor's, and with `website` only that website's (issue 19: the score shown is its own).
 */
export function useRecentAudits(userId: string, website?: string) {
  return useAuditList(userId, website, (response) => response.audits);
}

/** The user's audit in flight, of any site (one runs at a time): started before a reload, in another tab or section, or by monitoring. */
export function useAuditInFlight(userId: string, website?: string) {
  return useAuditList(userId, website, (response) => response.current);
}
