import type { EngineFailureReason } from '@citable/contract';
/**
 * Outbound calls to the citation sources. Not the crawler's SSRF-guarded fetch: these are fixed
 * API hosts from the operator's configuration, never user input, and tests point them at 127.0.0.1.
 */

/** A source failed: `unreachable` (network, timeout) or `error` (the API answered with a failure). */
export class SourceError extends Error {
  constructor(
    readonly status: 'unreachable' | 'error',
    message: string,
    /** For an answer engine's ask: why it failed, as the tracker labels it. */
    readonly reason?: EngineFailureReason,
  ) {
    super(message);
    this.name = 'SourceError';
  }
}

export interface FetchJsonOptions {
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: unknown;
  timeoutMs: number;
  signal?: AbortSignal;
}

/** GET or POST JSON with a timeout; failures become a SourceError naming the source but never its key. */
export async function fetchJson(sourceName: string, url: URL, options: FetchJsonOptions): Promise<unknown> {
  const timeout = AbortSignal.timeout(options.timeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  let response: Response;
  try {
    response = await fetch(url, {
      method: options.method ?? 'GET',
      headers: { accept: 'application/json', ...(options.body === undefined ? {} : { 'content-type': 'application/json' }), ...options.headers },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal,
      redirect: 'follow',
    });
  } catch {
    const reason = timeout.aborted ? `did not answer within ${Math.round(options.timeoutMs / 100) / 10} s` : 'could not be reached';
    throw new SourceError('unreachable', `${sourceName} ${reason} (${url.host}).`);
  }
  if (!response.ok) {
    await response.body?.cancel();
    const hint = response.status === 401 || response.status === 403 ? ': check the API key' : response.status === 429 ? ': rate limited, try again later' : '';
    throw new SourceError('error', `${sourceName} answered HTTP ${response.status}${hint}.`);
  }
  try {
    return await response.json();
  } catch {
    throw new SourceError('error', `${sourceName} answered with something other than JSON.`);
  }
}
