import { llmProviderSchema, type LlmProvider } from '@citable/contract';

type Env = Record<string, string | undefined>;

export interface LlmRetrySettings {
  /** Retries after the first attempt, on 429 and 5xx only. */
  maxRetries: number;
  /** First backoff delay; each retry doubles it. */
  baseDelayMs: number;
  /** A Retry-After longer than this is not waited for: the call fails as rate limited instead. */
  maxRetryAfterMs: number;
}

export interface LlmSettings {
  provider: LlmProvider;
  model: string;
  /** Never logged nor returned by any route. */
  apiKey: string | undefined;
  baseUrl: string | undefined;
  /** Per attempt, through an AbortSignal. */
  timeoutMs: number;
  retry: LlmRetrySettings;
}

export const DEFAULT_LLM_TIMEOUT_MS = 60_000;
export const DEFAULT_LLM_RETRY: LlmRetrySettings = { maxRetries: 3, baseDelayMs: 1_000, maxRetryAfterMs: 30_000 };

function positiveInt(env: Env, name: string, fallback: number, fail: (message: string) => Error, min = 1): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) throw fail(`${name} must be an integer of at least ${min}, got "${raw}"`);
  return value;
}

/**
 * LLM_PROVIDER, LLM_MODEL, LLM_API_KEY, LLM_BASE_URL (plus LLM_TIMEOUT_MS, LLM_MAX_RETRIES,
 * LLM_RETRY_BASE_MS). No LLM_PROVIDER means no provider: every feature then uses the built-in
 * engine. A half-configured provider is refused at start-up rather than failing on first use.
 */
export function readLlmSettings(env: Env, fail: (message: string) => Error): LlmSettings | null {
  const providerName = env.LLM_PROVIDER?.trim();
  if (!providerName) return null;
  const provider = llmProviderSchema.safeParse(providerName);
  if (!provider.success) throw fail(`LLM_PROVIDER must be one of ${llmProviderSchema.options.join(', ')}, got "${providerName}"`);
  const model = env.LLM_MODEL?.trim();
  if (!model) throw fail('LLM_MODEL is not set. Name the model to use, e.g. gpt-4o-mini, claude-sonnet-4-5 or llama3.1.');
  const apiKey = env.LLM_API_KEY?.trim() || undefined;
  const baseUrl = env.LLM_BASE_URL?.trim().replace(/\/+$/, '') || undefined;
  if (baseUrl && (!URL.canParse(baseUrl) || !/^https?:$/.test(new URL(baseUrl).protocol))) throw fail(`LLM_BASE_URL must be an http(s) URL, got "${baseUrl}"`);
  // Local servers (Ollama, vLLM, LM Studio) take no key, but they have no default address either.
  if (provider.data === 'openai-compatible' && !baseUrl) throw fail('LLM_BASE_URL is required with LLM_PROVIDER=openai-compatible, e.g. http://localhost:11434/v1 for Ollama.');
  if (provider.data !== 'openai-compatible' && !apiKey) throw fail(`LLM_API_KEY is required with LLM_PROVIDER=${provider.data}.`);
  return {
    provider: provider.data,
    model,
    apiKey,
    baseUrl,
    timeoutMs: positiveInt(env, 'LLM_TIMEOUT_MS', DEFAULT_LLM_TIMEOUT_MS, fail),
    retry: {
      maxRetries: positiveInt(env, 'LLM_MAX_RETRIES', DEFAULT_LLM_RETRY.maxRetries, fail, 0),
      baseDelayMs: positiveInt(env, 'LLM_RETRY_BASE_MS', DEFAULT_LLM_RETRY.baseDelayMs, fail),
      maxRetryAfterMs: DEFAULT_LLM_RETRY.maxRetryAfterMs,
    },
  };
}
