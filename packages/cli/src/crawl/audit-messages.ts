import type { PageInput, SiteAuditResult, SiteContext } from '@citable/contract';
import type { PageAudit } from './page-audit';

/**
 * Messages between the audit pool and its workers. Each worker keeps the PageAudits of the
 * pages it audited; at the end one worker gathers the others' and aggregates the site.
 */
export type ToWorker =
  | { type: 'site'; site: SiteContext }
  | { type: 'page'; id: number; page: PageInput }
  | { type: 'collect'; id: number }
  | { type: 'aggregate'; id: number; audits: PageAudit[] };

export type WorkerReply = { audited: true } | { audits: PageAudit[] } | { site: SiteAuditResult };

export type FromWorker = { id: number; reply: WorkerReply } | { id: number; error: string };

export interface AuditWorkerData {
  /** The audit's "now", the same for every page of a crawl. */
  now: number;
}
