import type { FakeReply, RecordedRequest } from './http-fake';

/**
 * Replies of an OpenAI-compatible POST /v1/chat/completions (https://platform.openai.com/docs/api-reference/chat/object),
 * as Ollama, vLLM and LM Studio send them.
 */
export function chatCompletion(content: string, usage = { prompt_tokens: 20, completion_tokens: 30 }): FakeReply {
  return {
    json: {
      id: 'chatcmpl-fake',
      object: 'chat.completion',
      created: 1_795_000_000,
      model: 'fake-model',
      choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
      usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens },
    },
  };
}

export function chatError(status: number, headers: Record<string, string> = {}): FakeReply {
  return { status, headers, json: { error: { message: `fake error ${status}`, type: 'server_error', code: null } } };
}

export interface ChatRequestBody {
  model: string;
  messages: { role: string; content: string }[];
  response_format?: { type: string; json_schema?: { name?: string; schema?: Record<string, unknown>; strict?: boolean } };
}

export const chatBody = (request: RecordedRequest) => request.body as ChatRequestBody;

/** The user's message of a chat request. */
export const userPrompt = (request: RecordedRequest) => chatBody(request).messages.filter((message) => message.role === 'user').at(-1)?.content ?? '';
