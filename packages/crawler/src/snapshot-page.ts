import { setMaxListeners } from 'node:events';
import type { PageInput, SiteSnapshot } from '@citable/contract';
import { parseAuditUrl } from './normalize-url';
import { fetchRobotsTxt } from './robots';
import { SafeFetcher, type FetchResult, type SafeFetcherOptions } from './safe-fetch';
import { assertRobotsAllow, fetchSiteContext, type SiteContextOptions } from './site-context';

export interface SnapshotPageOptions extends SafeFetcherOptions, SiteContextOptions {
  /** A shared fetcher (connection pool); when absent one is created and closed. */
  fetcher?: SafeFetcher;
  /**
   * Called with the page as soon as it is fetched, before the site context is read: throw to stop
   * there (an audit refuses an error page without reading robots.txt's neighbours for nothing).
   */
  checkPage?: (page: PageInput) => void;
}

/**
 * Everything a single-page audit needs: the page as CitableBot gets it, and its site context
 * (robots.txt, llms.txt, llms-full.txt, sitemap, AI crawler access with User-Agent probes).
 * Throws a CrawlerError when the page cannot be audited: invalid or refused URL, robots.txt
 * disallows CitableBot, network failure, not HTML, too large, too many redirects.
 * `url` may omit the scheme ("example.com/page" means https).
 */
export async function snapshotPage(url: string, options: SnapshotPageOptions = {}): Promise<SiteSnapshot> {
  const target = parseAuditUrl(url);
  const fetcher = options.fetcher ?? new SafeFetcher(options);
  // The site context's concurrent requests all listen to one signal, more than Node's default 10.
  const stop = new AbortController();
  setMaxListeners(0, stop.signal);
  const onAbort = () => stop.abort();
  options.signal?.addEventListener('abort', onAbort, { once: true });
  const signal = stop.signal;
  try {
    let robots = await fetchRobotsTxt(target.origin, fetcher, signal);
    assertRobotsAllow(robots, target.href);
    const response = await fetcher.fetch(target, { expectHtml: true, signal });
    const finalOrigin = new URL(response.url).origin;
    if (finalOrigin !== target.origin) robots = await fetchRobotsTxt(finalOrigin, fetcher, signal);
    if (response.url !== target.href) assertRobotsAllow(robots, response.url);
    const page = toPageInput(response);
    options.checkPage?.(page);
    const site = await fetchSiteContext(response.url, robots, fetcher, { ...options, signal });
    return { page, site };
  } finally {
    options.signal?.removeEventListener('abort', onAbort);
    if (!options.fetcher) await fetcher.close();
  }
}

/** The engine's view of a fetched HTML page. */
export function toPageInput(response: FetchResult): PageInput {
  return {
    url: response.url,
    status: response.status,
    headers: response.headers,
    body: response.body,
    format: 'html',
    fetchMs: response.fetchMs,
    redirects: response.redirects,
  };
}
