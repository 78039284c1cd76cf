import type { SitemapInfo } from '@citable/contract';
import { CrawlerError } from './errors';
import { resolveHttpUrl } from './normalize-url';
import type { RobotsTxt } from './robots';
import type { SafeFetcher } from './safe-fetch';
import { CITABLE_BOT_TOKEN } from './user-agent';

/**
 * Sitemaps as search engines read them: the Sitemap lines of robots.txt, else /sitemap.xml;
 * an index is followed one level deep; XML (urlset or sitemapindex, gzipped or not) and plain
 * text lists are accepted. Parsing is a tolerant scan for <loc> rather than a full XML parse,
 * because real sitemaps are often not well-formed and a broken tail should not lose the rest.
 */

export interface SitemapOptions {
  /** Page URLs kept, across all sitemaps. Default 50 000 (the protocol's per-file maximum). */
  maxUrls?: number;
  /** Sitemap files fetched in all, index children included. Default 50. */
  maxSitemaps?: number;
  /** Per sitemap file, decompressed. Default 10 MB; a longer file is read up to the cap. */
  maxBytes?: number;
  signal?: AbortSignal;
}

export interface ParsedSitemap {
  kind: 'urlset' | 'index' | 'text' | 'unknown';
  /** Page URLs for a urlset or text list; sitemap URLs for an index. */
  locs: string[];
}

const DEFAULT_MAX_URLS = 50_000;
const DEFAULT_MAX_SITEMAPS = 50;
const DEFAULT_MAX_BYTES = 10 * 1024 * 1024;
const CHILD_CONCURRENCY = 4;

/** Extracts the <loc> entries of a sitemap or sitemap index, or the URLs of a text sitemap. */
export function parseSitemap(text: string): ParsedSitemap {
  const start = text.replace(/^\uFEFF/, '').trimStart();
  if (!start.startsWith('<')) {
    const locs = start.split(/\r?\n/).map((line) => line.trim()).filter((line) => /^https?:\/\//i.test(line));
    return { kind: locs.length > 0 ? 'text' : 'unknown', locs };
  }
  const head = start.slice(0, 4096);
  const kind = /<sitemapindex[\s>]/i.test(head) ? 'index' : /<urlset[\s>]/i.test(head) ? 'urlset' : 'unknown';
  if (kind === 'unknown') return { kind, locs: [] };
  // Unprefixed <loc> only: <image:loc> and <video:loc> name media, not pages.
  const locs: string[] = [];
  for (const match of start.matchAll(/<loc\b[^>]*>([\s\S]*?)<\/loc\s*>/gi)) {
    const value = decodeXmlText(match[1]);
    if (value !== '') locs.push(value);
  }
  return { kind, locs };
}

function decodeXmlText(raw: string): string {
  return raw
    .replace(/^\s*<!\[CDATA\[([\s\S]*?)\]\]>\s*$/, '$1')
    .replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (_, entity: string) => {
      const lower = entity.toLowerCase();
      if (lower.startsWith('#x')) return safeCodePoint(Number.parseInt(lower.slice(2), 16));
      if (lower.startsWith('#')) return safeCodePoint(Number.parseInt(lower.slice(1), 10));
      return { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" }[lower] ?? '';
    })
    .trim();
}

function safeCodePoint(value: number): string {
  return value > 0 && value <= 0x10ffff ? String.fromCodePoint(value) : '';
}

/**
 * Finds and reads the site's sitemaps. Never throws for a missing or broken sitemap: what went
 * wrong is listed in `errors`.
 */
export async function fetchSitemap(
  origin: string,
  robots: RobotsTxt,
  fetcher: SafeFetcher,
  options: SitemapOptions = {},
): Promise<SitemapInfo> {
  const maxUrls = options.maxUrls ?? DEFAULT_MAX_URLS;
  const maxSitemaps = options.maxSitemaps ?? DEFAULT_MAX_SITEMAPS;
  const info: SitemapInfo = { urls: [], foundAt: null, pageUrls: [], errors: [] };
  const pageUrls = new Set<string>();
  let fetched = 0;
  let capped = false;

  const addPages = (locs: string[], base: string) => {
    for (const loc of locs) {
      if (pageUrls.size >= maxUrls) {
        capped = true;
        return;
      }
      const url = resolveHttpUrl(loc, base);
      if (url !== null) pageUrls.add(url);
    }
  };

  const read = async (url: string, listedInRobots = false): Promise<ParsedSitemap | null> => {
    fetched += 1;
    info.urls.push(url);
    // A sitemap robots.txt names is offered explicitly; any other file is subject to its rules.
    if (!listedInRobots && !robots.isAllowed(CITABLE_BOT_TOKEN, url)) {
      info.errors.push(`${url}: robots.txt does not allow ${CITABLE_BOT_TOKEN} to read it`);
      return null;
    }
    try {
      const response = await fetcher.fetch(url, {
        accept: 'application/xml, text/xml, text/plain;q=0.8, */*;q=0.5',
        maxBodyBytes: options.maxBytes ?? DEFAULT_MAX_BYTES,
        truncate: true,
        gunzipBody: true,
        signal: options.signal,
      });
      if (response.status < 200 || response.status >= 300) {
        info.errors.push(`${url}: HTTP ${response.status}`);
        return null;
      }
      if (response.truncated) info.errors.push(`${url}: larger than the size limit, read in part`);
      const parsed = parseSitemap(response.body);
      if (parsed.kind === 'unknown') {
        info.errors.push(`${url}: not a sitemap (no <urlset> or <sitemapindex>)`);
        return null;
      }
      info.foundAt ??= url;
      return { kind: parsed.kind, locs: parsed.locs };
    } catch (error) {
      if (error instanceof CrawlerError && error.code === 'ABORTED') throw error;
      info.errors.push(`${url}: ${error instanceof Error ? error.message : String(error)}`);
      return null;
    }
  };

  const listed = unique(robots.sitemaps.map((entry) => resolveHttpUrl(entry, origin)).filter((url): url is string => url !== null));
  const fallback = new URL('/sitemap.xml', origin).href;
  const fallbackOnly = !listed.includes(fallback);
  const candidates = fallbackOnly ? [...listed, fallback] : listed;

  for (const candidate of candidates) {
    // /sitemap.xml is only a fallback, for when robots.txt names no sitemap that answers.
    if (candidate === fallback && fallbackOnly && info.foundAt !== null) break;
    if (fetched >= maxSitemaps || capped) break;
    const parsed = await read(candidate, listed.includes(candidate));
    if (parsed === null) continue;
    if (parsed.kind !== 'index') {
      addPages(parsed.locs, candidate);
      continue;
    }
    const children = unique(parsed.locs.map((loc) => resolveHttpUrl(loc, candidate)).filter((url): url is string => url !== null));
    const room = Math.max(0, maxSitemaps - fetched);
    if (children.length > room) info.errors.push(`${candidate}: only the first ${room} of ${children.length} sitemaps were read`);
    await forEachLimited(children.slice(0, room), CHILD_CONCURRENCY, async (child) => {
      if (capped) return;
      const childParsed = await read(child);
      if (childParsed === null) return;
      if (childParsed.kind === 'index') info.errors.push(`${child}: nested sitemap index ignored (indexes are read one level deep)`);
      else addPages(childParsed.locs, child);
    });
  }
  if (capped) info.errors.push(`More than ${maxUrls} page URLs: only the first ${maxUrls} were kept`);
  info.pageUrls = [...pageUrls];
  return info;
}

function unique(values: string[]): string[] {
  return [...new Set(values)];
}

async function forEachLimited<T>(items: T[], limit: number, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next];
      next += 1;
      await task(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}
