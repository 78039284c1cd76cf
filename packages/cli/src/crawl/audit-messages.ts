import type { ErrorPage, PageInput, SiteAuditResult, SiteContext } from '@citable/contract';
import type { PageView } from '../report/page-view';
import type { PageAudit } from './page-audit';

/**
 * Messages between the audit pool and its workers. Each worker keeps the PageAudits of the
 * pages it audited; at the end one worker gathers the others' and aggregates the site.
 */
export type ToWorker =
  | { type: 'site'; site: SiteContext }
  | { type: 'page'; id: number; page: PageInput }
  | { type: 'collect'; id: number }
  | { type: 'aggregate'; id: number; audits: PageAudit[]; errorPages: ErrorPage[] };

/**
 * A page's reply: audited (the worker keeps the result; with `keepPages`, the page's view comes
 * back for the gates and reports), or an error page, which is not audited.
 */
export type WorkerReply = { audited: true; view?: PageView } | { errorPage: ErrorPage } | { audits: PageAudit[] } | { site: SiteAuditResult };

export type FromWorker = { id: number; reply: WorkerReply } | { id: number; error: string };

export interface AuditWorkerData {
  /** The audit's "now", the same for every page of a crawl. */
  now: number;
  /** Checks left out of the scoring config (`--skip`): not run, not scored. */
  skip?: string[];
  /** Send each page's view (every check's verdict) back: for SARIF, JUnit and check gates. */
  keepPages?: boolean;
}
