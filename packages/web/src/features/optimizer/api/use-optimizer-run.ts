import { optimizerOutcome, TOOL_MESSAGES, type ContentOptimizerRequest, type ContentOptimizerResult } from '@citable/contract';
import { useMutation } from '@tanstack/react-query';
import { useCallback, useRef } from 'react';
import { apiClient } from '../../../lib/api-client';
import type { ToolCompletion } from '../../tools/hooks/use-tool-run';

/** A model rewrite of a long article can take a minute: longer than the 10 s of ordinary calls. */
const OPTIMIZER_TIMEOUT_MS = 90_000;

/** One optimizer run, with Run Again repeating the last request (spec 001 §2). */
export function useOptimizerRun(onComplete?: ToolCompletion) {
  const last = useRef<ContentOptimizerRequest | null>(null);
  const mutation = useMutation<ContentOptimizerResult, Error, ContentOptimizerRequest>({
    mutationFn: (body) => apiClient.post<ContentOptimizerResult>('/api/functions/content-optimizer', body, { timeoutMs: OPTIMIZER_TIMEOUT_MS }),
    onSuccess: (data) => onComplete?.(true, optimizerOutcome(data)),
    onError: (error) => onComplete?.(false, error.message || TOOL_MESSAGES.unknownError),
  });
  const { mutate } = mutation;
  const run = useCallback(
    (body: ContentOptimizerRequest) => {
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
