import type { CreateInvitationBody, UpdateMemberBody, UpdateWorkspaceBody, WorkspaceInvitation, WorkspaceMember, WorkspaceSummary } from '@citable/contract';
import { apiClient } from '../../../lib/api-client';
import { workspacePath } from '../../../lib/workspaces-api';

export const membersKey = (workspaceId: string) => ['workspace', workspaceId, 'members'] as const;

export async function createWorkspace(name: string): Promise<WorkspaceSummary> {
  return (await apiClient.post<{ workspace: WorkspaceSummary }>('/api/workspaces', { name })).workspace;
}

export async function updateWorkspace(workspaceId: string, body: UpdateWorkspaceBody): Promise<WorkspaceSummary> {
  return (await apiClient.patch<{ workspace: WorkspaceSummary }>(workspacePath(workspaceId), body)).workspace;
}

export function fetchMembers(workspaceId: string, signal?: AbortSignal): Promise<{ members: WorkspaceMember[]; invitations: WorkspaceInvitation[] }> {
  return apiClient.get(workspacePath(workspaceId, '/members'), { signal });
}

export async function updateMember(workspaceId: string, memberId: string, body: UpdateMemberBody): Promise<WorkspaceMember> {
  return (await apiClient.patch<{ member: WorkspaceMember }>(workspacePath(workspaceId, `/members/${encodeURIComponent(memberId)}`), body)).member;
}

export const removeMember = (workspaceId: string, memberId: string) => apiClient.delete<void>(workspacePath(workspaceId, `/members/${encodeURIComponent(memberId)}`));

export function createInvitation(workspaceId: string, body: CreateInvitationBody): Promise<{ invitation: WorkspaceInvitation; link: string }> {
  return apiClient.post(workspacePath(workspaceId, '/invitations'), body);
}

export const revokeInvitation = (workspaceId: string, invitationId: string) => apiClient.delete<void>(workspacePath(workspaceId, `/invitations/${encodeURIComponent(invitationId)}`));
