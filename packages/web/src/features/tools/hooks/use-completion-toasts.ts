import { TOOL_MESSAGES } from '@citable/contract';
import { useCallback } from 'react';
import { useToast } from '../../../components/toast/use-toast';
import type { ToolCompletion } from './use-tool-run';

/**
 * The dashboard's completion callback (spec 001 §4): "{tool} Completed" with what the run found for 4 s on success,
 * "{tool} Failed" with the error for 6 s otherwise.
 */
export function useCompletionToasts(toolName: string): ToolCompletion {
  const toast = useToast();
  return useCallback(
    (success, message) => {
      if (success) toast.show({ type: 'success', ...TOOL_MESSAGES.completedToast(toolName, message) });
      else toast.show({ type: 'error', ...TOOL_MESSAGES.failedToast(toolName, message) });
    },
    [toast, toolName],
  );
}
