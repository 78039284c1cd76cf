import type { AuditResult, ErrorPage, SiteSnapshot } from '@citable/contract';
import { crawlSite, isCrawlerError, snapshotPage } from '@citable/crawler';
import { auditModel, buildPageModel, modelFetchedPage, type PageModel } from '@citable/engine';
import { type AuditFailure, allErrorPagesFailure, ErrorPageFailure, errorPageOfNotHtml, httpErrorPage, refuseHttpErrorPage } from '../audits';
import { ToolFailure } from './tool-failure';

/**
 * How the tools read the web. Error pages are not content (issue 18), whichever tool reads them,
 * and are told by the engine as an audit tells them (modelFetchedPage): a tool about one page
 * fails on an error page with the audit's message (422), and a tool that reads a site skips its
 * error pages, which take no room under its page limit, and lists them in its result.
 */

export interface NetworkDeps {
  /** Private hosts the crawler may reach (the server's FETCH_ALLOW_HOSTS). */
  allowHosts: readonly string[];
}

/** Requests in flight at once when a tool reads several sites. */
const SITES_IN_PARALLEL = 4;

/** A page read as content: the page and its site context, and the page's model. */
export interface ReadPage {
  snapshot: SiteSnapshot;
  model: PageModel;
}

/** What a tool read of a site: its content pages, and the error pages it skipped, by URL. */
export interface SitePages {
  pages: PageModel[];
  errorPages: ErrorPage[];
}

export function pastedPage(content: string): PageModel {
  return buildPageModel({ body: content, url: null });
}

/** The audit's refusal (an error page, a site of error pages), as the tool's failure: 422 with its message. */
function refused(failure: AuditFailure): ToolFailure {
  return new ToolFailure(failure.message);
}

/**
 * One page and its site context, read as an audit reads it. An error page (4xx, 5xx, a soft 404)
 * is not analysed: it fails the tool with the audit's message. `probe` adds the AI crawler
 * User-Agent probes, which only audits need (they score crawler access).
 */
export async function readPage(url: string, deps: NetworkDeps, options: { probe: boolean }): Promise<ReadPage> {
  let snapshot: SiteSnapshot;
  try {
    snapshot = await snapshotPage(url, { allowHosts: deps.allowHosts, probe: options.probe, checkPage: refuseHttpErrorPage });
  } catch (error) {
    // A 404 answered as text/plain or JSON is an error page, not a "not HTML" failure.
    const errorPage = errorPageOfNotHtml(error, url);
    if (errorPage) throw refused(new ErrorPageFailure(errorPage));
    if (error instanceof ErrorPageFailure) throw refused(error);
    throw error;
  }
  const read = modelFetchedPage(snapshot.page);
  if (read.type === 'error-page') throw refused(new ErrorPageFailure(read.errorPage));
  return { snapshot, model: read.model };
}

/** A page read and audited as an audit does it; an error page fails the tool (readPage). */
export async function auditReadPage(url: string, deps: NetworkDeps, now: Date | number): Promise<{ snapshot: SiteSnapshot; result: AuditResult }> {
  const { snapshot, model } = await readPage(url, deps, { probe: true });
  return { snapshot, result: auditModel(model, snapshot.site, { now }) };
}

/**
 * Up to `maxPages` content pages of a site, as page models, and the error pages met on the way
 * (4xx, 5xx, soft 404s: not analysed, and no room taken under the limit). The crawl is
 * concurrent, so pages arrive in any order; they are returned start page first, then by URL, so
 * the same site gives the same analysis. Throws the crawler's error when the start page cannot be
 * read, and a ToolFailure when no page is content (the audit's message when all were error pages).
 */
export async function readSitePages(url: string, deps: NetworkDeps, maxPages: number): Promise<SitePages> {
  const read = await crawlSitePages(url, deps, maxPages);
  if (read.pages.length > 0) return read;
  throw read.errorPages.length > 0 ? refused(allErrorPagesFailure(url, read.errorPages)) : new ToolFailure(`No page of ${url} could be read.`);
}

async function crawlSitePages(url: string, deps: NetworkDeps, maxPages: number): Promise<SitePages> {
  const pages: PageModel[] = [];
  const errorPages: ErrorPage[] = [];
  const crawl = crawlSite(url, {
    allowHosts: deps.allowHosts,
    maxPages,
    probe: false,
    // Each page is modelled as it arrives, so a soft 404 is known before it counts under maxPages.
    analysePage: (page) => modelFetchedPage(page),
    isErrorPage: (read) => read.type === 'error-page',
  });
  try {
    for await (const event of crawl) {
      if (event.type === 'skipped') {
        // A 404 that is not HTML (text/plain, JSON) is a broken link all the same.
        const errorPage = httpErrorPage(event.url, event.status);
        if (errorPage) errorPages.push(errorPage);
      }
      if (event.type !== 'page') continue;
      if (event.analysis.type === 'error-page') errorPages.push(event.analysis.errorPage);
      else pages.push(event.analysis.model);
    }
  } catch (error) {
    // A start page that answered an HTTP error without HTML (crawlSite throws NotHtmlError).
    const errorPage = errorPageOfNotHtml(error, url);
    if (!errorPage) throw error;
    errorPages.push(errorPage);
  }
  errorPages.sort((a, b) => a.url.localeCompare(b.url));
  if (pages.length === 0) return { pages, errorPages };
  const [start, ...rest] = pages;
  return { pages: [start, ...rest.sort((a, b) => ((a.url ?? '') < (b.url ?? '') ? -1 : 1))], errorPages };
}

/**
 * Reads several sites side by side (competitors, candidates). A site that cannot be read, or has
 * nothing but error pages, is left out rather than failing the whole tool: the result counts
 * what was analysed. The error pages of every site are listed, by URL.
 */
export async function readOptionalSites(urls: string[], deps: NetworkDeps, maxPages: number): Promise<{ sites: { url: string; pages: PageModel[] }[]; errorPages: ErrorPage[] }> {
  const results = await mapBounded(urls, SITES_IN_PARALLEL, async (url) => {
    try {
      return { url, ...(await crawlSitePages(url, deps, maxPages)) };
    } catch (error) {
      if (isCrawlerError(error)) return { url, pages: [], errorPages: [] };
      throw error;
    }
  });
  return {
    sites: results.filter((site) => site.pages.length > 0).map(({ url, pages }) => ({ url, pages })),
    errorPages: listErrorPages(...results.map((site) => site.errorPages)),
  };
}

/** Error pages of several reads in one list, by URL, each once. */
export function listErrorPages(...lists: ErrorPage[][]): ErrorPage[] {
  const byUrl = new Map(lists.flat().map((errorPage) => [errorPage.url, errorPage]));
  return [...byUrl.values()].sort((a, b) => a.url.localeCompare(b.url));
}

/** `fn` over `items` with at most `limit` running at once; results keep the input order. */
export async function mapBounded<T, R>(items: T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await fn(items[index]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
