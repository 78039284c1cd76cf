import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CitationTrackerInput } from '@citable/contract';
import { fetchCitationHistory, runCitationTracker } from '../api/citations-api';

const historyKey = (domain: string) => ['citations', 'history', domain] as const;

export function useCitationHistory(domain: string) {
  return useQuery({ queryKey: historyKey(domain), queryFn: ({ signal }) => fetchCitationHistory(domain, signal), enabled: domain !== '' });
}

/** One run; its history refreshes when it is stored. */
export function useCitationRun() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CitationTrackerInput) => runCitationTracker(input),
    onSuccess: (result) => client.invalidateQueries({ queryKey: historyKey(result.domain) }),
  });
}
