import type { CreateInvitationBody, UpdateMemberBody, UpdateWorkspaceBody } from '@citable/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { workspaceKeys } from '../../../lib/workspaces-api';
import { createInvitation, createWorkspace, fetchMembers, membersKey, removeMember, revokeInvitation, updateMember, updateWorkspace } from '../api/team-api';

export function useMembers(workspaceId: string, enabled: boolean) {
  return useQuery({ queryKey: membersKey(workspaceId), queryFn: ({ signal }) => fetchMembers(workspaceId, signal), enabled });
}

export function useCreateWorkspace() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: (name: string) => createWorkspace(name), onSuccess: () => queryClient.invalidateQueries({ queryKey: workspaceKeys.list }) });
}

export function useUpdateWorkspace(workspaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: (body: UpdateWorkspaceBody) => updateWorkspace(workspaceId, body), onSuccess: () => queryClient.invalidateQueries({ queryKey: workspaceKeys.list }) });
}

/** Member and invitation changes re-read the team list (and the switcher's clients, which sharing changes). */
function useTeamMutation<T>(workspaceId: string, run: (input: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: run, onSuccess: () => queryClient.invalidateQueries({ queryKey: workspaceKeys.root(workspaceId) }) });
}

export const useUpdateMember = (workspaceId: string) =>
  useTeamMutation(workspaceId, ({ memberId, body }: { memberId: string; body: UpdateMemberBody }) => updateMember(workspaceId, memberId, body));
export const useRemoveMember = (workspaceId: string) => useTeamMutation(workspaceId, (memberId: string) => removeMember(workspaceId, memberId));
export const useRevokeInvitation = (workspaceId: string) => useTeamMutation(workspaceId, (invitationId: string) => revokeInvitation(workspaceId, invitationId));

export function useInvite(workspaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateInvitationBody) => createInvitation(workspaceId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: membersKey(workspaceId) }),
  });
}
