import { availableParallelism } from 'node:os';
import { httpErrorReason, type ErrorPage, type PageInput, type SiteAuditResult, type SiteContext } from '@citable/contract';
import { crawlSite, type CrawlProgress, type SkipReason } from '@citable/crawler';
import type { PageView } from '../report/page-view';
import { AuditPool } from './audit-pool';

export interface CrawlAuditOptions {
  maxPages?: number;
  concurrency?: number;
  /** Audit worker threads; default one per core but the one this thread crawls on, at most four. */
  workers?: number;
  /** The audits' "now" (freshness checks). */
  now: number;
  /** Checks left out of scoring (`--skip`), ids already checked. */
  skip?: string[];
  /** Keep each page's view (every check's verdict), for SARIF, JUnit and check gates. */
  keepPages?: boolean;
  onProgress?: (progress: CrawlAuditProgress) => void;
}

export interface CrawlAuditProgress extends CrawlProgress {
  audited: number;
  /** Pages that answered 4xx/5xx or are soft 404s: listed, not audited. */
  errorPages: number;
}

export interface CrawlAuditResult {
  startUrl: string;
  /** The audited pages; `site.errorPages` lists the error pages (4xx, 5xx, soft 404s), outside every score and count. */
  site: SiteAuditResult;
  /** Pages that could not be fetched or audited. */
  failed: { url: string; code: string; message: string }[];
  /** URLs not audited on purpose: robots.txt, duplicates, redirects, not HTML, off-site. */
  skipped: { url: string; reason: SkipReason; detail: string }[];
  /** With `keepPages`: each audited page's view, worst first then by URL, as `site.pages`. */
  pages?: PageView[];
}

/** What became of a page handed to the audit workers. */
type PageVerdict = { type: 'audited'; view?: PageView } | { type: 'error-page'; errorPage: ErrorPage } | { type: 'failed'; message: string };

/**
 * Crawls a site and audits each page as it arrives, on worker threads, which keep only a small
 * PageAudit per page; the site result is aggregated on a worker at the end. A page keeps its crawl
 * slot until its audit is done, so at most `concurrency` pages are in memory, fetched or waiting
 * for a worker, and a soft 404 (which only its audit tells) takes no room under `maxPages`. A
 * CrawlerError about the start page (unreachable, refused, robots.txt) is thrown; other pages'
 * failures are listed.
 */
export async function crawlAndAudit(startUrl: string, options: CrawlAuditOptions): Promise<CrawlAuditResult> {
  const workerCount = options.workers ?? Math.max(1, Math.min(4, availableParallelism() - 1));
  // Started before the first request so the workers load the engine while the site is fetched.
  const starting = AuditPool.start(workerCount, { now: options.now, skip: options.skip, keepPages: options.keepPages });
  // A failed start is reported where the pool is awaited, not as an unhandled rejection.
  starting.catch(() => undefined);
  // The workers get the site context once, before the first page.
  let ready: Promise<AuditPool> | undefined;
  const poolFor = (site: SiteContext) =>
    (ready ??= starting.then((pool) => {
      pool.setSite(site);
      return pool;
    }));
  const auditPage = async (page: PageInput, site: SiteContext): Promise<PageVerdict> => {
    const pool = await poolFor(site);
    try {
      return await pool.audit(page);
    } catch (error) {
      return { type: 'failed', message: error instanceof Error ? error.message : String(error) };
    }
  };
  let audited = 0;
  const failed: CrawlAuditResult['failed'] = [];
  const skipped: CrawlAuditResult['skipped'] = [];
  const errorPages: ErrorPage[] = [];
  const pages: PageView[] = [];
  const crawl = crawlSite(startUrl, {
    maxPages: options.maxPages,
    concurrency: options.concurrency,
    analysePage: auditPage,
    isErrorPage: (verdict) => verdict.type === 'error-page',
  });

  try {
    for await (const event of crawl) {
      if (event.type === 'skipped') {
        // A 404 answered as text/plain or JSON is a broken link: an error page, not a skip.
        const reason = httpErrorReason(event.status);
        if (reason !== null && event.status !== undefined) errorPages.push({ url: event.url, status: event.status, reason });
        else skipped.push({ url: event.url, reason: event.reason, detail: event.detail });
      } else if (event.type === 'error') {
        failed.push({ url: event.url, code: event.error.code, message: event.error.message });
      } else if (event.type === 'page') {
        const verdict = event.analysis;
        if (verdict.type === 'audited') {
          audited += 1;
          if (verdict.view) pages.push(verdict.view);
        }
        else if (verdict.type === 'error-page') errorPages.push(verdict.errorPage);
        else failed.push({ url: event.page.url ?? startUrl, code: 'AUDIT_FAILED', message: verdict.message });
      }
      options.onProgress?.({ ...event.progress, audited, errorPages: errorPages.length });
    }
    const pool = await starting;
    // By URL, so the list does not depend on which page answered first.
    const site = await pool.aggregate([...errorPages].sort((a, b) => a.url.localeCompare(b.url)));
    if (pool.lostAudits > 0) {
      failed.push({ url: startUrl, code: 'AUDIT_FAILED', message: `${pool.lostAudits} page results were lost with an audit worker that stopped` });
    }
    if (!options.keepPages) return { startUrl, site, failed, skipped };
    pages.sort((a, b) => a.overallScore - b.overallScore || a.label.localeCompare(b.label));
    return { startUrl, site, failed, skipped, pages };
  } finally {
    // When the start page fails the pool may still be starting; it is closed all the same.
    await (await starting.catch(() => undefined))?.close();
  }
}
