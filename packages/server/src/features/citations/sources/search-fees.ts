import type { WebAnswerEngineId } from './web-answer-engine-ids';

/** What one generateText call returns that says how many searches the vendor bills for it. */
interface CallResult {
  content: readonly { type: string; toolName?: string }[];
  providerMetadata?: unknown;
}

/**
 * Web searches billed apart from the tokens, for one call, as each vendor counts them:
 * - Claude: `usage.server_tool_use.web_search_requests` (billed per search);
 * - ChatGPT: one per `web_search_call` item of the response (a tool call of the SDK's web_search);
 * - Gemini: one per grounded prompt, i.e. a reply whose grounding lists the queries it searched;
 * - Perplexity: one request fee per call (Sonar always searches).
 */
export function searchesBilled(id: WebAnswerEngineId, result: CallResult): number {
  const metadata = (result.providerMetadata ?? {}) as {
    anthropic?: { usage?: { server_tool_use?: { web_search_requests?: unknown } } };
    google?: { groundingMetadata?: { webSearchQueries?: unknown } | null };
  };
  switch (id) {
    case 'claude': {
      const requests = metadata.anthropic?.usage?.server_tool_use?.web_search_requests;
      return typeof requests === 'number' && Number.isInteger(requests) && requests >= 0 ? requests : 0;
    }
    case 'chatgpt':
      return result.content.filter((part) => part.type === 'tool-call' && part.toolName === 'web_search').length;
    case 'gemini': {
      const queries = metadata.google?.groundingMetadata?.webSearchQueries;
      return Array.isArray(queries) && queries.length > 0 ? 1 : 0;
    }
    case 'perplexity':
      return 1;
  }
}
