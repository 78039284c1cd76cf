import type { InvitationPreview, WorkspaceSummary } from '@citable/contract';
import { apiClient } from '../../../lib/api-client';

export const previewKey = (token: string) => ['invitation-preview', token] as const;

/** What the invitation offers; needs no session, so the recipient sees it before signing up. */
export const fetchPreview = (token: string, signal?: AbortSignal) => apiClient.get<InvitationPreview>(`/api/invitations/preview?token=${encodeURIComponent(token)}`, { signal });

export async function acceptInvitation(token: string): Promise<WorkspaceSummary> {
  return (await apiClient.post<{ workspace: WorkspaceSummary }>('/api/invitations/accept', { token })).workspace;
}
