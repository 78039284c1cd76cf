import type { FakeReply, RecordedRequest } from './http-fake';
import { perplexityAnswer } from './search-apis';

/**
 * Non-streaming replies of the four answer-engine APIs with their own web search on, in the
 * documented shapes and as the installed AI SDK providers parse them (@ai-sdk/openai 4.0.118,
 * @ai-sdk/anthropic 4.0.105, @ai-sdk/google 4.0.121, @ai-sdk/perplexity 4.0.49), for local fakes
 * (`startHttpFake` in ./http-fake). Everything is deterministic: no clock, no randomness.
 *
 * Base URLs as the real hosts have them, so a fake sees the real paths:
 * - OpenAI      `${fake.url}/v1`     -> POST /v1/responses
 * - Anthropic   `${fake.url}/v1`     -> POST /v1/messages
 * - Gemini      `${fake.url}/v1beta` -> POST /v1beta/models/{model}:generateContent
 * - Perplexity  `${fake.url}`        -> POST /chat/completions (no version segment)
 */

export type AnswerEngineApi = 'openai' | 'anthropic' | 'gemini' | 'perplexity';

/** A web page the answer cites. */
export interface CitedSource {
  url: string;
  title?: string;
}

export interface AnswerOptions {
  /** The model the reply names; each API has its own default. */
  model?: string;
  inputTokens?: number;
  outputTokens?: number;
  /** The query the engine searched for; defaults to 'fake web search'. */
  query?: string;
  /**
   * Pages the search returned that the answer does not cite. Every API lists them next to the
   * cited ones (OpenAI `action.sources`, Anthropic `web_search_result`s, Gemini `groundingChunks`,
   * Perplexity `citations`/`search_results`), and the SDKs turn them into sources too.
   */
  uncited?: CitedSource[];
}

const DEFAULT_QUERY = 'fake web search';
const DEFAULT_INPUT_TOKENS = 120;
const DEFAULT_OUTPUT_TOKENS = 80;
/** A fixed time (2026-11-19T05:33:20Z) so the bodies never change between runs. */
const CREATED_AT = 1_795_000_000;

/** Where each API's base URL ends on the real host; `${fake.url}${...}` is what a test passes as baseURL. */
export const ANSWER_ENGINE_BASE_PATH: Record<AnswerEngineApi, string> = {
  openai: '/v1', // https://api.openai.com/v1
  anthropic: '/v1', // https://api.anthropic.com/v1
  gemini: '/v1beta', // https://generativelanguage.googleapis.com/v1beta
  perplexity: '', // https://api.perplexity.ai
};

/** The base URL to give the SDK provider for a fake at `fakeUrl`. */
export const answerEngineBaseUrl = (api: AnswerEngineApi, fakeUrl: string) => `${fakeUrl}${ANSWER_ENGINE_BASE_PATH[api]}`;

/** The path the SDK posts a non-streaming call to, with the base URL of `answerEngineBaseUrl`. */
export function answerEnginePath(api: AnswerEngineApi, model: string): string {
  switch (api) {
    case 'openai':
      return '/v1/responses';
    case 'anthropic':
      return '/v1/messages';
    case 'gemini':
      return `/v1beta/models/${model}:generateContent`;
    case 'perplexity':
      return '/chat/completions';
  }
}

const hostOf = (url: string) => {
  try {
    return new URL(url).hostname;
  } catch {
    return url;
  }
};

const fakeToken = (seed: string) => Buffer.from(`fake:${seed}`).toString('base64');

/**
 * The sentences of `text` as [start, end) character ranges, whitespace between them left out;
 * the whole text as one range when it has no sentence.
 */
function sentenceSpans(text: string): { start: number; end: number }[] {
  const spans = [...text.matchAll(/\S[^.!?]*(?:[.!?]+|$)/g)].map((match) => ({ start: match.index, end: match.index + match[0].length }));
  return spans.length > 0 ? spans : [{ start: 0, end: text.length }];
}

/** Which sentence cites which source: source i in sentence i, the sources beyond the last sentence in the last one. */
function citedSentences(text: string, sources: readonly CitedSource[]) {
  const spans = sentenceSpans(text);
  return spans.map((span, index) => ({
    ...span,
    sourceIndexes: sources.map((_, sourceIndex) => sourceIndex).filter((sourceIndex) => Math.min(sourceIndex, spans.length - 1) === index),
  }));
}

// ---------------------------------------------------------------------------------------------
// OpenAI Responses API
// ---------------------------------------------------------------------------------------------

export interface OpenAiAnswerOptions extends AnswerOptions {
  /**
   * List the searched pages in `web_search_call.action.sources` (default true). The API only sends
   * them when the request's `include` asks for `web_search_call.action.sources`, which
   * @ai-sdk/openai does whenever the `web_search` tool is on (unless the provider option
   * `includeWebSearchSources` is false). When they are there, the SDK takes its sources from them
   * (URL only, no title) and no longer from the `url_citation` annotations.
   */
  actionSources?: boolean;
  /**
   * Write each cited page into the text as ChatGPT does, an inline Markdown link after the sentence
   * (`([acme.example](https://acme.example/guide?utm_source=openai))`), with `utm_source=openai`
   * on the link and on the annotation's URL, the annotation spanning the link.
   */
  inlineLinks?: boolean;
}

/** ChatGPT's tracking parameter on the pages it cites. */
export const withOpenAiSource = (url: string) => `${url}${url.includes('?') ? '&' : '?'}utm_source=openai`;

/**
 * POST /v1/responses answer of a request with the `web_search` tool: a `web_search_call` item, then
 * the assistant `message` whose `output_text` carries `url_citation` annotations (character indexes).
 * https://platform.openai.com/docs/api-reference/responses/object
 * https://platform.openai.com/docs/guides/tools-web-search (output and `sources`)
 */
export function openAiResponsesAnswer(plain: string, sources: CitedSource[], options: OpenAiAnswerOptions = {}) {
  const model = options.model ?? 'gpt-4.1-2025-04-14';
  const inputTokens = options.inputTokens ?? DEFAULT_INPUT_TOKENS;
  const outputTokens = options.outputTokens ?? DEFAULT_OUTPUT_TOKENS;
  const searched = [...sources, ...(options.uncited ?? [])];
  if (options.inlineLinks) return openAiInlineLinked(plain, sources, searched, options);
  const text = plain;
  const annotations = citedSentences(text, sources).flatMap((sentence) =>
    sentence.sourceIndexes.map((index) => ({
      type: 'url_citation' as const,
      start_index: sentence.start,
      end_index: sentence.end,
      url: sources[index].url,
      title: sources[index].title ?? hostOf(sources[index].url),
    })),
  );
  return openAiResponse(text, annotations, searched, options, model, inputTokens, outputTokens);
}

/** The answer with ChatGPT's inline Markdown links: each annotation spans its link, both URLs tagged utm_source=openai. */
function openAiInlineLinked(plain: string, sources: CitedSource[], searched: CitedSource[], options: OpenAiAnswerOptions) {
  let text = '';
  const annotations: { type: 'url_citation'; start_index: number; end_index: number; url: string; title: string }[] = [];
  let from = 0;
  for (const sentence of citedSentences(plain, sources)) {
    text += plain.slice(from, sentence.end);
    from = sentence.end;
    for (const index of sentence.sourceIndexes) {
      const url = withOpenAiSource(sources[index].url);
      const link = ` ([${hostOf(sources[index].url).replace(/^www\./, '')}](${url}))`;
      annotations.push({ type: 'url_citation', start_index: text.length + 1, end_index: text.length + link.length, url, title: sources[index].title ?? hostOf(sources[index].url) });
      text += link;
    }
  }
  text += plain.slice(from);
  return openAiResponse(text, annotations, searched, options, options.model ?? 'gpt-4.1-2025-04-14', options.inputTokens ?? DEFAULT_INPUT_TOKENS, options.outputTokens ?? DEFAULT_OUTPUT_TOKENS);
}

function openAiResponse(text: string, annotations: unknown[], searched: CitedSource[], options: OpenAiAnswerOptions, model: string, inputTokens: number, outputTokens: number) {
  return {
    id: 'resp_fake_0001',
    object: 'response',
    created_at: CREATED_AT,
    status: 'completed',
    error: null,
    incomplete_details: null,
    instructions: null,
    max_output_tokens: null,
    model,
    output: [
      {
        type: 'web_search_call',
        id: 'ws_fake_0001',
        status: 'completed',
        action: {
          type: 'search',
          query: options.query ?? DEFAULT_QUERY,
          ...((options.actionSources ?? true) && { sources: searched.map((source) => ({ type: 'url' as const, url: source.url })) }),
        },
      },
      {
        type: 'message',
        id: 'msg_fake_0001',
        status: 'completed',
        role: 'assistant',
        content: [{ type: 'output_text', text, annotations, logprobs: [] }],
      },
    ],
    parallel_tool_calls: true,
    previous_response_id: null,
    reasoning: { effort: null, summary: null },
    store: true,
    temperature: 1,
    text: { format: { type: 'text' } },
    tool_choice: 'auto',
    tools: [{ type: 'web_search', search_context_size: 'medium', user_location: null }],
    top_p: 1,
    truncation: 'disabled',
    usage: {
      input_tokens: inputTokens,
      input_tokens_details: { cached_tokens: 0 },
      output_tokens: outputTokens,
      output_tokens_details: { reasoning_tokens: 0 },
      total_tokens: inputTokens + outputTokens,
    },
    user: null,
    metadata: {},
  };
}

// ---------------------------------------------------------------------------------------------
// Anthropic Messages API
// ---------------------------------------------------------------------------------------------

/**
 * POST /v1/messages answer when the `web_search_20250305` server tool ran: `server_tool_use`, its
 * `web_search_tool_result` (the pages found), then one `text` block per sentence, the cited ones with
 * `web_search_result_location` citations; usage counts the searches in `server_tool_use`.
 * https://docs.anthropic.com/en/docs/agents-and-tools/tool-use/web-search-tool (response example)
 * https://docs.anthropic.com/en/api/messages
 */
export interface AnthropicAnswerOptions extends AnswerOptions {
  /** The text block Claude writes before it searches ("I'll search for current information on this."). */
  preamble?: string;
  /** The text blocks carry no citation at all, though the search returned `sources`. */
  noCitations?: boolean;
  /** The search failed: a `web_search_tool_result_error` with this code instead of the results. */
  searchError?: 'too_many_requests' | 'invalid_input' | 'max_uses_exceeded' | 'query_too_long' | 'unavailable';
  /** end_turn by default; `pause_turn` when the server-side loop paused the turn. */
  stopReason?: 'end_turn' | 'pause_turn';
  /** Leave out the answer's text blocks (a paused turn that only searched). */
  searchOnly?: boolean;
}

/** The preamble Claude writes before searching, as in the web search tool's documented response. */
export const CLAUDE_PREAMBLE = "I'll search for current information on this.";

export function anthropicWebSearchAnswer(text: string, sources: CitedSource[], options: AnthropicAnswerOptions = {}) {
  const searched = [...sources, ...(options.uncited ?? [])];
  const toolUseId = 'srvtoolu_fake_0001';
  const sentences = citedSentences(text, options.noCitations ? [] : sources);
  const blocks = sentences.map((sentence, index) => {
    // Blocks run from one sentence's start to the next one's, so that they join back into `text`.
    const start = index === 0 ? 0 : sentence.start;
    const end = index === sentences.length - 1 ? text.length : sentences[index + 1].start;
    const blockText = text.slice(start, end);
    return {
      type: 'text' as const,
      text: blockText,
      citations:
        sentence.sourceIndexes.length === 0
          ? null
          : sentence.sourceIndexes.map((sourceIndex) => ({
              type: 'web_search_result_location' as const,
              url: sources[sourceIndex].url,
              title: sources[sourceIndex].title ?? hostOf(sources[sourceIndex].url),
              encrypted_index: fakeToken(`index:${sourceIndex}`),
              cited_text: `From ${sources[sourceIndex].title ?? hostOf(sources[sourceIndex].url)}: ${blockText.trim()}`.slice(0, 150),
            })),
    };
  });
  return {
    id: 'msg_fake_0001',
    type: 'message',
    role: 'assistant',
    model: options.model ?? 'claude-sonnet-4-5-20250929',
    content: [
      ...(options.preamble ? [{ type: 'text' as const, text: options.preamble }] : []),
      { type: 'server_tool_use', id: toolUseId, name: 'web_search', input: { query: options.query ?? DEFAULT_QUERY } },
      {
        type: 'web_search_tool_result',
        tool_use_id: toolUseId,
        content: options.searchError
          ? { type: 'web_search_tool_result_error', error_code: options.searchError }
          : searched.map((source) => ({
              type: 'web_search_result',
              url: source.url,
              title: source.title ?? hostOf(source.url),
              encrypted_content: fakeToken(`content:${source.url}`),
              page_age: 'October 1, 2026',
            })),
      },
      ...(options.searchOnly ? [] : blocks),
    ],
    stop_reason: options.stopReason ?? 'end_turn',
    stop_sequence: null,
    usage: {
      input_tokens: options.inputTokens ?? DEFAULT_INPUT_TOKENS,
      output_tokens: options.outputTokens ?? DEFAULT_OUTPUT_TOKENS,
      cache_creation_input_tokens: 0,
      cache_read_input_tokens: 0,
      server_tool_use: { web_search_requests: options.searchError ? 0 : 1 },
      service_tier: 'standard',
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Google Gemini API
// ---------------------------------------------------------------------------------------------

export interface GeminiAnswerOptions extends AnswerOptions {
  /**
   * Answer as the Gemini API does in production: each `groundingChunks[].web.uri` is a
   * vertexaisearch.cloud.google.com redirect, not the page, and the title is the page's domain
   * (default false: the pages' own URLs and titles).
   */
  redirectUris?: boolean;
  /** With `redirectUris`: the chunks' titles as given (page titles, not domains), keyed by page URL. */
  titles?: Record<string, string>;
  /** Thinking tokens in `usageMetadata.thoughtsTokenCount` (Gemini 2.5 thinks by default). */
  thoughtsTokens?: number;
  /** Tokens of the search results in `usageMetadata.toolUsePromptTokenCount`. */
  toolUseTokens?: number;
}

/** The redirect URI Gemini gives for `url` when `redirectUris` is on. */
export const geminiRedirectUri = (url: string) => `https://vertexaisearch.cloud.google.com/grounding-api-redirect/${Buffer.from(url).toString('base64url')}`;

/**
 * POST /v1beta/models/{model}:generateContent answer with the `google_search` tool:
 * `candidates[0].groundingMetadata` with the queries, the pages (`groundingChunks`) and which part of
 * the text each supports (`groundingSupports`, UTF-8 byte offsets; a 0 start is left out as proto3 does).
 * https://ai.google.dev/gemini-api/docs/google-search (response example)
 * https://ai.google.dev/api/generate-content#v1beta.GroundingMetadata
 */
export function geminiGroundedAnswer(text: string, sources: CitedSource[], options: GeminiAnswerOptions = {}) {
  const searched = [...sources, ...(options.uncited ?? [])];
  const inputTokens = options.inputTokens ?? DEFAULT_INPUT_TOKENS;
  const outputTokens = options.outputTokens ?? DEFAULT_OUTPUT_TOKENS;
  const bytes = (index: number) => Buffer.byteLength(text.slice(0, index), 'utf8');
  const groundingSupports = citedSentences(text, sources)
    .filter((sentence) => sentence.sourceIndexes.length > 0)
    .map((sentence) => ({
      segment: {
        ...(sentence.start > 0 && { startIndex: bytes(sentence.start) }),
        endIndex: bytes(sentence.end),
        text: text.slice(sentence.start, sentence.end),
      },
      groundingChunkIndices: sentence.sourceIndexes,
    }));
  const query = options.query ?? DEFAULT_QUERY;
  return {
    candidates: [
      {
        content: { parts: [{ text }], role: 'model' },
        finishReason: 'STOP',
        index: 0,
        groundingMetadata: {
          webSearchQueries: [query],
          searchEntryPoint: { renderedContent: `<div class="container"><a class="chip" href="https://www.google.com/search?q=${encodeURIComponent(query)}">${query}</a></div>` },
          groundingChunks: searched.map((source) => ({
            web: options.redirectUris ? { uri: geminiRedirectUri(source.url), title: options.titles?.[source.url] ?? hostOf(source.url) } : { uri: source.url, title: source.title ?? hostOf(source.url) },
          })),
          groundingSupports,
        },
      },
    ],
    usageMetadata: {
      promptTokenCount: inputTokens,
      candidatesTokenCount: outputTokens,
      totalTokenCount: inputTokens + outputTokens + (options.thoughtsTokens ?? 0) + (options.toolUseTokens ?? 0),
      ...(options.thoughtsTokens !== undefined && { thoughtsTokenCount: options.thoughtsTokens }),
      ...(options.toolUseTokens !== undefined && { toolUsePromptTokenCount: options.toolUseTokens }),
      promptTokensDetails: [{ modality: 'TEXT', tokenCount: inputTokens }],
    },
    modelVersion: options.model ?? 'gemini-2.5-flash',
    responseId: 'fake-response-0001',
  };
}

// ---------------------------------------------------------------------------------------------
// Perplexity Sonar API
// ---------------------------------------------------------------------------------------------

/**
 * POST /chat/completions answer of a Sonar model: OpenAI's chat completion plus `citations` (the URLs
 * the text's [n] markers point at) and `search_results` (the same pages with title and date); usage
 * with the search counters. @ai-sdk/perplexity makes its sources from `citations` only (no titles).
 * https://docs.perplexity.ai/api-reference/chat-completions-post
 */
/**
 * The text as Sonar writes it: each sentence ends with the `[n]` markers of the `citations` it
 * draws on (n from 1), before its closing punctuation: "Acme tracks citations[1]."
 */
export function perplexityMarkedText(text: string, sources: readonly CitedSource[]): string {
  let marked = '';
  let from = 0;
  for (const sentence of citedSentences(text, sources)) {
    const body = text.slice(from, sentence.end);
    const punctuation = /[.!?]+$/.exec(body)?.[0] ?? '';
    marked += body.slice(0, body.length - punctuation.length) + sentence.sourceIndexes.map((index) => `[${index + 1}]`).join('') + punctuation;
    from = sentence.end;
  }
  return marked + text.slice(from);
}

export function perplexitySonarAnswer(text: string, sources: CitedSource[], options: AnswerOptions = {}) {
  const searched = [...sources, ...(options.uncited ?? [])];
  const inputTokens = options.inputTokens ?? DEFAULT_INPUT_TOKENS;
  const outputTokens = options.outputTokens ?? DEFAULT_OUTPUT_TOKENS;
  return {
    ...perplexityAnswer(
      perplexityMarkedText(text, sources),
      searched.map((source) => source.url),
    ),
    id: 'pplx-fake-0001',
    model: options.model ?? 'sonar',
    created: CREATED_AT,
    search_results: searched.map((source) => ({ title: source.title ?? hostOf(source.url), url: source.url, date: '2026-10-01', last_updated: '2026-10-15', snippet: `About ${hostOf(source.url)}.` })),
    usage: {
      prompt_tokens: inputTokens,
      completion_tokens: outputTokens,
      total_tokens: inputTokens + outputTokens,
      search_context_size: 'low',
      cost: { input_tokens_cost: 0, output_tokens_cost: 0, request_cost: 0.005, total_cost: 0.005 },
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------

type Part = string | { type?: string; text?: string };

const textOf = (content: unknown): string => {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return (content as Part[])
    .map((part) => (typeof part === 'string' ? part : part.type === undefined || part.type === 'text' || part.type === 'input_text' ? (part.text ?? '') : ''))
    .join('');
};

const lastUser = <T extends { role?: string }>(items: T[]) => items.filter((item) => item.role === 'user').at(-1);

/**
 * The user's (last) message of a request to any of the four APIs: Responses `input` (a string or
 * items with `input_text` parts), Gemini `contents[].parts[].text`, Anthropic and chat `messages`
 * (a string or `text` parts). '' when there is none.
 */
export function promptOf(request: RecordedRequest): string {
  const body = (request.body ?? {}) as {
    input?: string | { role?: string; content?: unknown }[];
    contents?: { role?: string; parts?: { text?: string }[] }[];
    messages?: { role?: string; content?: unknown }[];
  };
  if (typeof body.input === 'string') return body.input;
  if (Array.isArray(body.input)) return textOf(lastUser(body.input)?.content);
  if (Array.isArray(body.contents)) return (lastUser(body.contents)?.parts ?? []).map((part) => part.text ?? '').join('');
  if (Array.isArray(body.messages)) return textOf(lastUser(body.messages)?.content);
  return '';
}

// ---------------------------------------------------------------------------------------------
// Errors
// ---------------------------------------------------------------------------------------------

const GOOGLE_STATUS: Record<number, string> = {
  400: 'INVALID_ARGUMENT',
  401: 'UNAUTHENTICATED',
  403: 'PERMISSION_DENIED',
  404: 'NOT_FOUND',
  429: 'RESOURCE_EXHAUSTED',
  500: 'INTERNAL',
  503: 'UNAVAILABLE',
  504: 'DEADLINE_EXCEEDED',
};

const ANTHROPIC_TYPE: Record<number, string> = {
  400: 'invalid_request_error',
  401: 'authentication_error',
  403: 'permission_error',
  404: 'not_found_error',
  413: 'request_too_large',
  429: 'rate_limit_error',
  500: 'api_error',
  529: 'overloaded_error',
};

export interface ErrorReplyOptions {
  /** Seconds for the `retry-after` header (sent only when given). */
  retryAfterSeconds?: number;
  /** Gemini's google.rpc.RetryInfo `retryDelay` in the body ("30s" unless given). */
  retryDelay?: string;
  message?: string;
}

/**
 * An error reply in the API's documented error body:
 * - OpenAI `{ error: { message, type, param, code } }` (https://platform.openai.com/docs/guides/error-codes)
 * - Anthropic `{ type: 'error', error: { type, message } }` (https://docs.anthropic.com/en/api/errors)
 * - Gemini `{ error: { code, message, status } }` (https://ai.google.dev/gemini-api/docs/troubleshooting);
 *   on 429 also the google.rpc.RetryInfo detail Gemini sends
 * - Perplexity `{ error: { message, type, code } }` (@ai-sdk/perplexity requires the numeric `code`)
 */
export function answerEngineError(api: AnswerEngineApi, status: number, options: ErrorReplyOptions = {}): FakeReply {
  const retryAfter = options.retryAfterSeconds;
  const headers = { 'retry-after': retryAfter === undefined ? undefined : String(retryAfter) };
  const limited = status === 429;
  switch (api) {
    case 'openai':
      return {
        status,
        headers,
        json: {
          error: limited
            ? { message: options.message ?? 'Rate limit reached for requests. Please try again later.', type: 'requests', param: null, code: 'rate_limit_exceeded' }
            : { message: options.message ?? 'The server had an error while processing your request. Sorry about that!', type: status >= 500 ? 'server_error' : 'invalid_request_error', param: null, code: null },
        },
      };
    case 'anthropic':
      return {
        status,
        headers: { ...headers, 'request-id': 'req_fake_0001' },
        json: {
          type: 'error',
          error: { type: ANTHROPIC_TYPE[status] ?? (status >= 500 ? 'api_error' : 'invalid_request_error'), message: options.message ?? (limited ? 'Number of request tokens has exceeded your per-minute rate limit.' : 'Internal server error') },
          request_id: 'req_fake_0001',
        },
      };
    case 'gemini':
      return {
        status,
        headers,
        json: {
          error: {
            code: status,
            message: options.message ?? (limited ? 'Resource has been exhausted (e.g. check quota).' : 'An internal error has occurred. Please retry or report in https://developers.generativeai.google/guide/troubleshooting'),
            status: GOOGLE_STATUS[status] ?? (status >= 500 ? 'INTERNAL' : 'INVALID_ARGUMENT'),
            ...(limited && { details: [{ '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: options.retryDelay ?? `${retryAfter ?? 30}s` }] }),
          },
        },
      };
    case 'perplexity':
      return {
        status,
        headers,
        json: { error: { message: options.message ?? (limited ? 'Rate limit exceeded' : 'Internal server error'), type: limited ? 'rate_limit_exceeded' : 'internal_server_error', code: status } },
      };
  }
}

/** 429 with `retry-after` in the API's error shape. */
export const rateLimited = (api: AnswerEngineApi, retryAfterSeconds = 1): FakeReply => answerEngineError(api, 429, { retryAfterSeconds });

/** 500 in the API's error shape. */
export const serverError = (api: AnswerEngineApi): FakeReply => answerEngineError(api, 500);
