import type { SiteContext, TextResource } from '@citable/contract';
import { aiCrawlerAccess, probeAiCrawlers, type ProbeOptions, type UaProbe } from './ai-crawler-probe';
import { RobotsDisallowedError } from './errors';
import type { FetchedRobots } from './robots';
import type { SafeFetcher } from './safe-fetch';
import { fetchSitemap, type SitemapOptions } from './sitemap';
import { fetchTextResource } from './text-resource';
import { CITABLE_BOT_TOKEN } from './user-agent';

export interface SiteContextOptions {
  /** Probe the page with AI crawler User-Agents (`false` to skip). Default true. */
  probe?: boolean | ProbeOptions;
  /** Sitemap limits, or `false` to skip reading sitemaps. */
  sitemap?: SitemapOptions | false;
  signal?: AbortSignal;
}

/**
 * Everything around the audited page that site-level checks need, fetched concurrently:
 * llms.txt, llms-full.txt, the sitemap, and each AI crawler's access to `pageUrl`.
 */
export async function fetchSiteContext(
  pageUrl: string,
  fetched: FetchedRobots,
  fetcher: SafeFetcher,
  options: SiteContextOptions = {},
): Promise<SiteContext> {
  const origin = new URL(pageUrl).origin;
  const { signal } = options;
  const probeOptions = options.probe === false ? null : { signal, ...(options.probe === true || options.probe === undefined ? {} : options.probe) };
  const readText = (url: string): Promise<TextResource> =>
    fetched.robots.isAllowed(CITABLE_BOT_TOKEN, url)
      ? fetchTextResource(url, fetcher, signal)
      : Promise.resolve({ url, status: null, body: null, error: `robots.txt does not allow ${CITABLE_BOT_TOKEN} to read it` });
  const [llmsTxt, llmsFullTxt, sitemap, probes] = await Promise.all([
    readText(`${origin}/llms.txt`),
    readText(`${origin}/llms-full.txt`),
    options.sitemap === false ? Promise.resolve(null) : fetchSitemap(origin, fetched.robots, fetcher, { signal, ...options.sitemap }),
    probeOptions ? probeAiCrawlers(pageUrl, fetcher, probeOptions) : Promise.resolve(new Map<string, UaProbe>()),
  ]);
  return {
    origin,
    robotsTxt: fetched.resource,
    llmsTxt,
    llmsFullTxt,
    sitemap,
    aiCrawlers: aiCrawlerAccess(fetched.robots, pageUrl, probes),
  };
}

/**
 * Refuses a URL robots.txt keeps CitableBot from. When robots.txt was unreachable because the
 * host itself is (refused address, unknown domain, connection refused), that error is clearer
 * than "disallowed", so it is thrown instead.
 */
export function assertRobotsAllow(fetched: FetchedRobots, url: string): void {
  if (fetched.robots.isAllowed(CITABLE_BOT_TOKEN, url)) return;
  const failure = fetched.failure;
  if (failure && HOST_FAILURES.has(failure.code)) throw failure;
  const reason = fetched.robots.source === 'unreachable' ? (failure?.message ?? `HTTP ${fetched.resource.status}`) : undefined;
  throw new RobotsDisallowedError(url, CITABLE_BOT_TOKEN, reason);
}

const HOST_FAILURES = new Set(['BLOCKED_ADDRESS', 'DNS_FAILURE', 'UNREACHABLE', 'TLS_ERROR', 'INVALID_URL', 'UNSUPPORTED_PROTOCOL', 'CREDENTIALS_IN_URL']);
