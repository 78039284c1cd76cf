import { CliError } from '../cli-error';
import { parseSitemap, resolveHttpUrl, type SafeFetcher } from '@citable/crawler';

/** A sitemap file read at most, decompressed (the crawler's own cap). */
const MAX_SITEMAP_BYTES = 10 * 1024 * 1024;
/** Child sitemaps of an index read at most. */
const MAX_CHILD_SITEMAPS = 50;

export interface SitemapPages {
  urls: string[];
  /** What was left out or could not be read, one line each, for stderr. */
  notes: string[];
}

/**
 * The page URLs of `--sitemap URL`, through the crawler's safe fetcher (private addresses refused
 * unless FETCH_ALLOW_HOSTS lists them): a urlset, a text list, or an index whose sitemaps are
 * read one level deep. The first `maxUrls` pages are kept. The sitemap itself failing is an
 * error; a child sitemap failing is a note.
 */
export async function sitemapPages(url: string, maxUrls: number, fetcher: SafeFetcher): Promise<SitemapPages> {
  const notes: string[] = [];
  const urls = new Set<string>();
  let more = false;
  const add = (locs: string[], base: string) => {
    for (const loc of locs) {
      const page = resolveHttpUrl(loc, base);
      if (page === null || urls.has(page)) continue;
      if (urls.size >= maxUrls) {
        more = true;
        return;
      }
      urls.add(page);
    }
  };

  const top = await readSitemap(url, fetcher);
  if (typeof top === 'string') throw new CliError(`--sitemap ${top}`);
  if (top.kind !== 'index') add(top.locs, top.url);
  else {
    const children = [...new Set(top.locs.map((loc) => resolveHttpUrl(loc, top.url)).filter((child): child is string => child !== null))];
    if (children.length > MAX_CHILD_SITEMAPS) notes.push(`${url}: only the first ${MAX_CHILD_SITEMAPS} of ${children.length} sitemaps were read`);
    for (const child of children.slice(0, MAX_CHILD_SITEMAPS)) {
      if (more) break;
      let parsed;
      try {
        parsed = await readSitemap(child, fetcher);
      } catch (error) {
        notes.push(`${child}: ${error instanceof Error ? error.message : String(error)}`);
        continue;
      }
      if (typeof parsed === 'string') notes.push(parsed);
      else if (parsed.kind === 'index') notes.push(`${child}: nested sitemap index ignored (indexes are read one level deep)`);
      else add(parsed.locs, parsed.url);
    }
  }
  if (more) notes.push(`${url} lists more than ${maxUrls} pages: the first ${maxUrls} are audited (--max-urls)`);
  if (urls.size === 0) throw new CliError(`--sitemap ${url} lists no page`);
  return { urls: [...urls], notes };
}

/** A sitemap's kind and locs, or why it could not be read. */
async function readSitemap(url: string, fetcher: SafeFetcher): Promise<{ url: string; kind: string; locs: string[] } | string> {
  const response = await fetcher.fetch(url, { accept: 'application/xml, text/xml, text/plain;q=0.8, */*;q=0.5', maxBodyBytes: MAX_SITEMAP_BYTES, gunzipBody: true });
  if (response.status < 200 || response.status >= 300) return `${url} answered HTTP ${response.status}`;
  const parsed = parseSitemap(response.body);
  if (parsed.kind === 'unknown') return `${url} is not a sitemap (no <urlset>, <sitemapindex> or list of URLs)`;
  return { url: response.url, kind: parsed.kind, locs: parsed.locs };
}
