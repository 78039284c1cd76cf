import { isCrawlerError, type SafeFetcher } from '@citable/crawler';
import type { createClient } from 'contentful-management';

/** The HTTP adapter slot of the SDK (axios's), typed from the SDK so axios need not be imported. */
type Adapter = NonNullable<Parameters<typeof createClient>[0]['adapter']>;
type AdapterConfig = Parameters<Extract<Adapter, (...args: never[]) => unknown>>[0];

const TIMEOUT_MS = 20_000;
const MAX_BODY_BYTES = 20 * 1024 * 1024;
const METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH']);

function requestUrl(config: AdapterConfig): string {
  const path = config.url ?? '';
  const joined = config.baseURL && !/^https?:\/\//.test(path) ? `${config.baseURL.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}` : path;
  const url = new URL(joined);
  for (const [name, value] of Object.entries((config.params ?? {}) as Record<string, unknown>)) {
    if (value !== undefined && value !== null) url.searchParams.set(name, String(value));
  }
  return url.href;
}

function plainHeaders(config: AdapterConfig): Record<string, string> {
  const raw = config.headers as unknown as { toJSON?: () => Record<string, unknown> } | Record<string, unknown> | undefined;
  const entries = raw && typeof (raw as { toJSON?: unknown }).toJSON === 'function' ? (raw as { toJSON: () => Record<string, unknown> }).toJSON() : ((raw ?? {}) as Record<string, unknown>);
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(entries)) {
    // The fetcher sets these itself; Accept is passed on through its own option.
    if (value === undefined || value === null || value === false || /^(accept|content-length|user-agent)$/i.test(name)) continue;
    headers[name.toLowerCase()] = String(value);
  }
  return headers;
}

/**
 * Sends the Contentful SDK's requests through Citable's SSRF-guarded fetcher, so the Content
 * Management API is reached under the same address rules as every other CMS: private addresses
 * only when FETCH_ALLOW_HOSTS lists them, no redirects followed with the token. Everything else
 * (the SDK's retries on 429 after X-Contentful-RateLimit-Reset, its error parsing) stays the
 * SDK's: a non-2xx answer is rejected the way axios's own adapters reject it.
 */
export function safeFetchAdapter(fetcher: SafeFetcher): Adapter {
  return async (config: AdapterConfig) => {
    const method = (config.method ?? 'get').toUpperCase();
    if (!METHODS.has(method)) throw new Error(`Unsupported method ${method}`);
    const headers = plainHeaders(config);
    let result;
    try {
      result = await fetcher.fetch(requestUrl(config), {
        method: method as 'GET' | 'POST' | 'PUT' | 'PATCH',
        accept: 'application/json',
        headers,
        body: typeof config.data === 'string' ? config.data : config.data === undefined || config.data === null ? undefined : JSON.stringify(config.data),
        followRedirects: false,
        maxBodyBytes: MAX_BODY_BYTES,
        timeoutMs: TIMEOUT_MS,
      });
    } catch (error) {
      // No answer came (refused address, timeout, DNS): the SDK reports it as a network failure.
      throw Object.assign(new Error(isCrawlerError(error) ? error.message : 'request failed'), { config, isAxiosError: true });
    }
    const response = { data: result.body, status: result.status, statusText: '', headers: result.headers, config, request: {} };
    if (result.status >= 200 && result.status < 300) return response as never;
    throw Object.assign(new Error(`Request failed with status code ${result.status}`), { config, response, isAxiosError: true });
  };
}
