import type { AuditResult, SiteSnapshot } from '@citable/contract';
import type { FetchedPageAudit } from '@citable/engine';
import { defaultAuditThreads, DEFAULT_AUDIT_WORKER_HEAP_MB } from '../../../config';
import { EnginePool, type EnginePoolOptions } from './engine-pool';

/**
 * The process's audit engine: one pool of worker threads (engine-pool.ts) shared by everything
 * that audits in the process (audit jobs, page jobs, the synchronous audit routes and MCP, scheduled
 * monitoring), since the cores it divides are the process's. Started on first use. An app holds it
 * while open (`holdAuditEngine`, with config.auditEngine's threads and heap) and releases it once
 * its jobs have drained; the last release closes it, and a later use starts a new one.
 */
type PoolSettings = Pick<EnginePoolOptions, 'threads' | 'heapMb'>;

let settings: PoolSettings = { threads: defaultAuditThreads(), heapMb: DEFAULT_AUDIT_WORKER_HEAP_MB };
let shared: EnginePool | null = null;
let holders = 0;

/**
 * Holds the engine for an app; returns the release (idempotent). The settings of the first holder
 * apply while the pool is open (apps sharing a process share its cores; tests build several apps).
 */
export function holdAuditEngine(wanted: PoolSettings): () => Promise<void> {
  if (holders === 0 && !shared) settings = { threads: wanted.threads, heapMb: wanted.heapMb };
  holders += 1;
  let released = false;
  return async () => {
    if (released) return;
    released = true;
    holders -= 1;
    if (holders > 0 || !shared) return;
    const pool = shared;
    shared = null;
    await pool.close();
  };
}

/** The process's engine pool, started with the current settings if none is open. */
export function auditEngine(): EnginePool {
  shared ??= new EnginePool(settings);
  return shared;
}

/**
 * `auditFetchedPage` on an engine thread: an error page comes back as one, not thrown. An audited
 * page's result carries the HTTP status it answered (`page.httpStatus`), as the CLI's does; the
 * engine scores the page, the fetch knows its status.
 */
export async function auditSnapshot(snapshot: SiteSnapshot, now: Date): Promise<FetchedPageAudit> {
  const audited = await auditEngine().auditPage(snapshot.page, snapshot.site, now);
  return audited.type === 'audited' ? { ...audited, result: withHttpStatus(audited.result, snapshot.page.status) } : audited;
}

/** `result` with the status the page answered; as it is when the page was not fetched (no status). */
export function withHttpStatus(result: AuditResult, status: number | null | undefined): AuditResult {
  return status === undefined || status === null ? result : { ...result, page: { ...result.page, httpStatus: status } };
}

/** `auditContent` on an engine thread. */
export function auditContentText(content: string, now: Date): Promise<AuditResult> {
  return auditEngine().auditContent(content, now);
}
