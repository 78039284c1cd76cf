import { TOOL_MESSAGES, toolOutcomeMessage, type ToolFunctionName, type ToolFunctionRequest, type ToolFunctionResponse } from '@citable/contract';
import { useMutation } from '@tanstack/react-query';
import { useCallback, useRef } from 'react';
import { runToolFunction } from '../api/run-tool-function';

/** Spec 001 §4: the completion callback gets a success flag and a message. */
export type ToolCompletion = (success: boolean, message: string) => void;

/**
 * One tool's run: idle, running, then a result or an error. Run Again repeats the last request.
 * `onComplete` hears of every completion: what the run found (toolOutcomeMessage), or the error's message.
 */
export function useToolRun<N extends ToolFunctionName>(name: N, onComplete?: ToolCompletion) {
  const lastRequest = useRef<ToolFunctionRequest<N> | null>(null);
  const mutation = useMutation<ToolFunctionResponse<N>, Error, ToolFunctionRequest<N>>({
    mutationFn: (body) => runToolFunction(name, body),
    // The toast says what the run found (issue #32), not only that it ran.
    onSuccess: (data) => onComplete?.(true, toolOutcomeMessage(name, data)),
    onError: (error) => onComplete?.(false, error.message || TOOL_MESSAGES.unknownError),
  });
  const { mutate } = mutation;

  const run = useCallback(
    (body: ToolFunctionRequest<N>) => {
      lastRequest.current = body;
      mutate(body);
    },
    [mutate],
  );
  const runAgain = useCallback(() => {
    if (lastRequest.current) mutate(lastRequest.current);
  }, [mutate]);

  return {
    run,
    runAgain,
    running: mutation.isPending,
    result: mutation.isPending ? undefined : mutation.data,
    error: mutation.isPending ? null : mutation.error,
  };
}
