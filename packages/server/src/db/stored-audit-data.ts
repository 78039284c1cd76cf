import type { AuditReportCheck, AuditResult, SiteAuditResult } from '@citable/contract';

/** A page of a site audit that could not be read, with the crawler's reason. */
export interface FailedPage {
  url: string;
  error: string;
}

/**
 * What audit_history.audit_data holds: the engine's full result, never trimmed by plan, so an
 * upgrade reveals the detail of past audits. A page audit keeps every check with its details; a
 * site audit keeps the aggregate, the per-page summaries and one merged line per check (keeping
 * every page's checks would cost megabytes per audit for little use).
 */
export type StoredAudit =
  | { kind: 'page' | 'content'; result: AuditResult }
  | { kind: 'site'; result: SiteAuditResult; checks: AuditReportCheck[]; failedPages: FailedPage[] };
