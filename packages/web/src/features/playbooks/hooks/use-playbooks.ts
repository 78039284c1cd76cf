import type { PlaybooksResponse } from '@citable/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { completeStep, createCustomPlaybook, fetchPlaybooks } from '../api/playbooks-api';

const key = (userId: string) => ['playbooks', userId] as const;

export function usePlaybooks(userId: string) {
  return useQuery({ queryKey: key(userId), queryFn: fetchPlaybooks });
}

/** Completes a step and writes the server's answer into the cached list, so progress shows at once. */
export function useCompleteStep(userId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ playbookId, stepId }: { playbookId: string; stepId: string }) => completeStep(playbookId, stepId),
    onSuccess: (result) =>
      client.setQueryData<PlaybooksResponse>(key(userId), (current) => (current ? { ...current, completed: { ...current.completed, [result.playbookId]: result.completed } } : current)),
  });
}

/** Generates a custom playbook and prepends it to the cached list (spec 002 §4). */
export function useCreateCustomPlaybook(userId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createCustomPlaybook,
    onSuccess: ({ playbook }) =>
      client.setQueryData<PlaybooksResponse>(key(userId), (current) => (current ? { ...current, playbooks: [playbook, ...current.playbooks.filter((p) => p.id !== playbook.id)] } : current)),
  });
}
