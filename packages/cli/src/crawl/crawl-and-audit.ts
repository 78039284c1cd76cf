import { availableParallelism } from 'node:os';
import { httpErrorReason, type ErrorPage, type SiteAuditResult } from '@citable/contract';
import { crawlSite, type CrawlProgress, type SkipReason } from '@citable/crawler';
import { AuditPool } from './audit-pool';

export interface CrawlAuditOptions {
  maxPages?: number;
  concurrency?: number;
  /** Audit worker threads; default one per core but the one this thread crawls on, at most four. */
  workers?: number;
  /** The audits' "now" (freshness checks). */
  now: number;
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
}

// Pages handed to the workers but not yet audited, per worker: enough to keep every worker busy
// while the next page downloads, few enough that page bodies never pile up in memory.
const QUEUED_PER_WORKER = 4;

/**
 * Crawls a site and audits each page as it arrives, on worker threads, which keep only a small
 * PageAudit per page; the site result is aggregated on a worker at the end. A CrawlerError about the start
 * page (unreachable, refused, robots.txt) is thrown; other pages' failures are listed.
 */
export async function crawlAndAudit(startUrl: string, options: CrawlAuditOptions): Promise<CrawlAuditResult> {
  const workerCount = options.workers ?? Math.max(1, Math.min(4, availableParallelism() - 1));
  // Started before the first request so the workers load the engine while the site is fetched.
  const starting = AuditPool.start(workerCount, { now: options.now });
  // A failed start is reported where the pool is awaited, not as an unhandled rejection.
  starting.catch(() => undefined);
  let pool: AuditPool | undefined;
  let audited = 0;
  const failed: CrawlAuditResult['failed'] = [];
  const skipped: CrawlAuditResult['skipped'] = [];
  const errorPages: ErrorPage[] = [];
  const inFlight = new Set<Promise<void>>();
  let lastProgress: CrawlProgress | undefined;
  const report = () => {
    if (lastProgress) options.onProgress?.({ ...lastProgress, audited, errorPages: errorPages.length });
  };

  try {
    for await (const event of crawlSite(startUrl, { maxPages: options.maxPages, concurrency: options.concurrency })) {
      lastProgress = event.progress;
      if (event.type === 'site') {
        pool = await starting;
        pool.setSite(event.site);
      } else if (event.type === 'skipped') {
        // A 404 answered as text/plain or JSON is a broken link: an error page, not a skip.
        const reason = httpErrorReason(event.status);
        if (reason !== null && event.status !== undefined) errorPages.push({ url: event.url, status: event.status, reason });
        else skipped.push({ url: event.url, reason: event.reason, detail: event.detail });
      } else if (event.type === 'error') {
        failed.push({ url: event.url, code: event.error.code, message: event.error.message });
      } else {
        pool ??= await starting;
        const url = event.page.url ?? startUrl;
        const job = pool.audit(event.page).then(
          (errorPage) => {
            if (errorPage) errorPages.push(errorPage);
            else audited += 1;
          },
          (error: unknown) => {
            failed.push({ url, code: 'AUDIT_FAILED', message: error instanceof Error ? error.message : String(error) });
          },
        );
        const tracked = job.finally(() => {
          inFlight.delete(tracked);
          report();
        });
        inFlight.add(tracked);
        // Not pulling the next event is what makes the crawler wait: it starts requests only
        // when asked for an event.
        await pool.whenBelow(workerCount * QUEUED_PER_WORKER);
      }
      report();
    }
    await Promise.all(inFlight);
    pool ??= await starting;
    // By URL, so the list does not depend on which page answered first.
    const site = await pool.aggregate([...errorPages].sort((a, b) => a.url.localeCompare(b.url)));
    if (pool.lostAudits > 0) {
      failed.push({ url: startUrl, code: 'AUDIT_FAILED', message: `${pool.lostAudits} page results were lost with an audit worker that stopped` });
    }
    return { startUrl, site, failed, skipped };
  } finally {
    // When the start page fails the pool may still be starting; it is closed all the same.
    await (pool ?? (await starting.catch(() => undefined)))?.close();
  }
}
