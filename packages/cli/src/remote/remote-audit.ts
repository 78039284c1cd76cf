import { ERROR_PAGE_MESSAGES, type AuditResult, type AuditRun } from '@citable/contract';
import { CliError, ErrorPageError } from '../cli-error';
import type { CitableApi } from './api-client';
import { errorPageOf, reportToResult } from './report-to-result';

/** Between two reads of a run in progress: a page audit takes a few seconds on the server. */
const POLL_MS = 500;

/** Ctrl-C while waiting: the audit goes on on the server (the API cannot cancel it) and lands in its history. */
export class RemoteAuditInterrupted extends Error {
  constructor(readonly url: string, readonly auditId: string | undefined) {
    super(auditId ? `interrupted; audit ${auditId} of ${url} carries on on the server and will be in the dashboard's history` : `interrupted before the server confirmed the audit of ${url}; if it was queued, it will be in the dashboard's history`);
    this.name = 'RemoteAuditInterrupted';
  }
}

/** The server ran the audit and it failed (unreachable page, robots.txt...): `reason` is the server's message. */
export class RemoteAuditFailed extends CliError {
  constructor(url: string, readonly reason: string) {
    super(`${url}: ${reason}`);
    this.name = 'RemoteAuditFailed';
  }
}

export interface RemoteAuditOptions {
  signal?: AbortSignal;
  /** Each read of the run, for a progress line. */
  onProgress?: (run: AuditRun) => void;
}

/**
 * One page audit on the server: POST /api/v1/audits, then GET /api/v1/audits/:id until the run
 * completes or fails. Resolves to the engine's result mapped from the server's report; a page
 * the server refused as an error page throws ErrorPageError, as a local audit does.
 */
export async function auditRemotely(api: CitableApi, url: string, options: RemoteAuditOptions = {}): Promise<{ id: string; result: AuditResult }> {
  const { signal } = options;
  let run: AuditRun | undefined;
  try {
    run = await api.startAudit(url, signal);
    options.onProgress?.(run);
    while (run.status === 'queued' || run.status === 'running') {
      await sleep(POLL_MS, signal);
      run = await api.readAudit(run.id, signal);
      options.onProgress?.(run);
    }
  } catch (error) {
    if (signal?.aborted) throw new RemoteAuditInterrupted(url, run?.id);
    throw error;
  }
  if (run.status === 'failed' || !run.result) {
    const message = run.error ?? `the audit failed on ${api.server}`;
    const errorPage = errorPageOf(message);
    if (errorPage) throw new ErrorPageError(ERROR_PAGE_MESSAGES.notAudited(errorPage.url, errorPage.reason), errorPage);
    throw new RemoteAuditFailed(url, message);
  }
  return { id: run.id, result: reportToResult(run.result, url, api.server) };
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', abort);
      resolve();
    }, ms);
    const abort = () => {
      clearTimeout(timer);
      reject(signal!.reason);
    };
    signal?.addEventListener('abort', abort, { once: true });
  });
}
