import type { AuditProgress, AuditResult, ErrorPage, SiteSnapshot } from '@citable/contract';
import { crawlSite, snapshotPage } from '@citable/crawler';
import type { FetchedPageAudit } from '@citable/engine';
import { AuditFailure } from './audit-failure';
import { auditContentText, auditSnapshot } from './engine/audit-engine';
import { allErrorPagesFailure, errorPageOfNotHtml, ErrorPageFailure, httpErrorPage, refuseHttpErrorPage } from './error-pages';
import { storedSiteAudit, type FailedPage, type StoredAudit } from './stored-audit';

export interface NetworkOptions {
  /** Private hosts the crawler may reach (the server's FETCH_ALLOW_HOSTS). */
  allowHosts: readonly string[];
  now?: Date;
}

/**
 * One page fetched with its site context (on this thread: it is network I/O), then audited on an
 * engine thread (engine/audit-engine.ts). Throws the crawler's errors, an ErrorPageFailure when the
 * page is an error page (4xx, 5xx, a soft 404: those are not scored), and the engine's failures
 * (engine/engine-pool.ts: a page too large for an engine thread's heap is an AuditFailure).
 */
export async function auditPageUrl(url: string, options: NetworkOptions): Promise<StoredAudit & { kind: 'page' }> {
  let snapshot: SiteSnapshot;
  try {
    snapshot = await snapshotPage(url, { allowHosts: options.allowHosts, checkPage: refuseHttpErrorPage });
  } catch (error) {
    const errorPage = errorPageOfNotHtml(error, url);
    if (errorPage) throw new ErrorPageFailure(errorPage);
    throw error;
  }
  const audited = await auditSnapshot(snapshot, options.now ?? new Date());
  if (audited.type === 'error-page') throw new ErrorPageFailure(audited.errorPage);
  return { kind: 'page', result: audited.result };
}

/** Pasted content audited on an engine thread. */
export async function auditPastedContent(content: string, now = new Date()): Promise<StoredAudit & { kind: 'content' }> {
  return { kind: 'content', result: await auditContentText(content, now) };
}

export interface SiteAuditOptions extends NetworkOptions {
  maxPages: number;
  /** After each audited page: pages done, and pages known so far within the limit. */
  onProgress: (progress: AuditProgress) => Promise<void>;
}

/**
 * Crawls the site and audits each page as it arrives (on the engine threads, while the crawl
 * fetches on), so memory holds results, never pages.
 * Error pages are listed, not scored, and take no room under the page limit (a soft 404 is told
 * by its audit, before it counts). A page the engine fails on with an expected failure (too large
 * for an engine thread) is listed as failed. Throws the crawler's error when the start page cannot
 * be read, and an AuditFailure when no page could be audited (every one an error page, or unreadable).
 */
export async function auditSite(url: string, options: SiteAuditOptions): Promise<StoredAudit> {
  const now = options.now ?? new Date();
  const results: AuditResult[] = [];
  const failedPages: FailedPage[] = [];
  const errorPages: ErrorPage[] = [];
  const crawl = crawlSite(url, {
    allowHosts: options.allowHosts,
    maxPages: options.maxPages,
    analysePage: (page, site): Promise<SiteCrawlAudit> =>
      auditSnapshot({ page, site }, now).catch((error: unknown) => {
        if (error instanceof AuditFailure) return { type: 'failed', url: page.url ?? url, error: error.message };
        throw error;
      }),
    isErrorPage: (audited) => audited.type === 'error-page',
  });
  for await (const event of startErrorsAsErrorPages(crawl, url)) {
    if (event.type === 'error') failedPages.push({ url: event.url, error: event.error.message });
    if (event.type === 'skipped') {
      // A 404 that is not HTML (text/plain, JSON) is a broken link all the same.
      const errorPage = httpErrorPage(event.url, event.status);
      if (errorPage) errorPages.push(errorPage);
    }
    if (event.type !== 'page') continue;
    const audited = event.analysis;
    if (audited.type === 'error-page') {
      errorPages.push(audited.errorPage);
      continue;
    }
    if (audited.type === 'failed') {
      failedPages.push({ url: audited.url, error: audited.error });
      continue;
    }
    results.push(audited.result);
    const { queued, inFlight } = event.progress;
    await options.onProgress({ done: results.length, total: Math.min(options.maxPages, results.length + queued + inFlight) });
  }
  if (results.length === 0 && errorPages.length > 0) throw allErrorPagesFailure(url, errorPages);
  if (results.length === 0) throw new AuditFailure(`No page of ${url} could be audited.`);
  return storedSiteAudit(results, failedPages, errorPages);
}

/** A crawled page's audit, or the engine's expected failure on it. */
type SiteCrawlAudit = FetchedPageAudit | { type: 'failed'; url: string; error: string };

/** A start page that answered an HTTP error without HTML (crawlSite throws NotHtmlError) fails as an error page. */
async function* startErrorsAsErrorPages<T>(events: AsyncGenerator<T>, url: string): AsyncGenerator<T> {
  try {
    yield* events;
  } catch (error) {
    const errorPage = errorPageOfNotHtml(error, url);
    throw errorPage ? new ErrorPageFailure(errorPage) : error;
  }
}
