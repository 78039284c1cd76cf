import type { GenieChatRequest, GenieChatResponse, ToolId } from '@citable/contract';
import { apiClient } from '../../../lib/api-client';

/** A model may take a while to answer; the built-in routing answers at once. */
const GENIE_TIMEOUT_MS = 45_000;

export function sendGenieMessage(body: GenieChatRequest, signal?: AbortSignal): Promise<GenieChatResponse> {
  return apiClient.post<GenieChatResponse>('/api/functions/genie-chatbot', body, { signal, timeoutMs: GENIE_TIMEOUT_MS });
}

/** Records that a Genie suggestion opened a tool; a lost record never blocks the user. */
export function logToolLaunched(toolId: ToolId): void {
  apiClient.post('/api/activity', { activity_type: 'tool_launched_from_genie', tool_id: toolId, activity_data: { toolId } }).catch(() => undefined);
}
