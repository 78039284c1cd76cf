import { CrawlScope, crawlStep, isCrawlerError, NotHtmlError, normalizeUrl, openCrawl, RateLimitedError, SafeFetcher, type CrawlStep } from '@citable/crawler';
import type { PageInput, SiteContext } from '@citable/contract';
import { AuditFailure, expectedFailureMessage, INTERNAL_FAILURE_MESSAGE } from '../audit-failure';
import { auditSnapshot } from '../engine/audit-engine';
import { AuditEngineClosed } from '../engine/engine-pool';
import { allErrorPagesFailure, errorPageOfNotHtml, ErrorPageFailure } from '../error-pages';
import { failAudit, finishRun, type AuditDeps } from '../lifecycle';
import { getRun, markRunning, type AuditRunRow } from '../runs';
import { isDatabaseUnavailable } from '../../../lib/database-unavailable';
import { storedSiteAudit } from '../stored-audit';
import {
  crawlResults,
  createCrawl,
  finishPage,
  getCrawl,
  getPageState,
  markSent,
  pauseFetches,
  queuedCount,
  releaseFinishedCrawl,
  reserveFetchSlot,
  unsentPages,
  BEYOND_PAGE_LIMIT,
  type Discovered,
  type PageOutcome,
  type SiteCrawlRow,
} from './crawl-store';

/**
 * A site audit spread over the job workers. The run's job (the coordinator) opens the crawl:
 * robots.txt, the start page, the site context, stored once with the URLs the start page and the
 * sitemap lead to. Each URL then gets an `audit-page` job that fetches and audits that one page
 * and queues the URLs it links to. Whichever job finds no URL left queued aggregates the pages and
 * saves the audit, under the run's id, so it is saved once however many jobs get there.
 *
 * Every step is safe to run again: a page's row changes only while queued, a parent that died
 * before sending its children's jobs sends them when retried, and a redelivered job of a finished
 * page only repeats the sending and the completion check.
 */

export interface PageJobPayload {
  runId: string;
  userId: string;
  url: string;
}

export interface CrawlDeps extends AuditDeps {
  /** Sends an `audit-page` job (jobs/audit-page.ts). */
  enqueuePage: (payload: PageJobPayload) => Promise<unknown>;
  /** The process's fetcher (its connection pool), shared by its page jobs; one per job without it. */
  fetcher?: SafeFetcher;
  /** Audit jobs one process runs at once (config.auditEngine.jobConcurrency); the cores' default without it. */
  jobConcurrency?: number;
}

/** Deliveries of a page job (pg-boss retryLimit + 1): on the last, a page that keeps failing is given up on. */
export const PAGE_JOB_DELIVERIES = 4;
const GIVEN_UP_MESSAGE = 'The page could not be audited because of an internal error.';

/** The coordinator: opens the crawl, or finishes what a previous delivery of it left. */
export async function runSiteCrawl(deps: CrawlDeps, userId: string, run: AuditRunRow & { websiteUrl: string }): Promise<void> {
  const existing = await getCrawl(deps.db, run.id);
  if (existing) return afterPage(deps, userId, run);
  if (run.status === 'queued') await markRunning(deps.db, userId, run.id);
  const fetcher = new SafeFetcher({ allowHosts: deps.allowHosts });
  try {
    const opened = await openCrawl(run.websiteUrl, fetcher);
    const scope = new CrawlScope(opened.origin, opened.robotsTxt);
    const now = new Date();
    const start: PageOutcome = opened.start.type === 'page' ? await pageOutcome(opened.start.page, opened.site, now) : { status: 'skipped', detail: opened.start.detail };
    const sitemapUrls = (opened.site.sitemap?.pageUrls ?? []).flatMap((url) => (URL.canParse(url) ? [normalizeUrl(url)] : [])).filter((url) => scope.sameOrigin(url));
    const discovered = [...toDiscovered(opened.start, scope, 1), ...sitemapUrls.map((url) => ({ url, depth: 1, disallowed: !scope.allows(url) }))];
    await createCrawl(
      deps.db,
      { runId: run.id, userId, origin: opened.origin, startUrl: opened.startUrl, startPageUrl: opened.start.url, robotsTxt: opened.robotsTxt, site: opened.site, maxPages: run.maxPages, crawlDelayMs: opened.crawlDelayMs },
      start,
      discovered,
    );
  } catch (error) {
    // The process is stopping: the coordinator runs again after the restart.
    if (error instanceof AuditEngineClosed) throw error;
    const startError = errorPageOfNotHtml(error, run.websiteUrl);
    const message = startError ? new ErrorPageFailure(startError).message : expectedFailureMessage(error);
    if (message === null) deps.log.error({ err: error, auditId: run.id }, 'audit failed');
    await failAudit(deps, userId, run.id, message ?? INTERNAL_FAILURE_MESSAGE);
    return;
  } finally {
    await fetcher.close();
  }
  // The pages createCrawl admitted are waiting for their jobs: the recovery path sends them.
  await afterPage(deps, userId, run);
}

/**
 * An `audit-page` job: fetch, classify and audit one URL of a running crawl, once. `retryCount`
 * is pg-boss's count of earlier deliveries: an unexpected error is retried, except on the last
 * delivery, where the page is recorded as failed so the crawl can still finish.
 */
export async function runPageJob(deps: CrawlDeps, { runId, userId, url }: PageJobPayload, retryCount = 0): Promise<void> {
  const run = await getRun(deps.db, userId, runId);
  if (!run || run.status !== 'running' || run.websiteUrl === null) return;
  const page = await getPageState(deps.db, runId, url);
  if (!page) return;
  if (page.status === 'queued') {
    let settled: { outcome: PageOutcome; discovered: Discovered[] };
    try {
      settled = page.pagesAudited >= page.maxPages ? { outcome: { status: 'skipped', detail: BEYOND_PAGE_LIMIT }, discovered: [] } : await auditOnePage(deps, await crawlContext(deps, runId), url, page.depth);
    } catch (error) {
      // Retried, even on the last delivery when the process is stopping: the page was not tried.
      if (retryCount + 1 < PAGE_JOB_DELIVERIES || error instanceof AuditEngineClosed) throw error;
      deps.log.error({ err: error, auditId: runId, url }, 'page audit failed on its last delivery');
      settled = { outcome: { status: 'failed', detail: GIVEN_UP_MESSAGE }, discovered: [] };
    }
    const finished = await finishPage(deps.db, { runId, userId, url, deliveries: retryCount + 1 }, settled.outcome, settled.discovered);
    return afterPage(deps, userId, { ...run, websiteUrl: run.websiteUrl }, finished ?? undefined);
  }
  await afterPage(deps, userId, { ...run, websiteUrl: run.websiteUrl });
}

/**
 * The dead letter of an `audit-page` job: pg-boss gave up on it (every delivery crashed its
 * process or timed out). The page is recorded as failed, so the crawl finishes without it.
 */
export async function giveUpPage(deps: CrawlDeps, { runId, userId, url }: PageJobPayload): Promise<void> {
  const run = await getRun(deps.db, userId, runId);
  if (!run || run.status !== 'running' || run.websiteUrl === null) return;
  const page = await getPageState(deps.db, runId, url);
  if (!page) return;
  let finished: Awaited<ReturnType<typeof finishPage>> = null;
  if (page.status === 'queued') {
    deps.log.error({ auditId: runId, url }, 'page audit given up after every delivery of its job failed');
    finished = await finishPage(deps.db, { runId, userId, url, deliveries: PAGE_JOB_DELIVERIES }, { status: 'failed', detail: GIVEN_UP_MESSAGE }, []);
  }
  await afterPage(deps, userId, { ...run, websiteUrl: run.websiteUrl }, finished ?? undefined);
}

/** What every page job of a crawl reads; it never changes, so each process keeps the last few. */
type CrawlContext = Pick<SiteCrawlRow, 'runId' | 'origin' | 'robotsTxt' | 'crawlDelayMs'> & { site: NonNullable<SiteCrawlRow['site']> };
const contexts = new Map<string, CrawlContext>();
// A context holds the sitemap's URLs (up to 50,000): keep few.
const CONTEXTS_KEPT = 4;

async function crawlContext(deps: CrawlDeps, runId: string): Promise<CrawlContext> {
  const cached = contexts.get(runId);
  if (cached) return cached;
  const crawl = await getCrawl(deps.db, runId);
  // Released between this job's page check and now: the run has ended, so the retry stops at getRun.
  if (!crawl?.site) throw new Error(`crawl ${runId} has no site_crawls row, or has been released`);
  const context = { runId, origin: crawl.origin, robotsTxt: crawl.robotsTxt, site: crawl.site, crawlDelayMs: crawl.crawlDelayMs };
  contexts.set(runId, context);
  if (contexts.size > CONTEXTS_KEPT) contexts.delete(contexts.keys().next().value!);
  return context;
}

async function auditOnePage(deps: CrawlDeps, crawl: CrawlContext, url: string, depth: number): Promise<{ outcome: PageOutcome; discovered: Discovered[] }> {
  if (crawl.crawlDelayMs > 0) {
    const waitMs = await reserveFetchSlot(deps.db, crawl.runId);
    if (waitMs > 0) await new Promise((resolve) => setTimeout(resolve, waitMs));
  }
  const scope = new CrawlScope(crawl.origin, crawl.robotsTxt);
  const fetcher = deps.fetcher ?? new SafeFetcher({ allowHosts: deps.allowHosts });
  try {
    const step = await crawlStep(url, scope, fetcher);
    const discovered = toDiscovered(step, scope, depth + 1);
    if (step.type === 'skipped') return { outcome: { status: 'skipped', detail: step.detail }, discovered };
    return { outcome: await pageOutcome(step.page, crawl.site, new Date()), discovered };
  } catch (error) {
    // A 404 that is not HTML (text/plain, JSON) is a broken link all the same: an error page.
    const errorPage = errorPageOfNotHtml(error, url);
    if (errorPage) return { outcome: { status: 'error-page', errorPage }, discovered: [] };
    if (error instanceof NotHtmlError) return { outcome: { status: 'skipped', detail: error.message }, discovered: [] };
    if (error instanceof RateLimitedError) await pauseFetches(deps.db, crawl.runId, Math.min(error.retryAfterMs ?? 5_000, 60_000));
    if (isCrawlerError(error)) return { outcome: { status: 'failed', detail: error.message }, discovered: [] };
    // A bug or a database outage: pg-boss retries the job (countAttempt bounds how often).
    throw error;
  } finally {
    if (!deps.fetcher) await fetcher.close();
  }
}

/**
 * A fetched page audited on an engine thread, or listed as an error page (4xx, 5xx, a soft 404)
 * without a score. The engine's expected failure (a page too large for an engine thread) fails the
 * page, as the same page would on every delivery; its other errors are thrown, for a retry.
 */
async function pageOutcome(page: PageInput, site: SiteContext, now: Date): Promise<PageOutcome> {
  let audited;
  try {
    audited = await auditSnapshot({ page, site }, now);
  } catch (error) {
    if (error instanceof AuditFailure) return { status: 'failed', detail: error.message };
    throw error;
  }
  return audited.type === 'audited' ? { status: 'done', result: audited.result } : { status: 'error-page', errorPage: audited.errorPage };
}

function toDiscovered(step: CrawlStep, scope: CrawlScope, depth: number): Discovered[] {
  // A redirect's target or a canonical URL stands in for the page itself, at its depth.
  const sameDepth = step.type === 'skipped' && (step.reason === 'redirect' || step.reason === 'duplicate');
  return step.discovered.map((url, index) => ({ url, depth: sameDepth && index === 0 ? depth - 1 : depth, disallowed: !scope.allows(url) }));
}

/**
 * What every delivery does after its page is settled: send the page jobs of the URLs its finish
 * admitted; a delivery that settled nothing (its page was settled before, or it is the
 * coordinator) sends whatever admitted URL has no job yet, which is none unless a process died
 * between admitting and sending (a duplicate job finds its page settled and does nothing). Then
 * finish the audit when nothing is left queued.
 */
async function afterPage(deps: CrawlDeps, userId: string, run: AuditRunRow & { websiteUrl: string }, finished?: { queued: number; admitted: string[] }): Promise<void> {
  const toSend = finished ? finished.admitted : await unsentPages(deps.db, run.id);
  for (const url of toSend) await deps.enqueuePage({ runId: run.id, userId, url });
  if (toSend.length > 0) await markSent(deps.db, run.id, toSend);
  // Sending adds no queued URL (pages are queued when admitted), so the count at finishing holds.
  if ((finished?.queued ?? (await queuedCount(deps.db, run.id))) === 0) await finishCrawl(deps, userId, run);
}

/** Aggregates the pages as a single crawl did and saves the audit, releasing what its page jobs kept; saving twice is a no-op. */
async function finishCrawl(deps: CrawlDeps, userId: string, run: AuditRunRow & { websiteUrl: string }): Promise<void> {
  const current = await getRun(deps.db, userId, run.id);
  if (!current || current.status !== 'running') return;
  const { results, failed, errorPages } = await crawlResults(deps.db, run.id);
  if (results.length === 0) {
    const message = errorPages.length > 0 ? allErrorPagesFailure(run.websiteUrl, errorPages).message : `No page of ${run.websiteUrl} could be audited.`;
    await failAudit(deps, userId, run.id, message, (tx) => releaseFinishedCrawl(tx, run.id));
    return;
  }
  // What the page jobs needed is released in the save's transaction: kept after it, it would stay for ever.
  try {
    await finishRun(deps, userId, run, storedSiteAudit(results, failed, errorPages), (tx) => releaseFinishedCrawl(tx, run.id));
  } catch (error) {
    // A save that fails fails the run with the reason, never leaves it running (#35); an outage
    // is left to the job's retry, which finds the run still in flight.
    if (isDatabaseUnavailable(error)) throw error;
    const message = expectedFailureMessage(error);
    if (message === null) deps.log.error({ err: error, auditId: run.id }, 'site audit could not be saved');
    await failAudit(deps, userId, run.id, message ?? INTERNAL_FAILURE_MESSAGE, (tx) => releaseFinishedCrawl(tx, run.id));
  }
}
