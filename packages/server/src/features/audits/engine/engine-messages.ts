import type { AuditResult, PageInput, SiteContext } from '@citable/contract';
import type { FetchedPageAudit } from '@citable/engine';

/**
 * What crosses between the server's threads and the audit engine's workers (engine-pool.ts). Every
 * field is plain data (strings, numbers, arrays and plain objects), so structured cloning copies it
 * exactly: a snapshot as the crawler makes it, a result as the engine returns it.
 */

/**
 * A site context travels to a worker once: later pages of the same crawl name it by its key, and
 * the worker keeps the last few (a sitemap can list 50,000 URLs, copied for nothing on every page).
 */
export type SiteRef = { key: number; site?: SiteContext } | null;

export type EngineTask =
  /** A fetched page with its site context: `auditFetchedPage`. */
  | { type: 'page'; page: PageInput; site: SiteRef; now: number }
  /** Pasted content: `auditContent`. */
  | { type: 'content'; content: string; now: number };

export interface ToEngineWorker {
  id: number;
  task: EngineTask;
}

/** An error the engine threw, as plain data (a thrown value's class does not survive cloning). */
export interface ThrownInWorker {
  name: string;
  message: string;
  stack?: string;
}

export type FromEngineWorker = { id: number; result: FetchedPageAudit | AuditResult } | { id: number; error: ThrownInWorker };

/** Site contexts a worker keeps; the pool mirrors each worker's list to know which it must send. */
export const SITES_KEPT_PER_WORKER = 4;
