/**
 * @citable/crawler: everything that touches the network to read a site, producing the engine's
 * inputs (SiteSnapshot). Start with `snapshotPage` (one page and its site context) or
 * `crawlSite` (a streamed, polite crawl); both use `SafeFetcher`, which only reaches public
 * addresses unless `FETCH_ALLOW_HOSTS` / `allowHosts` says otherwise.
 */
export * from './errors';
export { AllowList, classifyAddress, ipLiteral, type AddressVerdict } from './address-policy';
export { charsetFromContentType, charsetFromDocument, decodeBody, resolveCharset, type DecodedText } from './charset';
export { checkUrl, normalizeUrl, parseAuditUrl, resolveHttpUrl } from './normalize-url';
export {
  SafeFetcher,
  createSafeFetcher,
  safeFetch,
  parseRetryAfter,
  mediaTypeOf,
  DEFAULT_MAX_BODY_BYTES,
  DEFAULT_MAX_REDIRECTS,
  DEFAULT_MAX_RETRY_AFTER_MS,
  DEFAULT_TIMEOUT_MS,
  type FetchOptions,
  type FetchResult,
  type LookupFunction,
  type ResolvedAddress,
  type SafeFetcherOptions,
} from './safe-fetch';
export { RobotsTxt, fetchRobotsTxt, ROBOTS_MAX_BYTES, type FetchedRobots, type RobotsSource } from './robots';
export { fetchSitemap, parseSitemap, type ParsedSitemap, type SitemapOptions } from './sitemap';
export { fetchTextResource, TEXT_RESOURCE_MAX_BYTES } from './text-resource';
export { aiCrawlerAccess, probeAiCrawlers, visibleText, DEFAULT_PROBE_TOKENS, type ProbeOptions, type UaProbe } from './ai-crawler-probe';
export { extractPageLinks, type PageLinks } from './page-links';
export { assertRobotsAllow, fetchSiteContext, type SiteContextOptions } from './site-context';
export { snapshotPage, toPageInput, type SnapshotPageOptions } from './snapshot-page';
export { crawlSite, type CrawlEvent, type CrawlOptions, type CrawlProgress, type SkipReason } from './crawl-site';
export { BROWSER_USER_AGENT, CITABLE_BOT_TOKEN, CITABLE_BOT_USER_AGENT, CITABLE_BOT_VERSION } from './user-agent';
export { CrawlScope, crawlStep, openCrawl, type CrawlStep, type OpenCrawlOptions, type OpenedCrawl } from './crawl-step';
