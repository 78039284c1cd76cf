import { APICallError } from '@ai-sdk/provider';
import type { generateText, LanguageModel, LanguageModelUsage, ModelMessage, ToolSet } from 'ai';
import { searchesBilled } from './search-fees';
import { CITATION_SOURCES } from '@citable/contract';
import type { AnswerEngineSettings } from '../../../settings/citation-sources';
import { decideRetry, loadAiSdk, sleep } from '../../llm';
import { SourceError } from '../fetch-json';
import { chatGptCitations, claudeCitations, geminiCitations, perplexityCitations, type AnswerCitations, type EngineReply } from './engine-citations';
import { proxiedFetch } from './proxy-fetch';
import { settleAll, type CitationSourceAdapter, type FailedAsk, type Observation } from './types';
import type { WebAnswerEngineId } from './web-answer-engine-ids';

export { WEB_ANSWER_ENGINE_IDS, type WebAnswerEngineId } from './web-answer-engine-ids';

type ProviderOptions = Parameters<typeof generateText>[0]['providerOptions'];

/** Calls in flight at once per engine, to stay under common per-minute rate limits. */
const CONCURRENCY = 3;
const MAX_ANSWER_TOKENS = 1_200;
/** Searches Claude may run for one answer: its web search is billed per search. */
const CLAUDE_MAX_SEARCHES = 3;
const MAX_RETRIES = 3;
const MAX_RETRY_AFTER_MS = 30_000;

/** Tests inject a model without the provider's package; the app builds the real one. */
export type BuildWebAnswerModel = (id: WebAnswerEngineId, settings: AnswerEngineSettings) => WebAnswerModel | Promise<WebAnswerModel>;

export interface WebAnswerModel {
  model: LanguageModel;
  tools?: ToolSet;
  providerOptions?: ProviderOptions;
}

/**
 * The AI SDK model and the engine's own web search tool (https://ai-sdk.dev/providers): with the
 * tool, the answer is what a user of the engine would read, and `sources` lists the pages it cites.
 * Perplexity's Sonar models always search and return their sources without a tool. The provider's
 * package is loaded on the first run (llm/ai-sdk.ts says why).
 */
export async function webAnswerModel(id: WebAnswerEngineId, settings: AnswerEngineSettings): Promise<WebAnswerModel> {
  // Through HTTPS_PROXY / NO_PROXY when the environment sets them (proxy-fetch.ts).
  const fetch = proxiedFetch(settings.proxy);
  const connection = { apiKey: settings.apiKey, baseURL: settings.baseUrl, ...(fetch && { fetch }) };
  switch (id) {
    case 'chatgpt': {
      const { createOpenAI } = await import('@ai-sdk/openai');
      const openai = createOpenAI(connection);
      // Without the searched pages (`action.sources`), the SDK's sources are the answer's own
      // url_citation annotations: the pages it cites, not every page the search returned.
      return { model: openai.responses(settings.model), tools: { web_search: openai.tools.webSearch({}) }, providerOptions: { openai: { includeWebSearchSources: false } } };
    }
    case 'claude': {
      const { createAnthropic } = await import('@ai-sdk/anthropic');
      const anthropic = createAnthropic(connection);
      return { model: anthropic(settings.model), tools: { web_search: anthropic.tools.webSearch_20250305({ maxUses: CLAUDE_MAX_SEARCHES }) } };
    }
    case 'gemini': {
      const { createGoogleGenerativeAI } = await import('@ai-sdk/google');
      const google = createGoogleGenerativeAI(connection);
      return { model: google(settings.model), tools: { google_search: google.tools.googleSearch({}) } };
    }
    case 'perplexity': {
      const { createPerplexity } = await import('@ai-sdk/perplexity');
      return { model: createPerplexity(connection)(settings.model) };
    }
  }
}

/** Tokens and calls one engine spent, so the run and the month can be held to their budget. */
export interface EngineUsage {
  sourceId: WebAnswerEngineId;
  model: string;
  inputTokens: number;
  outputTokens: number;
  /** Web searches billed apart from the tokens (search-fees.ts says what each vendor counts). */
  searches: number;
}

/** How an engine's calls are kept in the usage ledger: the engine and the model that answered. */
export const engineUsageModel = (usage: Pick<EngineUsage, 'sourceId' | 'model'>) => `${usage.sourceId}:${usage.model}`;

export interface WebAnswerEngineOptions {
  timeoutMs: number;
  retryBaseMs: number;
  /** Called before every call; throws (a SourceError) when the month's budget is spent. */
  beforeCall?: () => Promise<void>;
  /** Called after every answered call, before the answer is used. */
  onUsage?: (usage: EngineUsage) => Promise<void>;
  /** Tests inject the model; the app builds it from the settings. */
  build?: BuildWebAnswerModel;
}

/** Continuations of one Claude turn paused by its server-side search, beyond the first call. */
const CLAUDE_MAX_CONTINUATIONS = 3;

/** How each engine's answer says which pages it cites (engine-citations.ts). */
const CITATIONS: Record<WebAnswerEngineId, (reply: EngineReply) => AnswerCitations> = {
  chatgpt: chatGptCitations,
  claude: claudeCitations,
  gemini: geminiCitations,
  perplexity: perplexityCitations,
};

/** The text of a continued turn joined as it reads: the calls' texts in order, apart where they would run together. */
function joinAnswer(before: string, next: string): string {
  if (before === '' || next === '') return before + next;
  return /\s$/.test(before) || /^\s/.test(next) ? before + next : `${before}\n\n${next}`;
}

/**
 * The error code of Claude's web search when every search of the answer failed
 * (`web_search_tool_result_error`: too_many_requests, max_uses_exceeded, unavailable...); null when
 * one search at least returned pages. The SDK keeps the failed result as an error tool result.
 */
export function failedSearch(parts: readonly { type: string }[]): string | null {
  const content = parts as readonly { type: string; toolName?: unknown; isError?: unknown; output?: unknown; result?: unknown; error?: unknown }[];
  const results = content.filter((part) => (part.type === 'tool-result' || part.type === 'tool-error') && part.toolName === 'web_search');
  if (results.length === 0) return null;
  const codes = results.map((part) => {
    if (part.type !== 'tool-error' && part.isError !== true) return null;
    const payload = (part.output ?? part.result ?? part.error) as { errorCode?: unknown; error_code?: unknown } | undefined;
    const code = payload?.errorCode ?? payload?.error_code;
    return typeof code === 'string' && /^[a-z_]{1,40}$/.test(code) ? code : 'unavailable';
  });
  return codes.every((code) => code !== null) ? (codes[0] as string) : null;
}

const tokens = (usage: LanguageModelUsage | undefined) => ({ inputTokens: usage?.inputTokens ?? 0, outputTokens: usage?.outputTokens ?? 0 });

/** What the user reads when an engine could not answer; never the key, never the raw body. */
function engineFailure(name: string, error: unknown, timedOut: boolean, timeoutMs: number): SourceError {
  if (timedOut) return new SourceError('unreachable', `${name} did not answer within ${Math.round(timeoutMs / 1000)} s.`, 'timed_out');
  if (APICallError.isInstance(error)) {
    if (error.statusCode === 429) return new SourceError('error', `${name} is limiting requests (HTTP 429); try again later.`, 'rate_limited');
    if (error.statusCode === 401 || error.statusCode === 403) return new SourceError('error', `${name} refused this server's key (HTTP ${error.statusCode}).`, 'key_refused');
    if (error.statusCode === undefined) return new SourceError('unreachable', `${name} could not be reached.`, 'unreachable');
    // The SDKs report a 2xx body they cannot read as an APICallError with that status.
    if (error.statusCode < 300) return new SourceError('error', `${name} answered in an unexpected shape.`, 'unreadable');
    return new SourceError('error', `${name} answered with an error (HTTP ${error.statusCode}).`, 'error');
  }
  return new SourceError('error', `${name} answered in an unexpected shape.`, 'unreadable');
}

/**
 * One answer engine with web search, asked each prompt `samples` times. Each call gets its own
 * time-out and is retried on 429 and 5xx (honouring Retry-After); a prompt that still fails is
 * a warning, and only an engine that answered nothing is listed as failed.
 */
export function webAnswerEngineSource(id: WebAnswerEngineId, settings: AnswerEngineSettings, options: WebAnswerEngineOptions): CitationSourceAdapter {
  const name = CITATION_SOURCES[id].name;
  // Built on the first question, so that loading the provider's package waits for a run.
  let built: Promise<WebAnswerModel> | undefined;
  const build = () => (built ??= Promise.resolve((options.build ?? webAnswerModel)(id, settings)));
  const retry = { maxRetries: MAX_RETRIES, baseDelayMs: options.retryBaseMs, maxRetryAfterMs: MAX_RETRY_AFTER_MS };

  /** One call, retried on 429 and 5xx after the delay the engine names (capped), else backing off. */
  async function call(input: { prompt: string } | { messages: ModelMessage[] }, signal: AbortSignal | undefined) {
    await options.beforeCall?.();
    const [{ model, tools, providerOptions }, { generateText }] = await Promise.all([build(), loadAiSdk()]);
    for (let attempt = 1; ; attempt += 1) {
      const timeout = AbortSignal.timeout(options.timeoutMs);
      try {
        // Retries are ours (bounded Retry-After, one message per engine), so the SDK's own are off.
        return await generateText({ model, tools, providerOptions, ...input, maxOutputTokens: MAX_ANSWER_TOKENS, maxRetries: 0, abortSignal: signal ? AbortSignal.any([signal, timeout]) : timeout });
      } catch (error) {
        if (signal?.aborted) throw error;
        const decision = decideRetry(error, attempt, retry);
        if (timeout.aborted || !decision.retry) throw engineFailure(name, error, timeout.aborted, options.timeoutMs);
        await sleep(decision.delayMs, signal);
      }
    }
  }

  /**
   * One answer. Claude's server-side search may pause a long turn (`stop_reason: "pause_turn"`):
   * its reply is then sent back as it is so Claude continues, at most CLAUDE_MAX_CONTINUATIONS times
   * (https://docs.anthropic.com/en/docs/agents-and-tools/tool-use/web-search-tool). Every call's
   * usage is recorded as it is answered.
   */
  async function ask(prompt: string, signal: AbortSignal | undefined): Promise<{ reply: EngineReply; answeredBy: string; paused: boolean }> {
    const messages: ModelMessage[] = [{ role: 'user', content: prompt }];
    const reply: { text: string; content: EngineReply['content'][number][]; sources: EngineReply['sources'][number][]; providerMetadata: unknown[] } = { text: '', content: [], sources: [], providerMetadata: [] };
    let answeredBy = settings.model;
    for (let turn = 0; ; turn += 1) {
      const result = await call(turn === 0 ? { prompt } : { messages }, signal);
      answeredBy = result.response.modelId || settings.model;
      await options.onUsage?.({ sourceId: id, model: answeredBy, ...tokens(result.totalUsage), searches: searchesBilled(id, result) });
      reply.text = joinAnswer(reply.text, result.text);
      reply.content.push(...result.content);
      reply.sources.push(...result.sources);
      reply.providerMetadata.push(result.providerMetadata);
      const paused = id === 'claude' && result.rawFinishReason === 'pause_turn';
      if (!paused) return { reply, answeredBy, paused: false };
      if (turn >= CLAUDE_MAX_CONTINUATIONS) return { reply, answeredBy, paused: true };
      messages.push(...result.response.messages);
    }
  }

  return {
    id,
    name,
    kind: 'answer-engine',
    async run(query) {
      const asks = query.prompts.flatMap((prompt) => Array.from({ length: query.samples }, (_, sample) => ({ prompt, sample })));
      const models = new Set<string>();
      const failedAskList: FailedAsk[] = [];
      const { values, failures } = await settleAll(
        name,
        asks.map(({ prompt, sample }) => async (): Promise<Observation> => {
          try {
            return await answer(prompt, sample, query.signal, models);
          } catch (error) {
            failedAskList.push({ prompt, sample, failure: error instanceof SourceError ? (error.reason ?? 'error') : 'error', message: error instanceof Error ? error.message : String(error) });
            throw error;
          }
        }),
        CONCURRENCY,
        query.onAnswered,
      );
      if (failures.length === 0) return { observations: values, models: [...models] };
      // "3 of 15 Claude asks failed: Claude is limiting requests (HTTP 429); try again later."
      const first = failures[0];
      const reason = first instanceof Error ? first.message : String(first);
      const warning = `${failures.length} of ${asks.length} ${name} asks failed: ${reason.replace(/\.$/, '')}`;
      return { observations: values, warning, models: [...models], failedAsks: failures.length, failure: first instanceof SourceError ? (first.reason ?? 'error') : 'error', failedAskList };
    },
  };

  /** One ask turned into an observation, or a SourceError saying why its answer is no answer. */
  async function answer(prompt: string, sample: number, signal: AbortSignal | undefined, models: Set<string>): Promise<Observation> {
    const { reply, answeredBy, paused } = await ask(prompt, signal);
    models.add(answeredBy);
    // A turn still paused after its continuations is no finished answer ("I'll search for…").
    if (paused) throw new SourceError('error', `${name} did not finish its answer (its web search paused the turn ${CLAUDE_MAX_CONTINUATIONS + 1} times).`, 'unreadable');
    const searchError = failedSearch(reply.content);
    if (searchError) throw new SourceError('error', `${name}'s web search failed (${searchError}).`, searchError === 'too_many_requests' ? 'rate_limited' : 'error');
    // An empty reply (Gemini answers `{}` when it declines) says nothing: not a non-mention.
    if (reply.text.trim() === '') throw new SourceError('error', `${name} gave an empty answer.`, 'unreadable');
    const { cited, consulted } = CITATIONS[id](reply);
    return {
      sourceId: id,
      prompt,
      sample,
      text: reply.text,
      url: null,
      type: 'answer',
      date: null,
      // The answer's own citations (a URL written in it counts too); the rest were consulted.
      citedUrls: cited,
      consultedUrls: consulted,
      countsForRate: true,
    };
  }
}
