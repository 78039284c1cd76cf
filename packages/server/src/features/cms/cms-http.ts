import { isCrawlerError, type SafeFetcher } from '@citable/crawler';
import { CmsError } from './cms-error';

export interface JsonResponse<T> {
  status: number;
  headers: Record<string, string>;
  json: T;
}

export interface JsonRequest {
  method?: 'GET' | 'POST' | 'PUT';
  headers: Record<string, string>;
  body?: unknown;
}

// API answers are small; a listing page of 100 posts with their HTML stays well below this.
const MAX_API_BODY_BYTES = 20 * 1024 * 1024;
const API_TIMEOUT_MS = 20_000;

/**
 * One JSON call to a CMS API through the SSRF-guarded fetcher: the site's address is checked like
 * any audited URL, credentials go only to that origin, and a redirect is reported rather than
 * followed (a CMS API that redirects is misconfigured, or the site URL is not the canonical one).
 */
export async function requestJson<T>(fetcher: SafeFetcher, url: string, request: JsonRequest): Promise<JsonResponse<T>> {
  let response;
  try {
    response = await fetcher.fetch(url, {
      method: request.method ?? 'GET',
      accept: 'application/json',
      headers: { ...request.headers, ...(request.body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
      followRedirects: false,
      maxBodyBytes: MAX_API_BODY_BYTES,
      timeoutMs: API_TIMEOUT_MS,
    });
  } catch (error) {
    if (isCrawlerError(error)) throw new CmsError(error.message);
    throw error;
  }
  if (response.status >= 300 && response.status < 400) {
    const location = response.headers.location ?? 'another address';
    throw new CmsError(`the site redirected the API request to ${location}; use that address instead`, response.status);
  }
  let json: T;
  try {
    json = JSON.parse(response.body) as T;
  } catch {
    throw new CmsError(`the site answered HTTP ${response.status} without JSON; check the address`, response.status);
  }
  return { status: response.status, headers: response.headers, json };
}

/** The API's own error text when it has one ({message} in WordPress, {errors} in Shopify). */
export function apiErrorText(json: unknown): string | null {
  if (json && typeof json === 'object') {
    const body = json as { message?: unknown; errors?: unknown };
    if (typeof body.message === 'string' && body.message.trim()) return stripTags(body.message);
    if (typeof body.errors === 'string' && body.errors.trim()) return body.errors;
    if (body.errors && typeof body.errors === 'object') return JSON.stringify(body.errors);
  }
  return null;
}

function stripTags(text: string): string {
  return text.replace(/<[^>]*>/g, '').trim();
}
