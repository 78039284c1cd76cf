import type { PageInput, SiteContext } from '@citable/contract';
import { CrawlDelayTooLongError } from './errors';
import { normalizeUrl, parseAuditUrl, resolveHttpUrl } from './normalize-url';
import { extractPageLinks } from './page-links';
import { fetchRobotsTxt, RobotsTxt } from './robots';
import type { FetchResult, SafeFetcher } from './safe-fetch';
import { assertRobotsAllow, fetchSiteContext, type SiteContextOptions } from './site-context';
import { toPageInput } from './snapshot-page';
import { CITABLE_BOT_TOKEN } from './user-agent';

/**
 * The pieces of `crawlSite` for a crawl spread over many processes: opening the crawl (robots.txt,
 * the start page, the site context) happens once, then each URL is fetched and classified on its
 * own by whichever process takes it. The caller keeps the URL set (a database table), so this
 * module holds no state between calls; the rules are crawlSite's: same origin, robots.txt,
 * redirects queued rather than followed, rel=canonical duplicates skipped.
 */

/** What one fetched URL turned out to be, and the same-origin URLs it points to. */
export type CrawlStep =
  /** An HTML page to audit, under its normalised URL. */
  | { type: 'page'; url: string; page: PageInput; discovered: string[] }
  /** Not audited: a redirect (its target is discovered), a canonical duplicate, off-site. */
  | { type: 'skipped'; url: string; reason: 'redirect' | 'duplicate' | 'off-site'; detail: string; discovered: string[] };

export interface OpenedCrawl {
  /** The origin the start URL ends up on after redirects; the crawl stays on it. */
  origin: string;
  /** robots.txt's text, or null when it imposes no rule (none, or unreadable in a way that allows all). */
  robotsTxt: string | null;
  crawlDelayMs: number;
  site: SiteContext;
  /** The normalised start URL as given, and the start page's classification (its URL is the final one). */
  startUrl: string;
  start: CrawlStep;
}

export interface OpenCrawlOptions extends SiteContextOptions {
  /** A robots.txt Crawl-delay above this refuses the crawl (CrawlDelayTooLongError). Default 30 000. */
  maxCrawlDelayMs?: number;
}

/**
 * Reads robots.txt, the start page (following redirects) and the site context, as crawlSite does
 * before its loop. Throws the crawler's errors when the start page cannot be crawled.
 */
export async function openCrawl(startUrl: string, fetcher: SafeFetcher, options: OpenCrawlOptions = {}): Promise<OpenedCrawl> {
  const start = parseAuditUrl(startUrl);
  const { signal } = options;
  let robots = await fetchRobotsTxt(start.origin, fetcher, signal);
  assertRobotsAllow(robots, start.href);
  const first = await fetcher.fetch(start, { expectHtml: true, signal });
  const origin = new URL(first.url).origin;
  if (origin !== start.origin) {
    robots = await fetchRobotsTxt(origin, fetcher, signal);
    assertRobotsAllow(robots, first.url);
  }
  const crawlDelayMs = robots.robots.crawlDelayMs(CITABLE_BOT_TOKEN) ?? 0;
  const maxCrawlDelayMs = options.maxCrawlDelayMs ?? 30_000;
  if (crawlDelayMs > maxCrawlDelayMs) throw new CrawlDelayTooLongError(start.href, crawlDelayMs, maxCrawlDelayMs);
  const site = await fetchSiteContext(first.url, robots, fetcher, options);
  // Past assertRobotsAllow, robots.txt either had a body or allowed everything.
  const robotsTxt = robots.resource.body ?? null;
  return { origin, robotsTxt, crawlDelayMs, site, startUrl: normalizeUrl(start), start: classifyResponse(normalizeUrl(first.url), first, origin) };
}

/** The rules of a crawl, rebuilt in any process from what openCrawl returned. */
export class CrawlScope {
  private readonly robots: RobotsTxt;

  constructor(
    readonly origin: string,
    robotsTxt: string | null,
  ) {
    this.robots = robotsTxt === null ? RobotsTxt.allowAll() : RobotsTxt.parse(robotsTxt);
  }

  sameOrigin(url: string): boolean {
    return isSameOrigin(url, this.origin);
  }

  allows(url: string): boolean {
    return this.robots.isAllowed(CITABLE_BOT_TOKEN, url);
  }
}

/**
 * Fetches one queued URL without following redirects (the target is queued instead, so no URL is
 * requested twice) and classifies it. Throws the crawler's errors (NotHtmlError for a non-HTML
 * response, RateLimitedError, ...).
 */
export async function crawlStep(url: string, scope: CrawlScope, fetcher: SafeFetcher, signal?: AbortSignal): Promise<CrawlStep> {
  const response = await fetcher.fetch(url, { expectHtml: true, followRedirects: false, signal });
  if (response.headers.location !== undefined && response.status >= 300 && response.status < 400) {
    const target = resolveHttpUrl(response.headers.location, url);
    if (target === null || !scope.sameOrigin(target)) return { type: 'skipped', url, reason: 'off-site', detail: `redirects to ${target ?? response.headers.location}, outside ${scope.origin}`, discovered: [] };
    return { type: 'skipped', url, reason: 'redirect', detail: `redirects to ${target}`, discovered: [target] };
  }
  return classifyResponse(url, response, scope.origin);
}

/** A fetched HTML response: its links (unless nofollow), and whether it names another URL as canonical. */
function classifyResponse(url: string, response: FetchResult, origin: string): CrawlStep {
  const { links, canonical, nofollow } = extractPageLinks(response.body, response.url);
  const discovered = nofollow ? [] : links.filter((link) => isSameOrigin(link, origin));
  if (canonical !== null && canonical !== url && isSameOrigin(canonical, origin)) {
    return { type: 'skipped', url, reason: 'duplicate', detail: `canonical URL is ${canonical}`, discovered: [canonical, ...discovered] };
  }
  return { type: 'page', url, page: toPageInput(response), discovered };
}

function isSameOrigin(url: string, origin: string): boolean {
  return url.startsWith(origin) && (url.length === origin.length || url[origin.length] === '/');
}
