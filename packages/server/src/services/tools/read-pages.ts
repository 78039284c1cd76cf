import { ERROR_PAGE_MESSAGES, type AuditResult, type SiteSnapshot } from '@citable/contract';
import { crawlSite, isCrawlerError, snapshotPage } from '@citable/crawler';
import { auditFetchedPage, buildPageModel, errorPageReason, type PageModel } from '@citable/engine';
import { ErrorPageFailure, errorPageOfNotHtml, refuseHttpErrorPage } from '../audits/error-pages';
import { ToolFailure } from './tool-failure';

export interface NetworkDeps {
  /** Private hosts the crawler may reach (the server's FETCH_ALLOW_HOSTS). */
  allowHosts: readonly string[];
}

/** Requests in flight at once when a tool reads several sites. */
const SITES_IN_PARALLEL = 4;

/**
 * One page and its site context, as an audit reads it. `probe` adds the AI crawler User-Agent
 * probes, which only audits need (they score crawler access).
 */
export function readSnapshot(url: string, deps: NetworkDeps, options: { probe: boolean }): Promise<SiteSnapshot> {
  return snapshotPage(url, { allowHosts: deps.allowHosts, probe: options.probe });
}

export function pastedPage(content: string): PageModel {
  return buildPageModel({ body: content, url: null });
}

/**
 * A page read and audited as an audit does it: an error page (4xx, 5xx, a soft 404) is not
 * scored, it fails the tool (422) with the audit's message.
 */
export async function auditReadPage(url: string, deps: NetworkDeps, now: Date | number): Promise<{ snapshot: SiteSnapshot; result: AuditResult }> {
  let snapshot: SiteSnapshot;
  try {
    snapshot = await snapshotPage(url, { allowHosts: deps.allowHosts, probe: true, checkPage: refuseHttpErrorPage });
  } catch (error) {
    const errorPage = errorPageOfNotHtml(error, url);
    if (errorPage) throw new ToolFailure(new ErrorPageFailure(errorPage).message);
    if (error instanceof ErrorPageFailure) throw new ToolFailure(error.message);
    throw error;
  }
  const audited = auditFetchedPage(snapshot, { now });
  if (audited.type === 'error-page') throw new ToolFailure(ERROR_PAGE_MESSAGES.notAudited(audited.errorPage.url, audited.errorPage.reason));
  return { snapshot, result: audited.result };
}

/**
 * Up to `maxPages` readable pages of a site, as page models. The crawl is concurrent, so pages
 * arrive in any order; they are returned start page first, then by URL, so the same site gives
 * the same analysis. Throws the crawler's error when the start page cannot be read.
 */
export async function readSitePages(url: string, deps: NetworkDeps, maxPages: number): Promise<PageModel[]> {
  const pages: PageModel[] = [];
  for await (const event of crawlSite(url, { allowHosts: deps.allowHosts, maxPages, probe: false })) {
    if (event.type !== 'page') continue;
    // Error pages (4xx, 5xx, soft 404s) say nothing about the site's content.
    if (errorPageReason(event.page.status) !== null) continue;
    const model = buildPageModel(event.page);
    if (errorPageReason(event.page.status, model) !== null) continue;
    pages.push(model);
  }
  if (pages.length === 0) throw new ToolFailure(`No page of ${url} could be read.`);
  const [start, ...rest] = pages;
  return [start, ...rest.sort((a, b) => ((a.url ?? '') < (b.url ?? '') ? -1 : 1))];
}

/**
 * Reads several sites side by side (competitors, candidates). A site that cannot be read is
 * left out rather than failing the whole tool: the result counts what was analysed.
 */
export async function readOptionalSites(urls: string[], deps: NetworkDeps, maxPages: number): Promise<{ url: string; pages: PageModel[] }[]> {
  const results = await mapBounded(urls, SITES_IN_PARALLEL, async (url) => {
    try {
      return { url, pages: await readSitePages(url, deps, maxPages) };
    } catch (error) {
      if (isCrawlerError(error) || error instanceof ToolFailure) return null;
      throw error;
    }
  });
  return results.filter((r): r is { url: string; pages: PageModel[] } => r !== null);
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
