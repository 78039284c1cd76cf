import { setMaxListeners } from 'node:events';
import { httpErrorReason, type PageInput, type SiteContext } from '@citable/contract';
import { AbortedError, CrawlDelayTooLongError, CrawlerError, NotHtmlError, RateLimitedError } from './errors';
import { normalizeUrl, parseAuditUrl, resolveHttpUrl } from './normalize-url';
import { extractPageLinks } from './page-links';
import { fetchRobotsTxt, type FetchedRobots } from './robots';
import { SafeFetcher, type FetchResult, type SafeFetcherOptions } from './safe-fetch';
import { assertRobotsAllow, fetchSiteContext, type SiteContextOptions } from './site-context';
import { toPageInput } from './snapshot-page';
import { CITABLE_BOT_TOKEN } from './user-agent';

export interface CrawlOptions<A = undefined> extends SafeFetcherOptions, SiteContextOptions {
  /** A shared fetcher (connection pool); when absent one is created and closed. */
  fetcher?: SafeFetcher;
  /**
   * Pages yielded at most, not counting error pages: a page that answered an HTTP error (4xx, 5xx),
   * or one `isErrorPage` tells by its analysis (a soft 404), is yielded too, for the caller to
   * list, but is no content and uses no room. Default 100.
   */
  maxPages?: number;
  /** Requests in flight at once to the site. Default 4. */
  concurrency?: number;
  /** Seed the crawl with the sitemap's URLs too. Default true. */
  useSitemap?: boolean;
  /** A robots.txt Crawl-delay above this stops the crawl (CrawlDelayTooLongError). Default 30 000. */
  maxCrawlDelayMs?: number;
  /** Called after every event, for a progress bar. */
  onProgress?: (progress: CrawlProgress) => void;
  /**
   * Analyses each HTML page before it is counted (an audit, a page model); the page event carries
   * the result as `analysis`. The page keeps its request slot until the analysis settles, so an
   * analysis slower than the fetches (an audit on a worker thread) sets the crawl's pace and pages
   * never pile up waiting for it. A rejection ends the crawl with that error.
   */
  analysePage?: (page: PageInput, site: SiteContext) => A | Promise<A>;
  /**
   * Whether the analysis found an error page its status does not show (a soft 404, which only the
   * page's content tells): it is yielded for the caller to list, and takes no room under `maxPages`.
   */
  isErrorPage?: (analysis: A) => boolean;
}

export interface CrawlProgress {
  /** Pages yielded, error pages (4xx, 5xx, and those `isErrorPage` tells) left out. */
  done: number;
  /** URLs waiting to be requested. */
  queued: number;
  /** URLs being fetched, or whose page is being analysed before it counts. */
  inFlight: number;
  /** Pages that could not be fetched. */
  failed: number;
  /** URLs not yielded: robots.txt, duplicates, redirects, not HTML, off-site. */
  skipped: number;
  maxPages: number;
}

export type SkipReason = 'robots' | 'duplicate' | 'redirect' | 'not-html' | 'off-site';

export type CrawlEvent<A = undefined> =
  /** First event: the shared site context, fetched once. */
  | { type: 'site'; site: SiteContext; progress: CrawlProgress }
  /**
   * A page to analyse (any status, HTML only); `depth` is its link distance from the start, and
   * `analysis` what `analysePage` made of it (undefined without one). One that answered 4xx or 5xx
   * is an error page (the engine's errorPageReason), not content to score.
   */
  | { type: 'page'; page: PageInput; depth: number; analysis: A; progress: CrawlProgress }
  /** `status`: the HTTP status of a response that was not HTML (`not-html`), so an error answer can be told. */
  | { type: 'skipped'; url: string; reason: SkipReason; detail: string; status?: number; progress: CrawlProgress }
  | { type: 'error'; url: string; error: CrawlerError; progress: CrawlProgress };

interface QueueEntry {
  url: string;
  depth: number;
}

const DEFAULT_MAX_PAGES = 100;
const DEFAULT_CONCURRENCY = 4;
const DEFAULT_MAX_CRAWL_DELAY_MS = 30_000;
const RATE_LIMIT_PAUSE_MS = 5_000;
const MAX_RATE_LIMIT_PAUSE_MS = 60_000;
// A site that keeps refusing is not going to let this crawl finish in any useful time.
const MAX_RATE_LIMITED_IN_A_ROW = 3;

/**
 * Crawls one site breadth first from `startUrl` (and its sitemap), streaming each HTML page as
 * an event so the caller can analyse and drop it: memory holds the URL set and the queue, and at
 * most `concurrency` pages, in flight or waiting for the caller (a slow caller slows the crawl).
 * Same origin only (the origin the start URL ends up on after redirects); URLs are
 * de-duplicated after normalisation, redirects and rel=canonical; robots.txt and its
 * Crawl-delay are obeyed for CitableBot; a 429/503 with Retry-After pauses every request.
 * Throws a CrawlerError when the start page itself cannot be crawled, when robots.txt asks for
 * a longer Crawl-delay than `maxCrawlDelayMs`, or when the site rate-limits three pages in a row
 * (RateLimitedError); failures of other pages are `error` events. Breaking out of the loop stops
 * the crawl and aborts requests in flight.
 *
 * @example
 * let site: SiteContext | null = null;
 * for await (const event of crawlSite('https://example.com', { maxPages: 500, concurrency: 8 })) {
 *   if (event.type === 'site') site = event.site;
 *   if (event.type === 'page') analyse({ page: event.page, site });
 * }
 */
export async function* crawlSite<A = undefined>(startUrl: string, options: CrawlOptions<A> = {}): AsyncGenerator<CrawlEvent<A>, void, undefined> {
  const start = parseAuditUrl(startUrl);
  const fetcher = options.fetcher ?? new SafeFetcher(options);
  const stop = new AbortController();
  // Every request in flight listens to this signal; more than Node's default of 10 is expected.
  setMaxListeners(0, stop.signal);
  const onAbort = () => stop.abort();
  options.signal?.addEventListener('abort', onAbort, { once: true });
  try {
    yield* runCrawl(start, fetcher, options, stop.signal);
  } finally {
    options.signal?.removeEventListener('abort', onAbort);
    stop.abort();
    if (!options.fetcher) await fetcher.close();
  }
}

async function* runCrawl<A>(start: URL, fetcher: SafeFetcher, options: CrawlOptions<A>, signal: AbortSignal): AsyncGenerator<CrawlEvent<A>> {
  const maxPages = Math.max(1, options.maxPages ?? DEFAULT_MAX_PAGES);
  const concurrency = Math.max(1, options.concurrency ?? DEFAULT_CONCURRENCY);
  // Duplicates, redirects and errors use requests without yielding pages; this bounds them.
  const maxRequests = maxPages * 2 + 10;

  let robots = await fetchRobotsTxt(start.origin, fetcher, signal);
  assertRobotsAllow(robots, start.href);
  const firstStartedAt = Date.now();
  const first = await fetcher.fetch(start, { expectHtml: true, signal });
  const origin = new URL(first.url).origin;
  if (origin !== start.origin) {
    robots = await fetchRobotsTxt(origin, fetcher, signal);
    assertRobotsAllow(robots, first.url);
  }
  const crawlDelayMs = robots.robots.crawlDelayMs(CITABLE_BOT_TOKEN) ?? 0;
  const maxCrawlDelayMs = options.maxCrawlDelayMs ?? DEFAULT_MAX_CRAWL_DELAY_MS;
  if (crawlDelayMs > maxCrawlDelayMs) throw new CrawlDelayTooLongError(start.href, crawlDelayMs, maxCrawlDelayMs);

  const site = await fetchSiteContext(first.url, robots, fetcher, {
    ...options,
    signal,
    sitemap: options.useSitemap === false && options.sitemap === undefined ? false : options.sitemap,
  });

  const state = new CrawlState<A>(origin, robots, maxPages, maxRequests);
  const report = <T extends CrawlEvent<A>>(event: T): T => {
    options.onProgress?.(event.progress);
    return event;
  };
  yield report({ type: 'site', site, progress: state.progress() });

  let wake: () => void = () => {};
  let woken = new Promise<void>((resolve) => (wake = resolve));
  const notify = () => wake();
  signal.addEventListener('abort', notify, { once: true });
  let nextStartAt = firstStartedAt + crawlDelayMs;
  let rateLimitedInARow = 0;
  // What ends the crawl from inside a request: a site that keeps rate-limiting, a failed analysis.
  let stoppedBy: { error: unknown } | undefined;
  let delayTimer: NodeJS.Timeout | undefined;

  /** The fetched page, or null when it is no page to yield (a redirect, a failure, a duplicate...). */
  const fetchPage = async (entry: QueueEntry): Promise<PageInput | null> => {
    try {
      // Redirects are queued rather than followed, so no URL is ever requested twice.
      const response = await fetcher.fetch(entry.url, { expectHtml: true, followRedirects: false, signal });
      rateLimitedInARow = 0;
      if (response.headers.location !== undefined && response.status >= 300 && response.status < 400) {
        state.redirect(entry, response.headers.location);
        return null;
      }
      return state.handle(entry, response);
    } catch (error) {
      if (signal.aborted) return null;
      if (error instanceof RateLimitedError) {
        rateLimitedInARow += 1;
        if (rateLimitedInARow >= MAX_RATE_LIMITED_IN_A_ROW) stoppedBy ??= { error };
        // The site asked every client to slow down, not just this URL: pause all requests.
        nextStartAt = Math.max(nextStartAt, Date.now() + Math.min(error.retryAfterMs ?? RATE_LIMIT_PAUSE_MS, MAX_RATE_LIMIT_PAUSE_MS));
      }
      if (error instanceof NotHtmlError) state.skip(entry.url, 'not-html', error.message, error.status);
      else if (error instanceof CrawlerError) state.fail(entry.url, error);
      else state.fail(entry.url, new CrawlerError('UNREACHABLE', error instanceof Error ? error.message : String(error), entry.url));
      return null;
    }
  };

  /** Analyses the page, then counts it (unless it is an error page) and queues its event. */
  const deliver = async (entry: QueueEntry, page: PageInput): Promise<void> => {
    if (state.full()) return;
    const analysis = options.analysePage ? await options.analysePage(page, site) : (undefined as A);
    if (signal.aborted) return;
    const errorPage = httpErrorReason(page.status) !== null || (options.isErrorPage?.(analysis) ?? false);
    state.addPage(entry, page, analysis, errorPage);
  };

  /** One URL from request to event; it holds its slot (inFlight) until its page is counted. */
  const run = async (entry: QueueEntry, fetched?: FetchResult) => {
    state.inFlight += 1;
    try {
      // The start page comes fetched: it is handled at once, so its links are queued before the sitemap's.
      const page = fetched ? state.handle(entry, fetched) : await fetchPage(entry);
      if (page) await deliver(entry, page);
    } catch (error) {
      if (!signal.aborted) stoppedBy ??= { error };
    } finally {
      state.inFlight -= 1;
      notify();
    }
  };

  state.seen.add(normalizeUrl(start));
  state.requests = 1;
  void run({ url: normalizeUrl(start), depth: 0 }, first);
  if (options.useSitemap !== false) {
    for (const url of site.sitemap?.pageUrls ?? []) state.enqueue(url, 1);
  }

  try {
    for (;;) {
      if (signal.aborted) throw new AbortedError(start.href);
      if (stoppedBy) throw stoppedBy.error;
      // Pages waiting for the caller hold their slots too: a slow caller slows the crawl down
      // rather than letting fetched pages pile up in memory.
      while (state.canStart() && state.inFlight + state.pagesWaiting < concurrency) {
        const now = Date.now();
        if (now < nextStartAt) {
          delayTimer ??= setTimeout(() => {
            delayTimer = undefined;
            notify();
          }, nextStartAt - now);
          break;
        }
        const entry = state.dequeue();
        state.requests += 1;
        nextStartAt = now + crawlDelayMs;
        void run(entry);
      }
      const event = state.nextEvent();
      if (event) {
        event.progress = state.progress();
        yield report(event);
        continue;
      }
      if (state.inFlight === 0 && !state.canStart()) return;
      await woken;
      woken = new Promise<void>((resolve) => (wake = resolve));
    }
  } finally {
    clearTimeout(delayTimer);
    signal.removeEventListener('abort', notify);
  }
}

/** The crawl's bookkeeping: URL set, FIFO queue (breadth first) and pending events. */
class CrawlState<A> {
  readonly seen = new Set<string>();
  private readonly events: CrawlEvent<A>[] = [];
  inFlight = 0;
  requests = 0;
  /** Page events not yet taken by the caller. */
  pagesWaiting = 0;
  private queue: QueueEntry[] = [];
  private head = 0;
  private done = 0;
  private failed = 0;
  private skipped = 0;

  constructor(
    private readonly origin: string,
    private readonly robots: FetchedRobots,
    private readonly maxPages: number,
    private readonly maxRequests: number,
  ) {}

  progress(): CrawlProgress {
    return {
      done: this.done,
      queued: this.queue.length - this.head,
      inFlight: this.inFlight,
      failed: this.failed,
      skipped: this.skipped,
      maxPages: this.maxPages,
    };
  }

  canStart(): boolean {
    return this.head < this.queue.length && this.done + this.inFlight < this.maxPages && this.requests < this.maxRequests;
  }

  /** The page limit is reached: nothing more is analysed or yielded. */
  full(): boolean {
    return this.done >= this.maxPages;
  }

  nextEvent(): CrawlEvent<A> | undefined {
    const event = this.events.shift();
    if (event?.type === 'page') this.pagesWaiting -= 1;
    return event;
  }

  dequeue(): QueueEntry {
    const entry = this.queue[this.head];
    this.head += 1;
    // Drop the consumed prefix now and then so the array does not keep every URL ever queued.
    if (this.head > 1024 && this.head * 2 > this.queue.length) {
      this.queue = this.queue.slice(this.head);
      this.head = 0;
    }
    return entry;
  }

  /** Queues a same-origin URL not seen before; `front` keeps breadth-first order for canonicals. */
  enqueue(url: string, depth: number, front = false): void {
    if (this.seen.has(url) || !this.sameOrigin(url)) return;
    // URLs beyond what the request budget can ever reach are not worth remembering.
    if (this.requests + (this.queue.length - this.head) >= this.maxRequests) return;
    this.seen.add(url);
    if (!this.robots.robots.isAllowed(CITABLE_BOT_TOKEN, url)) {
      this.skip(url, 'robots', `robots.txt does not allow ${CITABLE_BOT_TOKEN} to read it`);
      return;
    }
    const entry = { url, depth };
    if (front && this.head > 0) {
      this.head -= 1;
      this.queue[this.head] = entry;
    } else if (front) {
      this.queue.unshift(entry);
    } else {
      this.queue.push(entry);
    }
  }

  /** Queues the links of a fetched HTML response; returns it as a page, or null when it is a duplicate, off-site or disallowed. */
  handle(entry: QueueEntry, response: FetchResult): PageInput | null {
    const finalUrl = normalizeUrl(response.url);
    if (finalUrl !== entry.url) {
      if (!this.sameOrigin(finalUrl)) {
        this.skip(entry.url, 'off-site', `redirects to ${finalUrl}, outside ${this.origin}`);
        return null;
      }
      if (this.seen.has(finalUrl)) {
        this.skip(entry.url, 'duplicate', `redirects to ${finalUrl}, already crawled`);
        return null;
      }
      this.seen.add(finalUrl);
      if (!this.robots.robots.isAllowed(CITABLE_BOT_TOKEN, finalUrl)) {
        this.skip(entry.url, 'robots', `redirects to ${finalUrl}, which robots.txt does not allow`);
        return null;
      }
    }
    const { links, canonical, nofollow } = extractPageLinks(response.body, response.url);
    if (!nofollow) {
      for (const link of links) this.enqueue(link, entry.depth + 1);
    }
    if (canonical !== null && canonical !== finalUrl && this.sameOrigin(canonical)) {
      const known = this.seen.has(canonical);
      this.enqueue(canonical, entry.depth, true);
      this.skip(finalUrl, 'duplicate', known ? `a duplicate of ${canonical} (rel=canonical)` : `canonical URL is ${canonical}`);
      return null;
    }
    return toPageInput(response);
  }

  /** Queues a page's event; an error page is yielded, so the caller can list it, but takes no room under the page limit. */
  addPage(entry: QueueEntry, page: PageInput, analysis: A, errorPage: boolean): void {
    if (this.full()) return;
    if (!errorPage) this.done += 1;
    this.pagesWaiting += 1;
    this.events.push({ type: 'page', page, depth: entry.depth, analysis, progress: this.progress() });
  }

  redirect(entry: QueueEntry, location: string): void {
    const target = resolveHttpUrl(location, entry.url);
    if (target === null || !this.sameOrigin(target)) return this.skip(entry.url, 'off-site', `redirects to ${target ?? location}, outside ${this.origin}`);
    if (this.seen.has(target)) return this.skip(entry.url, 'duplicate', `redirects to ${target}, already crawled`);
    this.enqueue(target, entry.depth, true);
    this.skip(entry.url, 'redirect', `redirects to ${target}`);
  }

  skip(url: string, reason: SkipReason, detail: string, status?: number): void {
    this.skipped += 1;
    this.events.push({ type: 'skipped', url, reason, detail, ...(status === undefined ? {} : { status }), progress: this.progress() });
  }

  fail(url: string, error: CrawlerError): void {
    this.failed += 1;
    this.events.push({ type: 'error', url, error, progress: this.progress() });
  }

  private sameOrigin(url: string): boolean {
    return url.startsWith(this.origin) && (url.length === this.origin.length || url[this.origin.length] === '/');
  }
}
