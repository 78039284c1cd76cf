import type { AuditProgress, AuditResult, SiteContext } from '@citable/contract';
import { crawlSite, snapshotPage } from '@citable/crawler';
import { auditContent, auditSnapshot } from '@citable/engine';
import { AuditFailure } from './audit-failure';
import { storedSiteAudit, type FailedPage, type StoredAudit } from './stored-audit';

export interface NetworkOptions {
  /** Private hosts the crawler may reach (the server's FETCH_ALLOW_HOSTS). */
  allowHosts: readonly string[];
  now?: Date;
}

/** One page fetched with its site context, then audited. Throws the crawler's errors. */
export async function auditPageUrl(url: string, options: NetworkOptions): Promise<StoredAudit & { kind: 'page' }> {
  const snapshot = await snapshotPage(url, { allowHosts: options.allowHosts });
  return { kind: 'page', result: auditSnapshot(snapshot, { now: options.now ?? new Date() }) };
}

export function auditPastedContent(content: string, now = new Date()): StoredAudit & { kind: 'content' } {
  return { kind: 'content', result: auditContent(content, {}, { now }) };
}

export interface SiteAuditOptions extends NetworkOptions {
  maxPages: number;
  /** After each audited page: pages done, and pages known so far within the limit. */
  onProgress: (progress: AuditProgress) => Promise<void>;
}

/**
 * Crawls the site and audits each page as it arrives, so memory holds results, never pages.
 * Throws the crawler's error when the start page cannot be read.
 */
export async function auditSite(url: string, options: SiteAuditOptions): Promise<StoredAudit> {
  const now = options.now ?? new Date();
  const results: AuditResult[] = [];
  const failedPages: FailedPage[] = [];
  let site: SiteContext | null = null;
  for await (const event of crawlSite(url, { allowHosts: options.allowHosts, maxPages: options.maxPages })) {
    if (event.type === 'site') site = event.site;
    if (event.type === 'error') failedPages.push({ url: event.url, error: event.error.message });
    if (event.type !== 'page') continue;
    results.push(auditSnapshot({ page: event.page, site }, { now }));
    const { queued, inFlight } = event.progress;
    await options.onProgress({ done: results.length, total: Math.min(options.maxPages, results.length + queued + inFlight) });
  }
  if (results.length === 0) throw new AuditFailure(`No page of ${url} could be audited.`);
  return storedSiteAudit(results, failedPages);
}
