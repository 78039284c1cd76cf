import type { CitationSourceId, CitationTracking, TrackedPrompt, TrackingAnswer, TrackingHistory } from '@citable/contract';
import { apiClient } from '../../../lib/api-client';

export const fetchTracking = (signal?: AbortSignal) => apiClient.get<CitationTracking>('/api/citations/tracking', { signal });

export const fetchTrackingHistory = (domain: string, signal?: AbortSignal) =>
  apiClient.get<TrackingHistory>(`/api/citations/tracking/history?domain=${encodeURIComponent(domain)}`, { signal });

export async function trackPrompts(domain: string, prompts: string[]): Promise<TrackedPrompt[]> {
  return (await apiClient.post<{ prompts: TrackedPrompt[] }>('/api/citations/tracking/prompts', { domain, prompts })).prompts;
}

export async function fetchTrackingAnswers(runId: string, sourceId: CitationSourceId, prompt: string, signal?: AbortSignal): Promise<TrackingAnswer[]> {
  const query = new URLSearchParams({ runId, sourceId, prompt });
  return (await apiClient.get<{ answers: TrackingAnswer[] }>(`/api/citations/tracking/answers?${query}`, { signal })).answers;
}

export const untrackPrompt = (id: string) => apiClient.delete<null>(`/api/citations/tracking/prompts/${encodeURIComponent(id)}`);
