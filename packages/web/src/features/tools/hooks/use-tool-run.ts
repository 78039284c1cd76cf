import { TOOL_MESSAGES, type ToolFunctionName, type ToolFunctionRequest, type ToolFunctionResponse } from '@citable/contract';
import { useMutation } from '@tanstack/react-query';
import { useCallback, useRef } from 'react';
import { runToolFunction } from '../api/run-tool-function';

/** Spec 001 §4: the completion callback gets a success flag and a message. */
export type ToolCompletion = (success: boolean, message: string) => void;

/**
 * One tool's run: idle, running, then a result or an error. Run Again repeats the last request.
 * `onComplete` hears of every completion: "Tool executed successfully", or the error's message.
 */
export function useToolRun<N extends ToolFunctionName>(name: N, onComplete?: ToolCompletion) {
  const lastRequest = useRef<ToolFunctionRequest<N> | null>(null);
  const mutation = useMutation<ToolFunctionResponse<N>, Error, ToolFunctionRequest<N>>({
    mutationFn: (body) => runToolFunction(name, body),
    onSuccess: () => onComplete?.(true, TOOL_MESSAGES.succeeded),
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
