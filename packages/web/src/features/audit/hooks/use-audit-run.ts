import { useQuery } from '@tanstack/react-query';
import type { AuditRun } from '@citable/contract';
import { auditKeys, fetchAuditRun } from '../api/audits';

const POLL_MS = 1000;

export function isInFlight(run: AuditRun | undefined): boolean {
  return run?.status === 'queued' || run?.status === 'running';
}

/** One audit with its result; polled every second while it is queued or running. */
export function useAuditRun(id: string | null) {
  return useQuery({
    queryKey: auditKeys.run(id ?? 'none'),
    queryFn: ({ signal }) => fetchAuditRun(id ?? '', signal),
    enabled: id !== null,
    refetchInterval: (query) => (isInFlight(query.state.data) ? POLL_MS : false),
    // A finished audit never changes; the plan that reveals it is read again after five minutes.
    staleTime: (query) => (isInFlight(query.state.data) ? 0 : 5 * 60_000),
  });
}
