import type { CitationHistoryEntry, CitationTrackerInput, CitationTrackerResult, FingerprintPhrase, SavedCitationPrompt } from '@citable/contract';
import { apiClient } from '../../../lib/api-client';

/**
 * A run asks every source several times per prompt; with a model configured that takes longer
 * than the usual 10 s request timeout, so the tracker call gets its own.
 */
export const TRACKER_TIMEOUT_MS = 180_000;

export function runCitationTracker(input: CitationTrackerInput): Promise<CitationTrackerResult> {
  return apiClient.post<CitationTrackerResult>('/api/functions/citation-tracker', input, { timeoutMs: TRACKER_TIMEOUT_MS });
}

export async function fetchCitationHistory(domain: string, signal?: AbortSignal): Promise<CitationHistoryEntry[]> {
  const { runs } = await apiClient.get<{ runs: CitationHistoryEntry[] }>(`/api/citations/history?domain=${encodeURIComponent(domain)}`, { signal });
  return runs;
}

export async function fetchSavedPrompts(signal?: AbortSignal): Promise<SavedCitationPrompt[]> {
  return (await apiClient.get<{ prompts: SavedCitationPrompt[] }>('/api/citations/prompts', { signal })).prompts;
}

export const addSavedPrompt = (prompt: string) => apiClient.post<SavedCitationPrompt>('/api/citations/prompts', { prompt });
export const deleteSavedPrompt = (id: string) => apiClient.delete<null>(`/api/citations/prompts/${encodeURIComponent(id)}`);

export async function fetchFingerprintPhrases(signal?: AbortSignal): Promise<FingerprintPhrase[]> {
  return (await apiClient.get<{ phrases: FingerprintPhrase[] }>('/api/citations/phrases', { signal })).phrases;
}

export const addFingerprintPhrase = (phrase: string) => apiClient.post<FingerprintPhrase>('/api/citations/phrases', { phrase });
export const deleteFingerprintPhrase = (id: string) => apiClient.delete<null>(`/api/citations/phrases/${encodeURIComponent(id)}`);
