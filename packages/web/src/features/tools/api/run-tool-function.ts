import type { ToolFunctionName, ToolFunctionRequest, ToolFunctionResponse } from '@citable/contract';
import { apiClient } from '../../../lib/api-client';

/**
 * Tools read whole sites (up to 20 pages, plus competitors) while the user waits, which outlasts
 * the 10 s budget of ordinary calls; a minute still ends a run that a stuck site would hang.
 */
const TOOL_TIMEOUT_MS = 60_000;

export function runToolFunction<N extends ToolFunctionName>(name: N, body: ToolFunctionRequest<N>, signal?: AbortSignal): Promise<ToolFunctionResponse<N>> {
  return apiClient.post<ToolFunctionResponse<N>>(`/api/functions/${name}`, body, { signal, timeoutMs: TOOL_TIMEOUT_MS });
}
