import type { QueryClient } from '@tanstack/react-query';

/**
 * Everything the dashboard derives from the audit history, by query key prefix: the overview's
 * lists (and the run in flight they carry), insights, alerts, history and trends, Competitive
 * Insights, monitoring and playbooks. Invalidated when an audit starts or ends, wherever it was
 * started, so no view waits minutes for data the server already has (issue 19).
 */
const AUDIT_DERIVED_KEYS = [['audits', 'list'], ['insights'], ['alerts'], ['history'], ['trends'], ['competitive-intel'], ['monitoring-sites'], ['playbooks']] as const;

export function refreshAfterAudit(queryClient: QueryClient): Promise<void> {
  return Promise.all(AUDIT_DERIVED_KEYS.map((queryKey) => queryClient.invalidateQueries({ queryKey: [...queryKey] }))).then(() => undefined);
}
