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
 *
 * Which pages a site audit reads does not depend on which page job ends first (issue 30): a found
 * URL waits until it is admitted, and admitPages admits in discovery order (breadth first: depth,
 * then the order of the links on the parent, parents in their own order), a depth only once the
 * one above has settled, and never more than the pages the audit still has room for. The same site
 * with the same limit is read on the same pages however the jobs are spread over workers.
 */

export type SiteCrawlRow = typeof siteCrawls.$inferSelect;

/** Why a URL the crawl knows was not read: the audit had its pages. */
export const BEYOND_PAGE_LIMIT = 'beyond the page limit of this audit';
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
        position: ROOT_POSITION,
        jobSent: true,
        ...outcomeColumns(outcome),
      })),
    );
    const audited = start.status === 'done' ? 1 : 0;
    await tx
      .update(siteCrawls)
      .set({ urlsKnown: startRows.length, pagesAudited: audited })
      .where(eq(siteCrawls.runId, crawl.runId));
    await insertDiscovered(tx, crawl.runId, { url: crawl.startPageUrl, position: ROOT_POSITION }, discovered, maxUrlsFor(crawl.maxPages));
    await admitPages(tx, crawl.runId, { pagesAudited: audited, maxPages: crawl.maxPages, urlsKnown: startRows.length, maxUrls: maxUrlsFor(crawl.maxPages) });
    await writeProgress(tx, { runId: crawl.runId, userId: crawl.userId }, audited, crawl.maxPages);
    return true;
  });
}

/**
 * Records a page job's outcome and the URLs its page leads to, once: the page must still be
 * queued, and a page past the crawl's page limit is skipped instead of done. The pages the crawl
 * now has room for are admitted (admitPages) and the run's progress written, in the same
 * transaction. Returns the URLs left queued as this commits (under the crawl row's lock, so the
 * last page to finish sees 0) and the URLs this call admitted, whose page jobs the caller sends;
 * or null when another delivery got there first.
 */
export async function finishPage(db: Db, page: { runId: string; userId: string; url: string; deliveries: number }, outcome: PageOutcome, discovered: Discovered[]): Promise<{ queued: number; admitted: string[] } | null> {
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
      .returning({ position: crawlPages.position });
    if (updated.length === 0) return null;
    const [crawl] = await tx.select({ pagesAudited: siteCrawls.pagesAudited, maxPages: siteCrawls.maxPages, urlsKnown: siteCrawls.urlsKnown, maxUrls: siteCrawls.maxUrls }).from(siteCrawls).where(eq(siteCrawls.runId, runId)).for('update');
    if (!crawl) return null;
    let audited = crawl.pagesAudited;
    // Error pages take no room under the limit (as in crawlSite), but one that arrives past it is not listed either.
    if ((outcome.status === 'done' || outcome.status === 'error-page') && audited >= crawl.maxPages) {
      await tx
        .update(crawlPages)
        .set({ status: 'skipped', result: null, detail: BEYOND_PAGE_LIMIT })
        .where(and(eq(crawlPages.runId, runId), eq(crawlPages.url, url)));
    } else if (outcome.status === 'done') {
      audited += 1;
      await tx.update(siteCrawls).set({ pagesAudited: audited }).where(eq(siteCrawls.runId, runId));
    }
    await insertDiscovered(tx, runId, { url, position: updated[0]!.position ?? ROOT_POSITION }, discovered, crawl.maxUrls);
    const admitted = await admitPages(tx, runId, { ...crawl, pagesAudited: audited });
    const queued = await writeProgress(tx, { runId, userId: page.userId }, audited, crawl.maxPages);
    return { queued, admitted };
  });
}

/** The run's progress: pages audited, and known within the limit (which also keeps the run from looking abandoned). Returns the URLs queued. */
async function writeProgress(tx: Tx, run: { runId: string; userId: string }, audited: number, maxPages: number): Promise<number> {
  const queued = await countQueued(tx, run.runId);
  const [waiting] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(crawlPages)
    .where(and(eq(crawlPages.runId, run.runId), eq(crawlPages.status, 'waiting')));
  await tx
    .update(auditRuns)
    .set({ progressDone: audited, progressTotal: Math.min(maxPages, audited + queued + Number(waiting?.count ?? 0)), updatedAt: new Date() })
    .where(and(eq(auditRuns.id, run.runId), eq(auditRuns.userId, run.userId), eq(auditRuns.status, 'running')));
  return queued;
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

/** The start page's position; each found URL's is its parent's followed by its index, six digits. */
const ROOT_POSITION = '';
const POSITION_DIGITS = 6;
const positionOf = (parent: string, index: number) => `${parent}${String(index).padStart(POSITION_DIGITS, '0')}`;

/**
 * Records the URLs a page leads to as waiting for admission, each at its discovery position (the
 * parent's, then its index among the parent's links), at most `cap` of them (the first, in the
 * page's order). A URL the crawl already waits for keeps the earliest position any parent gives
 * it, as a breadth-first crawl meets it first from there; an admitted or settled URL is not
 * touched. URLs robots.txt refuses are recorded as skipped, never fetched.
 */
async function insertDiscovered(tx: Tx, runId: string, parent: { url: string; position: string }, discovered: Discovered[], cap: number): Promise<void> {
  const byUrl = new Map(discovered.map((entry) => [entry.url, entry]));
  const rows = [...byUrl.keys()].slice(0, cap).map((url, index) => {
    const entry = byUrl.get(url)!;
    return {
      runId,
      url,
      depth: entry.depth,
      position: positionOf(parent.position, index),
      parentUrl: parent.url,
      status: entry.disallowed ? 'skipped' : 'waiting',
      jobSent: entry.disallowed,
      detail: entry.disallowed ? 'robots.txt does not allow CitableBot to read it' : null,
    };
  });
  for (let i = 0; i < rows.length; i += 500) {
    const chunk = rows.slice(i, i + 500);
    // Known URLs are looked up, not upserted: an upsert would lock a queued page's row, which its
    // own job locks before the crawl row (finishPage), and the two would deadlock.
    const known = await tx
      .select({ url: crawlPages.url, status: crawlPages.status, depth: crawlPages.depth, position: crawlPages.position })
      .from(crawlPages)
      .where(and(eq(crawlPages.runId, runId), inArray(crawlPages.url, chunk.map((row) => row.url))));
    const knownByUrl = new Map(known.map((row) => [row.url, row]));
    const fresh = chunk.filter((row) => !knownByUrl.has(row.url));
    if (fresh.length > 0) await tx.insert(crawlPages).values(fresh).onConflictDoNothing();
    // A URL still waiting takes the earliest position any parent gives it (positions are digits
    // only, so text order is discovery order). Waiting rows are written only under the crawl lock.
    for (const row of chunk) {
      const existing = knownByUrl.get(row.url);
      if (!existing || existing.status !== 'waiting' || row.status !== 'waiting' || existing.position === null) continue;
      if (row.depth > existing.depth || (row.depth === existing.depth && row.position >= existing.position)) continue;
      await tx
        .update(crawlPages)
        .set({ depth: row.depth, position: row.position, parentUrl: row.parentUrl })
        .where(and(eq(crawlPages.runId, runId), eq(crawlPages.url, row.url), eq(crawlPages.status, 'waiting')));
    }
  }
}

/**
 * Admits waiting URLs for their page jobs, under the crawl row's lock: in discovery order (depth,
 * then position), only at the shallowest depth still waiting or queued (a depth is admitted once
 * the one above has settled, so no page still to be read can find an earlier URL), and only as
 * many as the pages the audit still has room for, less those in flight (a page that turns out to
 * be no page, a redirect or an error, gives its room to the next URL). The URLs the crawl may know
 * in all (maxUrls) bound what is admitted too. When nothing is in flight and no room is left, the
 * URLs still waiting are skipped. Returns the URLs admitted.
 */
async function admitPages(tx: Tx, runId: string, crawl: { pagesAudited: number; maxPages: number; urlsKnown: number; maxUrls: number }): Promise<string[]> {
  const [state] = await tx
    .select({
      level: sql<number | null>`min(${crawlPages.depth})`,
      inFlight: sql<number>`count(*) filter (where ${crawlPages.status} = 'queued')::int`,
    })
    .from(crawlPages)
    .where(and(eq(crawlPages.runId, runId), inArray(crawlPages.status, ['queued', 'waiting'])));
  if (!state || state.level === null) return [];
  const inFlight = Number(state.inFlight);
  const pageRoom = crawl.maxPages - crawl.pagesAudited - inFlight;
  const room = Math.min(pageRoom, crawl.maxUrls - crawl.urlsKnown);
  if (room <= 0) {
    if (inFlight === 0) {
      await tx
        .update(crawlPages)
        .set({ status: 'skipped', jobSent: true, detail: pageRoom <= 0 ? BEYOND_PAGE_LIMIT : 'beyond the number of addresses this audit reads', updatedAt: new Date() })
        .where(and(eq(crawlPages.runId, runId), eq(crawlPages.status, 'waiting')));
    }
    return [];
  }
  const next = await tx
    .select({ url: crawlPages.url })
    .from(crawlPages)
    .where(and(eq(crawlPages.runId, runId), eq(crawlPages.status, 'waiting'), eq(crawlPages.depth, Number(state.level))))
    .orderBy(asc(crawlPages.position), asc(crawlPages.seq))
    .limit(room);
  const urls = next.map((row) => row.url);
  if (urls.length === 0) return [];
  for (let i = 0; i < urls.length; i += 500) {
    await tx
      .update(crawlPages)
      .set({ status: 'queued', updatedAt: new Date() })
      .where(and(eq(crawlPages.runId, runId), eq(crawlPages.status, 'waiting'), inArray(crawlPages.url, urls.slice(i, i + 500))));
  }
  await tx
    .update(siteCrawls)
    .set({ urlsKnown: sql`${siteCrawls.urlsKnown} + ${urls.length}` })
    .where(eq(siteCrawls.runId, runId));
  return urls;
}

/**
 * Admitted URLs whose page jobs are not sent yet: none, unless a process died between admitting
 * and sending; a redelivered job sends them (a duplicate job finds its page settled).
 */
export async function unsentPages(db: Db, runId: string): Promise<string[]> {
  const rows = await db
    .select({ url: crawlPages.url })
    .from(crawlPages)
    .where(and(eq(crawlPages.runId, runId), eq(crawlPages.status, 'queued'), eq(crawlPages.jobSent, false)))
    .orderBy(asc(crawlPages.depth), asc(crawlPages.position), asc(crawlPages.seq));
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

/** The audited pages in discovery order (breadth first, as admitted), the pages that could not be read, and the error pages. */
export async function crawlResults(db: Db, runId: string): Promise<{ results: AuditResult[]; failed: { url: string; error: string }[]; errorPages: ErrorPage[] }> {
  const rows = await db
    .select({ url: crawlPages.url, status: crawlPages.status, result: crawlPages.result, detail: crawlPages.detail })
    .from(crawlPages)
    .where(and(eq(crawlPages.runId, runId), inArray(crawlPages.status, ['done', 'failed', 'error-page'])))
    .orderBy(asc(crawlPages.depth), asc(crawlPages.position), asc(crawlPages.seq));
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
