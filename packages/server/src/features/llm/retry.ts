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

/** "30s", "1.5s", "6m0s", "20ms", "1h2m": the durations Google's RetryInfo and OpenAI's reset headers use. */
export function durationMs(value: string): number | undefined {
  const text = value.trim();
  if (/^\d+(?:\.\d+)?$/.test(text)) return Number(text) * 1000;
  const parts = [...text.matchAll(/(\d+(?:\.\d+)?)(ms|h|m|s)/g)];
  if (parts.length === 0 || parts.map((part) => part[0]).join('') !== text) return undefined;
  const unit = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 } as const;
  return parts.reduce((sum, [, amount, name]) => sum + Number(amount) * unit[name as keyof typeof unit], 0);
}

/**
 * Gemini gives no Retry-After header on 429: the delay is in the body, as a google.rpc.RetryInfo
 * detail (`{ error: { details: [{ "@type": ".../google.rpc.RetryInfo", retryDelay: "30s" }] } }`,
 * https://ai.google.dev/gemini-api/docs/rate-limits). Undefined when the body has none.
 */
export function retryInfoDelayMs(body: string | undefined): number | undefined {
  if (!body) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return undefined;
  }
  const error = (Array.isArray(parsed) ? parsed[0] : parsed) as { error?: { details?: unknown } } | undefined;
  const details = Array.isArray(error?.error?.details) ? (error.error.details as { '@type'?: unknown; retryDelay?: unknown }[]) : [];
  const info = details.find((detail) => typeof detail?.['@type'] === 'string' && detail['@type'].endsWith('google.rpc.RetryInfo') && typeof detail.retryDelay === 'string');
  return info ? durationMs(info.retryDelay as string) : undefined;
}

/**
 * OpenAI's `x-ratelimit-reset-requests` / `x-ratelimit-reset-tokens` ("1s", "6m0s"): when the
 * limits that were hit reset. The longest of them, since either may be the one that was hit.
 */
export function rateLimitResetMs(headers: Record<string, string> | undefined): number | undefined {
  if (!headers) return undefined;
  const delays = Object.entries(headers).flatMap(([name, value]) => (/^x-ratelimit-reset-/i.test(name) ? [durationMs(value)] : [])).filter((ms): ms is number => ms !== undefined);
  return delays.length > 0 ? Math.max(...delays) : undefined;
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
  const named = retryAfterMs(error.responseHeaders) ?? retryInfoDelayMs(error.responseBody) ?? (error.statusCode === 429 ? rateLimitResetMs(error.responseHeaders) : undefined);
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
