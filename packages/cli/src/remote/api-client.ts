import { httpStatusLabel, type AuditRun } from '@citable/contract';
import { CliError } from '../cli-error';
import type { RemoteSettings } from './remote-settings';

/** The server or the way to it failed (key, plan, rate limit, network, 5xx): a run of many pages stops, as every page would fail alike. */
export class RemoteApiError extends CliError {
  constructor(message: string) {
    super(message);
    this.name = 'RemoteApiError';
  }
}

/**
 * The few calls remote mode makes to a Citable server's public API (/api/v1), with the key as a
 * Bearer token. Every failure becomes a one-line CliError that says what went wrong and what to
 * do; none ever contains the key.
 */
export class CitableApi {
  constructor(private readonly settings: RemoteSettings) {}

  get server(): string {
    return this.settings.server;
  }

  /** POST /api/v1/audits: queues a page audit and answers with the run (202). */
  startAudit(url: string, signal?: AbortSignal): Promise<AuditRun> {
    return this.request('POST', '/api/v1/audits', { url }, signal);
  }

  /** GET /api/v1/audits/:id: the run's status and progress, and its report once completed. */
  readAudit(id: string, signal?: AbortSignal): Promise<AuditRun> {
    return this.request('GET', `/api/v1/audits/${encodeURIComponent(id)}`, undefined, signal);
  }

  private async request<T>(method: 'GET' | 'POST', path: string, body: unknown, signal?: AbortSignal): Promise<T> {
    let response: Response;
    try {
      response = await fetch(`${this.settings.server}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${this.settings.apiKey}`,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal,
      });
    } catch (error) {
      if (signal?.aborted) throw error;
      throw new RemoteApiError(`could not reach the Citable server at ${this.server} (${networkReason(error)}); check --server or CITABLE_SERVER`);
    }
    const text = await response.text();
    const parsed = parseJson(text);
    if (response.ok) {
      if (parsed === undefined) throw new RemoteApiError(`the server at ${this.server} did not answer JSON to ${method} ${path}: is it a Citable server? (check --server or CITABLE_SERVER)`);
      return parsed as T;
    }
    throw new RemoteApiError(this.failureMessage(response, method, path, parsed));
  }

  private failureMessage(response: Response, method: string, path: string, body: unknown): string {
    const reason = problemDetail(body);
    const said = reason ? `: ${reason}` : '';
    const status = httpStatusLabel(response.status);
    switch (true) {
      case response.status === 401:
        return `the Citable server at ${this.server} refused the API key (${status}${said}); check CITABLE_API_KEY or create a key in Settings > API keys`;
      case response.status === 403:
        return `the Citable server at ${this.server} refused the audit (${status}${said})`;
      case response.status === 429: {
        const retryAfter = response.headers.get('retry-after');
        return `the Citable server at ${this.server} is rate limiting this key (${status}${said})${retryAfter ? `; retry after ${retryAfter} s` : ''}`;
      }
      case response.status === 404 && reason === undefined:
        return `the server at ${this.server} has no ${method} ${path} (${status}): is it a Citable server? (check --server or CITABLE_SERVER)`;
      case response.status >= 500:
        return `the Citable server at ${this.server} failed (${status}${said}); try again later`;
      default:
        return `the Citable server at ${this.server} answered ${status} to ${method} ${path}${said}`;
    }
  }
}

/** The message of an error body: RFC 9457's `detail`, else the older `error`. */
export function problemDetail(body: unknown): string | undefined {
  if (!body || typeof body !== 'object') return undefined;
  // A problem's title only repeats the status, which the message already names.
  const { detail, error } = body as { detail?: unknown; error?: unknown };
  for (const candidate of [detail, error]) if (typeof candidate === 'string' && candidate.trim() !== '') return candidate.replace(/\s*\n\s*/g, ' ');
  return undefined;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** fetch's "fetch failed" hides the reason in `cause` (ECONNREFUSED, ENOTFOUND...). */
function networkReason(error: unknown): string {
  const cause = error instanceof Error ? (error.cause as { code?: string; message?: string } | undefined) : undefined;
  return cause?.code ?? cause?.message ?? (error instanceof Error ? error.message : String(error));
}
