import type { PageInput, SiteAuditResult, SiteContext } from '@citable/contract';
import type { PageAudit } from './page-audit';

/** Messages between the audit pool and its workers. */
export type ToWorker =
  | { type: 'site'; site: SiteContext }
  | { type: 'page'; id: number; page: PageInput }
  | { type: 'aggregate'; id: number; audits: PageAudit[] };

export type FromWorker = { id: number; audit: PageAudit } | { id: number; site: SiteAuditResult } | { id: number; error: string };

export interface AuditWorkerData {
  /** The audit's "now", the same for every page of a crawl. */
  now: number;
}
