import { OVERVIEW_AUDIT_LIMIT, type AuditListResponse, type AuditRun, type AuditRunRequest } from '@citable/contract';
import { apiClient } from '../../../lib/api-client';

export const auditKeys = {
  lists: ['audits', 'list'] as const,
  /** The overview's list: the user's own audits, or one website's when `website` is given (issue 19). */
  list: (userId: string, website?: string) => ['audits', 'list', userId, website ?? ''] as const,
  run: (id: string) => ['audits', 'run', id] as const,
};

export function startAudit(request: AuditRunRequest): Promise<AuditRun> {
  return apiClient.post<AuditRun>('/api/audits', request);
}

export function fetchAuditRun(id: string, signal?: AbortSignal): Promise<AuditRun> {
  return apiClient.get<AuditRun>(`/api/audits/${encodeURIComponent(id)}`, { signal });
}

/** The newest own audits (never a competitor's), or those of one website: what the overview shows for it. */
export function fetchRecentAudits(signal?: AbortSignal, website?: string): Promise<AuditListResponse> {
  const params = new URLSearchParams({ limit: String(OVERVIEW_AUDIT_LIMIT) });
  if (website) params.set('website', website);
  return apiClient.get<AuditListResponse>(`/api/audits?${params}`, { signal });
}
