import { APICallError } from '@ai-sdk/provider';
import type { generateText, LanguageModel, LanguageModelUsage, ToolSet } from 'ai';
import { CITATION_SOURCES } from '@citable/contract';
import type { AnswerEngineSettings } from '../../../settings/citation-sources';
import { decideRetry, loadAiSdk, sleep } from '../../llm';
import { SourceError } from '../fetch-json';
import { urlsIn } from '../text';
import { settleAll, type CitationSourceAdapter, type Observation } from './types';

/** The engines asked as their users ask them: through the vendor's API, with its web search on. */
export type WebAnswerEngineId = 'chatgpt' | 'claude' | 'gemini' | 'perplexity';
export const WEB_ANSWER_ENGINE_IDS: readonly WebAnswerEngineId[] = ['chatgpt', 'claude', 'gemini', 'perplexity'];

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
  const connection = { apiKey: settings.apiKey, baseURL: settings.baseUrl };
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

const GOOGLE_REDIRECT_HOST = 'vertexaisearch.cloud.google.com';
const DOMAIN_TITLE = /^(?:[a-z0-9-]+\.)+[a-z]{2,}$/i;

/**
 * The page a source stands for. Gemini cites through Google's grounding redirect links, titled
 * with the cited site's domain (https://ai.google.dev/gemini-api/docs/google-search): without
 * following the redirect, that domain is what is known of the page, and it is what matching needs.
 */
export function citedPage(source: { url: string; title?: string }): string {
  let host: string;
  try {
    host = new URL(source.url).hostname;
  } catch {
    return source.url;
  }
  const title = source.title?.trim() ?? '';
  return host === GOOGLE_REDIRECT_HOST && DOMAIN_TITLE.test(title) ? `https://${title.toLowerCase()}/` : source.url;
}

/**
 * The pages Claude's answer cites. The SDK's sources for Claude are every web search result, read
 * or not; the answer's own citations (`web_search_result_location` on its text blocks, kept in the
 * text parts' provider metadata) are the pages it cites. Null when the answer carries none, so the
 * sources are used instead.
 */
export function claudeCitations(content: readonly { type: string; providerMetadata?: unknown }[]): string[] | null {
  const urls = content.flatMap((part) => {
    if (part.type !== 'text') return [];
    const citations = (part.providerMetadata as { anthropic?: { citations?: { type?: string; url?: unknown }[] } } | undefined)?.anthropic?.citations ?? [];
    return citations.flatMap((citation) => (citation.type === 'web_search_result_location' && typeof citation.url === 'string' ? [citation.url] : []));
  });
  return urls.length > 0 ? [...new Set(urls)] : null;
}

const tokens = (usage: LanguageModelUsage | undefined) => ({ inputTokens: usage?.inputTokens ?? 0, outputTokens: usage?.outputTokens ?? 0 });

/** What the user reads when an engine could not answer; never the key, never the raw body. */
function engineFailure(name: string, error: unknown, timedOut: boolean, timeoutMs: number): SourceError {
  if (timedOut) return new SourceError('unreachable', `${name} did not answer within ${Math.round(timeoutMs / 1000)} s.`);
  if (APICallError.isInstance(error)) {
    if (error.statusCode === 429) return new SourceError('error', `${name} is limiting requests (HTTP 429); try again later.`);
    if (error.statusCode === 401 || error.statusCode === 403) return new SourceError('error', `${name} refused this server's key (HTTP ${error.statusCode}).`);
    if (error.statusCode === undefined) return new SourceError('unreachable', `${name} could not be reached.`);
    // The SDKs report a 2xx body they cannot read as an APICallError with that status.
    if (error.statusCode < 300) return new SourceError('error', `${name} answered in an unexpected shape.`);
    return new SourceError('error', `${name} answered with an error (HTTP ${error.statusCode}).`);
  }
  return new SourceError('error', `${name} answered in an unexpected shape.`);
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

  async function ask(prompt: string, signal: AbortSignal | undefined) {
    await options.beforeCall?.();
    const [{ model, tools, providerOptions }, { generateText }] = await Promise.all([build(), loadAiSdk()]);
    for (let attempt = 1; ; attempt += 1) {
      const timeout = AbortSignal.timeout(options.timeoutMs);
      try {
        // Retries are ours (bounded Retry-After, one message per engine), so the SDK's own are off.
        return await generateText({ model, tools, providerOptions, prompt, maxOutputTokens: MAX_ANSWER_TOKENS, maxRetries: 0, abortSignal: signal ? AbortSignal.any([signal, timeout]) : timeout });
      } catch (error) {
        if (signal?.aborted) throw error;
        const decision = decideRetry(error, attempt, retry);
        if (timeout.aborted || !decision.retry) throw engineFailure(name, error, timeout.aborted, options.timeoutMs);
        await sleep(decision.delayMs, signal);
      }
    }
  }

  return {
    id,
    name,
    kind: 'answer-engine',
    async run(query) {
      const asks = query.prompts.flatMap((prompt) => Array.from({ length: query.samples }, (_, sample) => ({ prompt, sample })));
      const models = new Set<string>();
      const { values, warning } = await settleAll(
        name,
        asks.map(({ prompt, sample }) => async (): Promise<Observation> => {
          const result = await ask(prompt, query.signal);
          const answeredBy = result.response.modelId || settings.model;
          models.add(answeredBy);
          await options.onUsage?.({ sourceId: id, model: answeredBy, ...tokens(result.totalUsage) });
          // An empty reply (Gemini answers `{}` when it declines) says nothing: not a non-mention.
          if (result.text.trim() === '') throw new SourceError('error', `${name} gave an empty answer.`);
          const sources = (id === 'claude' ? claudeCitations(result.content) : null) ?? result.sources.flatMap((source) => (source.sourceType === 'url' ? [citedPage(source)] : []));
          return {
            sourceId: id,
            prompt,
            sample,
            text: result.text,
            url: null,
            type: 'answer',
            date: null,
            // The engine's own sources first; a URL written in the answer counts as cited too.
            citedUrls: [...new Set([...sources, ...urlsIn(result.text)])],
            countsForRate: true,
          };
        }),
        CONCURRENCY,
        query.onAnswered,
      );
      return { observations: values, warning, models: [...models] };
    },
  };
}
