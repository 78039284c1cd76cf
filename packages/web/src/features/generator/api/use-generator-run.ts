import { generatorOutcome, TOOL_MESSAGES, type ContentGeneratorRequest, type ContentGeneratorResult } from '@citable/contract';
import { useMutation } from '@tanstack/react-query';
import { useCallback, useRef } from 'react';
import { apiClient } from '../../../lib/api-client';
import type { ToolCompletion } from '../../tools/hooks/use-tool-run';

/** Reads up to 20 pages and may wait on a model: longer than the 10 s of ordinary calls. */
const GENERATOR_TIMEOUT_MS = 90_000;

/** One generator run, with Run Again repeating the last request (spec 001 §2). */
export function useGeneratorRun(onComplete?: ToolCompletion) {
  const last = useRef<ContentGeneratorRequest | null>(null);
  const mutation = useMutation<ContentGeneratorResult, Error, ContentGeneratorRequest>({
    mutationFn: (body) => apiClient.post<ContentGeneratorResult>('/api/functions/ai-content-generator', body, { timeoutMs: GENERATOR_TIMEOUT_MS }),
    onSuccess: (data) => onComplete?.(true, generatorOutcome(data)),
    onError: (error) => onComplete?.(false, error.message || TOOL_MESSAGES.unknownError),
  });
  const { mutate } = mutation;
  const run = useCallback(
    (body: ContentGeneratorRequest) => {
      last.current = body;
      mutate(body);
    },
    [mutate],
  );
  const runAgain = useCallback(() => {
    if (last.current) mutate(last.current);
  }, [mutate]);
  return { run, runAgain, running: mutation.isPending, result: mutation.isPending ? undefined : mutation.data, error: mutation.isPending ? null : mutation.error };
}
