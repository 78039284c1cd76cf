/**
 * What the crawler hands to the engine. The engine never touches the network: everything it
 * knows about a site arrives in a SiteSnapshot. Pasted content has `site: null`, and every check
 * that needs the site (robots.txt, llms.txt, sitemap, headers) is then not applicable.
 */

export type ContentFormat = 'html' | 'markdown' | 'text';

/** One document to audit: a fetched page or pasted content. */
export interface PageInput {
  /** Final URL after redirects; null for pasted content. */
  url: string | null;
  /** HTTP status of the final response; absent for pasted content. */
  status?: number;
  /** Response headers, lower-cased names. */
  headers?: Record<string, string>;
  /** Decoded document text (UTF-8). */
  body: string;
  format: ContentFormat;
  /** Time to fetch the document, in milliseconds. */
  fetchMs?: number;
  /** The chain of URLs that redirected to `url`, first request first. */
  redirects?: string[];
}

/** A small text file read from the site root (robots.txt, llms.txt, llms-full.txt). */
export interface TextResource {
  url: string;
  /** HTTP status, or null when the request failed (timeout, refused, DNS). */
  status: number | null;
  /** Body when the status was 2xx, else null. */
  body: string | null;
  /** Why the request failed, when it did. */
  error?: string;
  /** The response's Content-Type, so a soft 404 (an HTML page served for llms.txt) is caught. */
  contentType?: string;
}

export interface SitemapInfo {
  /** Sitemap URLs that were tried (from robots.txt, then /sitemap.xml). */
  urls: string[];
  /** The sitemap that answered, if any. */
  foundAt: string | null;
  /** Page URLs listed (capped by the crawler). */
  pageUrls: string[];
  errors: string[];
}

export type AiCrawlerPurpose = 'search' | 'user' | 'training';

export interface AiCrawlerDefinition {
  /** The robots.txt product token. */
  token: string;
  operator: string;
  purpose: AiCrawlerPurpose;
  /** A representative User-Agent header the crawler sends. */
  userAgent: string;
}

/** How one AI crawler is treated by the site. */
export interface AiCrawlerAccess {
  token: string;
  purpose: AiCrawlerPurpose;
  /** What robots.txt says for this crawler on the audited URL. */
  robotsAllowed: boolean;
  /** Result of requesting the page with this crawler's User-Agent, when that was tried. */
  uaProbe?: {
    status: number | null;
    /** True when status and content match what a browser's request got. */
    matchesBrowser: boolean;
    note?: string;
  };
}

/** Everything about the site around the page that the site-level checks need. */
export interface SiteContext {
  origin: string;
  robotsTxt: TextResource | null;
  llmsTxt: TextResource | null;
  llmsFullTxt: TextResource | null;
  sitemap: SitemapInfo | null;
  aiCrawlers: AiCrawlerAccess[];
}

export interface SiteSnapshot {
  page: PageInput;
  site: SiteContext | null;
}
