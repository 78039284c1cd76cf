import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CitationSourceId } from '@citable/contract';
import { fetchTracking, fetchTrackingAnswers, fetchTrackingHistory, trackPrompts, untrackPrompt } from '../api/tracking-api';

export const TRACKING_KEY = ['citations', 'tracking'] as const;
/** While a scheduled run is going on, its progress is asked for this often. */
export const RUNNING_POLL_MS = 3_000;

export function useTracking(enabled = true) {
  return useQuery({
    queryKey: TRACKING_KEY,
    queryFn: ({ signal }) => fetchTracking(signal),
    enabled,
    refetchInterval: (query) => (query.state.data?.sites.some((site) => site.running) ? RUNNING_POLL_MS : false),
  });
}

/** `lastRunAt` is part of the key: when a scheduled run ends, its history is read again. */
export function useTrackingHistory(domain: string, lastRunAt: string | null) {
  return useQuery({ queryKey: [...TRACKING_KEY, 'history', domain, lastRunAt], queryFn: ({ signal }) => fetchTrackingHistory(domain, signal), enabled: domain !== '', placeholderData: (previous) => previous });
}

/** A run's answers never change once stored. */
export function useTrackingAnswers(runId: string, sourceId: CitationSourceId, prompt: string) {
  return useQuery({ queryKey: [...TRACKING_KEY, 'answers', runId, sourceId, prompt], queryFn: ({ signal }) => fetchTrackingAnswers(runId, sourceId, prompt, signal), staleTime: Infinity });
}

export function useTrackPrompts() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ domain, prompts }: { domain: string; prompts: string[] }) => trackPrompts(domain, prompts),
    onSuccess: () => client.invalidateQueries({ queryKey: TRACKING_KEY }),
  });
}

export function useUntrackPrompt() {
  const client = useQueryClient();
  return useMutation({ mutationFn: untrackPrompt, onSuccess: () => client.invalidateQueries({ queryKey: TRACKING_KEY }) });
}
