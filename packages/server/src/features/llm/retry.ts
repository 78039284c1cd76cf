// The error class alone, from the AI SDK's small provider package: loading `ai` itself waits
// for the first model call (llm/ai-sdk.ts).
import { APICallError } from '@ai-sdk/provider';
import type { LlmRetrySettings } from '../../settings/llm';

/** 429 and 5xx are worth another attempt; other 4xx (bad key, bad request) are not. */
export function isRetryableStatus(status: number | undefined): boolean {
  return status === 429 || (status !== undefined && status >= 500 && status <= 599);
}

/**
 * Retry-After (RFC 9110 §10.2.3) is either seconds or an HTTP date; OpenAI also sends
 * retry-after-ms. Returns milliseconds, or undefined when absent or unreadable.
 */
export function retryAfterMs(headers: Record<string, string> | undefined, now = Date.now()): number | undefined {
  if (!headers) return undefined;
  const lower = Object.fromEntries(Object.entries(headers).map(([key, value]) => [key.toLowerCase(), value]));
  const ms = Number(lower['retry-after-ms']);
  if (lower['retry-after-ms'] !== undefined && Number.isFinite(ms) && ms >= 0) return ms;
  const raw = lower['retry-after'];
  if (raw === undefined) return undefined;
  const seconds = Number(raw);
  if (raw.trim() !== '' && Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(raw);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

export interface RetryDecision {
  retry: boolean;
  delayMs: number;
}

/**
 * Exponential backoff (base, 2x base, 4x base, ...) unless the provider named its own delay;
 * a named delay beyond `maxRetryAfterMs` is not waited for, so a request never hangs for minutes.
 */
export function decideRetry(error: unknown, attempt: number, settings: LlmRetrySettings): RetryDecision {
  if (!APICallError.isInstance(error) || !isRetryableStatus(error.statusCode) || attempt > settings.maxRetries) return { retry: false, delayMs: 0 };
  const named = retryAfterMs(error.responseHeaders);
  if (named !== undefined) return named <= settings.maxRetryAfterMs ? { retry: true, delayMs: named } : { retry: false, delayMs: 0 };
  return { retry: true, delayMs: settings.baseDelayMs * 2 ** (attempt - 1) };
}

export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
