import { MESSAGES, REQUEST_TIMEOUT_MS, type ApiError } from '@citable/contract';
import { scopeHeaders } from './client-scope';

/** A failed API call: the server's error text (or the spec's fallback) plus what came with it. */
export class ApiRequestError extends Error {
  readonly status: number;
  readonly body: ApiError | undefined;

  constructor(message: string, status: number, body?: ApiError) {
    super(message);
    this.name = 'ApiRequestError';
    this.status = status;
    this.body = body;
  }
}

export interface RequestOptions {
  body?: unknown;
  signal?: AbortSignal;
  /** Defaults to the spec's 10 s network time-out. */
  timeoutMs?: number;
}

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

function isApiError(value: unknown): value is ApiError {
  return typeof value === 'object' && value !== null && typeof (value as { error?: unknown }).error === 'string';
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

async function request<T>(method: Method, path: string, options: RequestOptions = {}): Promise<T> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeoutMs ?? REQUEST_TIMEOUT_MS);
  // A caller's abort (React Query cancelling a stale query) must also stop the request.
  const onCallerAbort = () => controller.abort();
  options.signal?.addEventListener('abort', onCallerAbort, { once: true });

  try {
    const response = await fetch(path, {
      method,
      credentials: 'include',
      // The selected agency client (if any) scopes every call; the server checks the membership.
      headers: { Accept: 'application/json', ...(options.body === undefined ? {} : { 'Content-Type': 'application/json' }), ...scopeHeaders() },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: controller.signal,
    });
    const payload = await readJson(response);
    if (!response.ok) {
      const body = isApiError(payload) ? payload : undefined;
      throw new ApiRequestError(body?.error ?? MESSAGES.network.apiFailed(response.status, response.statusText), response.status, body);
    }
    return payload as T;
  } catch (error) {
    if (error instanceof ApiRequestError) throw error;
    if (timedOut) throw new ApiRequestError(MESSAGES.network.timeout, 0);
    if (options.signal?.aborted) throw error;
    throw new ApiRequestError(error instanceof Error && error.message ? error.message : MESSAGES.auth.unexpected, 0);
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onCallerAbort);
  }
}

/** The one client every feature uses for `/api`: JSON in and out, cookies included. */
export const apiClient = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'body'>) => request<T>('GET', path, options),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'body'>) => request<T>('POST', path, { ...options, body }),
  patch: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'body'>) => request<T>('PATCH', path, { ...options, body }),
  put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'body'>) => request<T>('PUT', path, { ...options, body }),
  delete: <T>(path: string, options?: Omit<RequestOptions, 'body'>) => request<T>('DELETE', path, options),
};

/** Text for any thrown value, for toasts and inline errors. */
export function errorMessage(error: unknown, fallback: string = MESSAGES.auth.unexpected): string {
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}
