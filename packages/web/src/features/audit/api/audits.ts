import { OVERVIEW_AUDIT_LIMIT, type AuditListResponse, type AuditRun, type AuditRunRequest } from '@citable/contract';
import { apiClient } from '../../../lib/api-client';

export const auditKeys = {
  lists: ['audits', 'list'] as const,
  list: (userId: string) => ['audits', 'list', userId] as const,
  run: (id: string) => ['audits', 'run', id] as const,
};

export function startAudit(request: AuditRunRequest): Promise<AuditRun> {
  return apiClient.post<AuditRun>('/api/audits', request);
}

export function fetchAuditRun(id: string, signal?: AbortSignal): Promise<AuditRun> {
  return apiClient.get<AuditRun>(`/api/audits/${encodeURIComponent(id)}`, { signal });
}

export function fetchRecentAudits(signal?: AbortSignal): Promise<AuditListResponse> {
  return apiClient.get<AuditListResponse>(`/api/audits?limit=${OVERVIEW_AUDIT_LIMIT}`, { signal });
}
