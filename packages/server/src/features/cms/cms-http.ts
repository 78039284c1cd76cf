import { isCrawlerError, RateLimitedError, type SafeFetcher } from '@citable/crawler';
import { CmsError } from './cms-error';

export interface JsonResponse<T> {
  status: number;
  headers: Record<string, string>;
  json: T;
}

export interface JsonRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH';
  headers: Record<string, string>;
  /** Sent as JSON, or as a form when `form` is set (an OAuth token request). */
  body?: unknown;
  /** The JSON body's media type (JSON:API wants application/vnd.api+json). */
  contentType?: string;
  form?: Record<string, string>;
  /** The Accept header (default application/json). */
  accept?: string;
}

function encodeBody(request: JsonRequest): { body?: string; contentType?: string } {
  if (request.form) return { body: new URLSearchParams(request.form).toString(), contentType: 'application/x-www-form-urlencoded' };
  if (request.body === undefined) return {};
  return { body: JSON.stringify(request.body), contentType: request.contentType ?? 'application/json' };
}

/**
 * A rate limit the fetcher could not wait out: it honours Retry-After on a 429 by itself (up to
 * 10 s in all), so what reaches here asked for longer, as Webflow's one-minute windows do.
 */
function rateLimited(error: RateLimitedError): CmsError {
  const seconds = error.retryAfterMs === null ? null : Math.max(1, Math.ceil(error.retryAfterMs / 1000));
  return new CmsError(`the API's rate limit is reached; try again ${seconds === null ? 'in a minute' : `in ${seconds} seconds`}`, 429);
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
  const { body, contentType } = encodeBody(request);
  try {
    response = await fetcher.fetch(url, {
      method: request.method ?? 'GET',
      accept: request.accept ?? 'application/json',
      headers: { ...request.headers, ...(contentType ? { 'content-type': contentType } : {}) },
      body,
      followRedirects: false,
      maxBodyBytes: MAX_API_BODY_BYTES,
      timeoutMs: API_TIMEOUT_MS,
    });
  } catch (error) {
    if (error instanceof RateLimitedError) throw rateLimited(error);
    if (isCrawlerError(error)) throw new CmsError(error.message);
    throw error;
  }
  if (response.status >= 300 && response.status < 400) {
    const location = response.headers.location ?? 'another address';
    throw new CmsError(`the site redirected the API request to ${location}; use that address instead`, response.status);
  }
  let json: T;
  try {
    // 204 No Content (a JSON:API delete, a Webflow publish without a body) is an empty answer.
    json = (response.body === '' && response.status < 300 ? {} : JSON.parse(response.body)) as T;
  } catch {
    throw new CmsError(`the site answered HTTP ${response.status} without JSON; check the address`, response.status);
  }
  return { status: response.status, headers: response.headers, json };
}

/**
 * The API's own error text when it has one ({message} in WordPress and Webflow, {errors} in
 * Shopify, {errors: [{detail}]} in JSON:API, {error_description} in OAuth2).
 */
export function apiErrorText(json: unknown): string | null {
  if (json && typeof json === 'object') {
    const body = json as { message?: unknown; errors?: unknown; error_description?: unknown };
    if (typeof body.message === 'string' && body.message.trim()) return stripTags(body.message);
    if (typeof body.error_description === 'string' && body.error_description.trim()) return body.error_description;
    if (typeof body.errors === 'string' && body.errors.trim()) return body.errors;
    const first = Array.isArray(body.errors) ? (body.errors[0] as { detail?: unknown; title?: unknown } | undefined) : undefined;
    if (first && typeof (first.detail ?? first.title) === 'string') return String(first.detail ?? first.title);
    if (body.errors && typeof body.errors === 'object') return JSON.stringify(body.errors);
  }
  return null;
}

function stripTags(text: string): string {
  return text.replace(/<[^>]*>/g, '').trim();
}
