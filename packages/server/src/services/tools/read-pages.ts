import type { SiteSnapshot } from '@citable/contract';
import { crawlSite, isCrawlerError, snapshotPage } from '@citable/crawler';
import { buildPageModel, type PageModel } from '@citable/engine';
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
 * Up to `maxPages` readable pages of a site, as page models. The crawl is concurrent, so pages
 * arrive in any order; they are returned start page first, then by URL, so the same site gives
 * the same analysis. Throws the crawler's error when the start page cannot be read.
 */
export async function readSitePages(url: string, deps: NetworkDeps, maxPages: number): Promise<PageModel[]> {
  const pages: PageModel[] = [];
  for await (const event of crawlSite(url, { allowHosts: deps.allowHosts, maxPages, probe: false })) {
    if (event.type !== 'page') continue;
    // Error pages say nothing about the site's content.
    if (event.page.status !== undefined && event.page.status >= 400) continue;
    pages.push(buildPageModel(event.page));
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
