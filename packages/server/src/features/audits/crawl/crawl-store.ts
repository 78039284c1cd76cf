import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { AuditResult, ErrorPage, SiteContext } from '@citable/contract';
import type { Db } from '../../../db/client';
import { crawlPages, siteCrawls } from './schema';
import { auditRuns } from '../../../db/schema';

/**
 * The database side of a site crawl split into page jobs. Every write that could race with another
 * page job (discovering URLs, finishing a page) runs in a transaction holding the crawl row's lock,
 * and every state change is conditional on the previous state, so a page job delivered twice, or
 * run again after its worker died, changes nothing the first delivery already changed.
 */

export type SiteCrawlRow = typeof siteCrawls.$inferSelect;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** A URL found on a page, to be queued for its own page job unless the crawl already knows it. */
export interface Discovered {
  url: string;
  depth: number;
  /** robots.txt refuses it: recorded as skipped, never fetched. */
  disallowed: boolean;
}

/** How a fetched URL ended: audited, an error page (listed, not scored, not counted as a page), skipped or failed. */
export type PageOutcome = { status: 'done'; result: AuditResult } | { status: 'error-page'; errorPage: ErrorPage } | { status: 'skipped' | 'failed'; detail: string };

/** The columns a page's outcome writes. */
function outcomeColumns(outcome: PageOutcome): { status: string; result: AuditResult | ErrorPage | null; detail: string | null } {
  if (outcome.status === 'done') return { status: 'done', result: outcome.result, detail: null };
  if (outcome.status === 'error-page') return { status: 'error-page', result: outcome.errorPage, detail: outcome.errorPage.reason };
  return { status: outcome.status, result: null, detail: outcome.detail };
}

export interface NewCrawl {
  runId: string;
  userId: string;
  origin: string;
  startUrl: string;
  startPageUrl: string;
  robotsTxt: string | null;
  site: SiteContext;
  maxPages: number;
  crawlDelayMs: number;
}

export async function getCrawl(db: Db, runId: string): Promise<SiteCrawlRow | null> {
  const [row] = await db.select().from(siteCrawls).where(eq(siteCrawls.runId, runId));
  return row ?? null;
}

/** A URL's state in its crawl, with the crawl's page count so far; null once the crawl is released. */
export async function getPageState(db: Db, runId: string, url: string): Promise<{ status: string; depth: number; pagesAudited: number; maxPages: number } | null> {
  const [row] = await db
    .select({ status: crawlPages.status, depth: crawlPages.depth, pagesAudited: siteCrawls.pagesAudited, maxPages: siteCrawls.maxPages })
    .from(crawlPages)
    .innerJoin(siteCrawls, eq(siteCrawls.runId, crawlPages.runId))
    // A released crawl (its audit saved or failed) has no page left to handle.
    .where(and(eq(crawlPages.runId, runId), eq(crawlPages.url, url), isNotNull(siteCrawls.site)));
  return row ?? null;
}

/** URLs a crawl may know in all: the pages, plus room for redirects, duplicates and errors (as crawlSite). */
export function maxUrlsFor(maxPages: number): number {
  return maxPages * 2 + 10;
}

/**
 * Creates the crawl with its start page already handled (the coordinator fetched it to open the
 * crawl) and the URLs the start page and the sitemap lead to. Returns false when the crawl exists:
 * a coordinator run again after a crash then only finishes what the first one left.
 */
export async function createCrawl(db: Db, crawl: NewCrawl, start: PageOutcome, discovered: Discovered[]): Promise<boolean> {
  return db.transaction(async (tx) => {
    const created = await tx
      .insert(siteCrawls)
      .values({
        runId: crawl.runId,
        userId: crawl.userId,
        origin: crawl.origin,
        startPageUrl: crawl.startPageUrl,
        robotsTxt: crawl.robotsTxt,
        site: crawl.site,
        maxPages: crawl.maxPages,
        maxUrls: maxUrlsFor(crawl.maxPages),
        crawlDelayMs: crawl.crawlDelayMs,
        // The coordinator has just fetched the start page: the first page job waits a Crawl-delay after it.
        nextFetchAt: sql`now() + ${crawl.crawlDelayMs} * interval '1 millisecond'`,
      })
      .onConflictDoNothing()
      .returning({ runId: siteCrawls.runId });
    if (created.length === 0) return false;
    const startRows = [{ url: crawl.startPageUrl, outcome: start }];
    // The start URL redirected: it is known too, so no link back to it is crawled again.
    if (crawl.startUrl !== crawl.startPageUrl) startRows.unshift({ url: crawl.startUrl, outcome: { status: 'skipped', detail: `redirects to ${crawl.startPageUrl}` } });
    await tx.insert(crawlPages).values(
      startRows.map(({ url, outcome }) => ({
        runId: crawl.runId,
        url,
        depth: 0,
        jobSent: true,
        ...outcomeColumns(outcome),
      })),
    );
    await tx
      .update(siteCrawls)
      .set({ urlsKnown: startRows.length, pagesAudited: start.status === 'done' ? 1 : 0 })
      .where(eq(siteCrawls.runId, crawl.runId));
    await insertDiscovered(tx, crawl.runId, crawl.startPageUrl, discovered);
    const audited = start.status === 'done' ? 1 : 0;
    const queued = await countQueued(tx, crawl.runId);
    await tx
      .update(auditRuns)
      .set({ progressDone: audited, progressTotal: Math.min(crawl.maxPages, audited + queued), updatedAt: new Date() })
      .where(and(eq(auditRuns.id, crawl.runId), eq(auditRuns.userId, crawl.userId), eq(auditRuns.status, 'running')));
    return true;
  });
}

/**
 * Records a page job's outcome and the URLs its page leads to, once: the page must still be
 * queued, and a page past the crawl's page limit is skipped instead of done. The run's progress is
 * written in the same transaction (pages audited, and known within the limit), which also keeps
 * the run from looking abandoned. Returns the URLs left queued as this commits (under the crawl
 * row's lock, so the last page to finish sees 0), or null when another delivery got there first.
 */
export async function finishPage(db: Db, page: { runId: string; userId: string; url: string; deliveries: number }, outcome: PageOutcome, discovered: Discovered[]): Promise<number | null> {
  const { runId, url } = page;
  return db.transaction(async (tx) => {
    // The page's own row first, before the crawl row's lock: its large write holds up no other page.
    const updated = await tx
      .update(crawlPages)
      .set({
        ...outcomeColumns(outcome),
        attempts: page.deliveries,
        updatedAt: new Date(),
      })
      .where(and(eq(crawlPages.runId, runId), eq(crawlPages.url, url), eq(crawlPages.status, 'queued')))
      .returning({ seq: crawlPages.seq });
    if (updated.length === 0) return null;
    const [crawl] = await tx.select({ pagesAudited: siteCrawls.pagesAudited, maxPages: siteCrawls.maxPages, urlsKnown: siteCrawls.urlsKnown, maxUrls: siteCrawls.maxUrls }).from(siteCrawls).where(eq(siteCrawls.runId, runId)).for('update');
    if (!crawl) return null;
    let audited = crawl.pagesAudited;
    // Error pages take no room under the limit (as in crawlSite), but one that arrives past it is not listed either.
    if ((outcome.status === 'done' || outcome.status === 'error-page') && audited >= crawl.maxPages) {
      await tx
        .update(crawlPages)
        .set({ status: 'skipped', result: null, detail: 'beyond the page limit of this audit' })
        .where(and(eq(crawlPages.runId, runId), eq(crawlPages.url, url)));
    } else if (outcome.status === 'done') {
      audited += 1;
      await tx.update(siteCrawls).set({ pagesAudited: audited }).where(eq(siteCrawls.runId, runId));
    }
    await insertDiscovered(tx, runId, url, discovered, crawl);
    const queued = await countQueued(tx, runId);
    await tx
      .update(auditRuns)
      .set({ progressDone: audited, progressTotal: Math.min(crawl.maxPages, audited + queued), updatedAt: new Date() })
      .where(and(eq(auditRuns.id, runId), eq(auditRuns.userId, page.userId), eq(auditRuns.status, 'running')));
    return queued;
  });
}

async function countQueued(db: Db | Tx, runId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(crawlPages)
    .where(and(eq(crawlPages.runId, runId), eq(crawlPages.status, 'queued')));
  return Number(row?.count ?? 0);
}

/** URLs still waiting for their page job: none left means the crawl is over. */
export function queuedCount(db: Db, runId: string): Promise<number> {
  return countQueued(db, runId);
}

/**
 * Adds the URLs the crawl does not know yet, within its URL budget, under the crawl row's lock (so
 * the budget holds across processes; `locked`: the row as the caller locked it). Allowed URLs are
 * queued for a page job their parent sends.
 */
async function insertDiscovered(tx: Tx, runId: string, parentUrl: string, discovered: Discovered[], locked?: { urlsKnown: number; maxUrls: number }): Promise<void> {
  if (discovered.length === 0) return;
  const [crawl] = locked ? [locked] : await tx.select({ urlsKnown: siteCrawls.urlsKnown, maxUrls: siteCrawls.maxUrls }).from(siteCrawls).where(eq(siteCrawls.runId, runId)).for('update');
  if (!crawl || crawl.urlsKnown >= crawl.maxUrls) return;
  const unique = [...new Map(discovered.map((entry) => [entry.url, entry])).values()];
  const room = crawl.maxUrls - crawl.urlsKnown;
  // A sitemap may list 50,000 URLs for a 25-page audit: look up only as many as can still be added.
  const fresh: Discovered[] = [];
  for (let i = 0; i < unique.length && fresh.length < room; i += 500) {
    const chunk = unique.slice(i, i + 500);
    const rows = await tx
      .select({ url: crawlPages.url })
      .from(crawlPages)
      .where(and(eq(crawlPages.runId, runId), inArray(crawlPages.url, chunk.map((entry) => entry.url))));
    const known = new Set(rows.map((row) => row.url));
    fresh.push(...chunk.filter((entry) => !known.has(entry.url)).slice(0, room - fresh.length));
  }
  if (fresh.length === 0) return;
  for (let i = 0; i < fresh.length; i += 500) {
    await tx
      .insert(crawlPages)
      .values(
        fresh.slice(i, i + 500).map((entry) => ({
          runId,
          url: entry.url,
          depth: entry.depth,
          parentUrl,
          status: entry.disallowed ? 'skipped' : 'queued',
          jobSent: entry.disallowed,
          detail: entry.disallowed ? 'robots.txt does not allow CitableBot to read it' : null,
        })),
      )
      .onConflictDoNothing();
  }
  await tx
    .update(siteCrawls)
    .set({ urlsKnown: sql`${siteCrawls.urlsKnown} + ${fresh.length}` })
    .where(eq(siteCrawls.runId, runId));
}

/** The URLs a page discovered whose page jobs are not sent yet (all of them, unless a crash came between). */
export async function unsentChildren(db: Db, runId: string, parentUrl: string): Promise<string[]> {
  const rows = await db
    .select({ url: crawlPages.url })
    .from(crawlPages)
    .where(and(eq(crawlPages.runId, runId), eq(crawlPages.parentUrl, parentUrl), eq(crawlPages.jobSent, false)))
    .orderBy(asc(crawlPages.seq));
  return rows.map((row) => row.url);
}

export async function markSent(db: Db, runId: string, urls: string[]): Promise<void> {
  for (let i = 0; i < urls.length; i += 500) {
    await db
      .update(crawlPages)
      .set({ jobSent: true })
      .where(and(eq(crawlPages.runId, runId), inArray(crawlPages.url, urls.slice(i, i + 500))));
  }
}

/**
 * With a Crawl-delay, reserves the next request slot to the site across every process and returns
 * how long to wait for it (the database's clock, so workers' clocks need not agree).
 */
export async function reserveFetchSlot(db: Db, runId: string): Promise<number> {
  const [row] = await db
    .update(siteCrawls)
    .set({ nextFetchAt: sql`greatest(${siteCrawls.nextFetchAt}, now()) + ${siteCrawls.crawlDelayMs} * interval '1 millisecond'` })
    .where(eq(siteCrawls.runId, runId))
    .returning({ waitMs: sql<number>`greatest(0, extract(epoch from (${siteCrawls.nextFetchAt} - ${siteCrawls.crawlDelayMs} * interval '1 millisecond' - now())) * 1000)::int` });
  return row?.waitMs ?? 0;
}

/** Pushes every process's next request back after the site answered 429/503 with Retry-After. */
export async function pauseFetches(db: Db, runId: string, ms: number): Promise<void> {
  await db
    .update(siteCrawls)
    .set({ nextFetchAt: sql`greatest(${siteCrawls.nextFetchAt}, now() + ${ms} * interval '1 millisecond')` })
    .where(eq(siteCrawls.runId, runId));
}

/**
 * Releases what a crawl kept for its page jobs once its audit is saved or its run failed, in that
 * transaction: the page results (each ~27 KB; the saved audit holds what it needs of them) and the
 * site context (its sitemap alone may list 50,000 URLs). What keeps late deliveries harmless stays:
 * each URL's row (unique per run, with its status and attempts), the crawl row and its counters. A
 * late page job is stopped by the run no longer running, or by the released crawl (getPageState).
 */
export async function releaseFinishedCrawl(db: Db | Tx, runId: string): Promise<void> {
  await db
    .update(crawlPages)
    .set({ result: null })
    .where(and(eq(crawlPages.runId, runId), isNotNull(crawlPages.result)));
  await db.update(siteCrawls).set({ site: null }).where(eq(siteCrawls.runId, runId));
}

/** The audited pages in discovery order, the pages that could not be read, and the error pages. */
export async function crawlResults(db: Db, runId: string): Promise<{ results: AuditResult[]; failed: { url: string; error: string }[]; errorPages: ErrorPage[] }> {
  const rows = await db
    .select({ url: crawlPages.url, status: crawlPages.status, result: crawlPages.result, detail: crawlPages.detail })
    .from(crawlPages)
    .where(and(eq(crawlPages.runId, runId), inArray(crawlPages.status, ['done', 'failed', 'error-page'])))
    .orderBy(asc(crawlPages.seq));
  const results: AuditResult[] = [];
  const failed: { url: string; error: string }[] = [];
  const errorPages: ErrorPage[] = [];
  for (const row of rows) {
    if (row.status === 'done' && row.result) results.push(row.result as AuditResult);
    if (row.status === 'error-page' && row.result) errorPages.push(row.result as ErrorPage);
    if (row.status === 'failed') failed.push({ url: row.url, error: row.detail ?? '' });
  }
  return { results, failed, errorPages };
}
