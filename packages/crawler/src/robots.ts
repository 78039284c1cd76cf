import type { TextResource } from '@citable/contract';
import { CrawlerError, RateLimitedError, TooManyRedirectsError } from './errors';
import type { SafeFetcher } from './safe-fetch';

/**
 * robots.txt as RFC 9309 defines it: the groups naming a crawler's product token apply (all of
 * them, merged), else the `*` groups; within them the rule with the longest matching pattern wins
 * and `allow` wins a tie; `*` matches any run of characters and a final `$` anchors the end.
 * Paths and patterns are compared after the same percent-encoding normalisation, so `/%7Efoo`
 * and `/~foo` are one path and `ツ` matches `%E3%83%84`. Crawl-delay and Sitemap lines, which
 * the RFC leaves to crawlers, are read as the major search engines read them.
 */

interface Rule {
  allow: boolean;
  /** Normalised pattern: `*` wildcard, optional final `$`, everything else literal. */
  pattern: string;
}

interface Group {
  agents: string[];
  rules: Rule[];
  crawlDelaySeconds: number | null;
}

/** How the rules were obtained: a parsed file, or the RFC's default for a missing or unreachable one. */
export type RobotsSource = 'file' | 'unavailable' | 'unreachable';

// RFC 9309 asks crawlers to parse at least 500 KiB; anything after that is ignored.
export const ROBOTS_MAX_BYTES = 500 * 1024;

export class RobotsTxt {
  /** Absolute or relative URLs from Sitemap lines, in file order. */
  readonly sitemaps: readonly string[];
  readonly source: RobotsSource;
  private readonly groups: readonly Group[];
  private readonly everything: boolean | null;

  private constructor(groups: Group[], sitemaps: string[], source: RobotsSource, everything: boolean | null) {
    this.groups = groups;
    this.sitemaps = sitemaps;
    this.source = source;
    this.everything = everything;
  }

  /** Parses robots.txt text. Never throws: unknown and malformed lines are skipped. */
  static parse(text: string): RobotsTxt {
    const groups: Group[] = [];
    const sitemaps: string[] = [];
    let current: Group | null = null;
    let collectingAgents = false;
    for (const rawLine of text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/)) {
      const line = rawLine.replace(/#.*$/, '').trim();
      const colon = line.indexOf(':');
      if (colon <= 0) continue;
      const key = line.slice(0, colon).trim().toLowerCase().replace(/[\s_]+/g, '-');
      const value = line.slice(colon + 1).trim();
      const field = FIELD_ALIASES[key];
      if (field === 'sitemap') {
        if (value !== '') sitemaps.push(value);
        continue;
      }
      if (field === 'user-agent') {
        if (!collectingAgents || current === null) {
          current = { agents: [], rules: [], crawlDelaySeconds: null };
          groups.push(current);
          collectingAgents = true;
        }
        const agent = productToken(value);
        if (agent !== '') current.agents.push(agent);
        continue;
      }
      if (field === undefined || current === null) continue;
      collectingAgents = false;
      if (field === 'crawl-delay') {
        const seconds = Number.parseFloat(value);
        if (Number.isFinite(seconds) && seconds >= 0) current.crawlDelaySeconds = seconds;
        continue;
      }
      if (value === '') continue;
      current.rules.push({ allow: field === 'allow', pattern: normalisePattern(value) });
    }
    return new RobotsTxt(groups, sitemaps, 'file', null);
  }

  /** No robots.txt (4xx): everything may be crawled. */
  static allowAll(): RobotsTxt {
    return new RobotsTxt([], [], 'unavailable', true);
  }

  /** robots.txt could not be read (5xx, timeout, network): nothing may be crawled. */
  static disallowAll(): RobotsTxt {
    return new RobotsTxt([], [], 'unreachable', false);
  }

  /** Whether the crawler with this product token may fetch the URL. */
  isAllowed(token: string, url: string | URL): boolean {
    const target = typeof url === 'string' ? new URL(url) : url;
    const path = normalisePath(target.pathname + target.search);
    // The RFC makes /robots.txt itself always crawlable.
    if (target.pathname === '/robots.txt') return true;
    if (this.everything !== null) return this.everything;
    let best: Rule | null = null;
    for (const rule of this.rulesFor(token)) {
      if (!matches(path, rule.pattern)) continue;
      if (
        best === null ||
        rule.pattern.length > best.pattern.length ||
        (rule.pattern.length === best.pattern.length && rule.allow && !best.allow)
      ) {
        best = rule;
      }
    }
    return best === null || best.allow;
  }

  /** The Crawl-delay for this token in milliseconds, null when none applies. */
  crawlDelayMs(token: string): number | null {
    let delay: number | null = null;
    for (const group of this.groupsFor(token)) {
      if (group.crawlDelaySeconds !== null) delay = Math.max(delay ?? 0, group.crawlDelaySeconds * 1000);
    }
    return delay;
  }

  private groupsFor(token: string): Group[] {
    const wanted = token.toLowerCase();
    const specific = this.groups.filter((group) => group.agents.includes(wanted));
    return specific.length > 0 ? specific : this.groups.filter((group) => group.agents.includes('*'));
  }

  private rulesFor(token: string): Rule[] {
    return this.groupsFor(token).flatMap((group) => group.rules);
  }
}

const FIELD_ALIASES: Record<string, 'user-agent' | 'allow' | 'disallow' | 'sitemap' | 'crawl-delay'> = {
  'user-agent': 'user-agent',
  useragent: 'user-agent',
  allow: 'allow',
  disallow: 'disallow',
  dissallow: 'disallow',
  disalow: 'disallow',
  sitemap: 'sitemap',
  'site-map': 'sitemap',
  'crawl-delay': 'crawl-delay',
};

/** "Googlebot/2.1 (+http://...)" names the product token "googlebot". */
function productToken(value: string): string {
  if (value.startsWith('*')) return '*';
  const match = /^[A-Za-z_-]+/.exec(value);
  return match ? match[0].toLowerCase() : '';
}

const UNRESERVED = /[A-Za-z0-9\-._~]/;

/**
 * One canonical form for paths and patterns: unreserved characters decoded, other escapes in
 * upper case, non-ASCII and unsafe characters escaped. `*` and `$` in a URL are escaped so that
 * only a pattern's escaped `%2A`/`%24` (or a wildcard) can match them.
 */
function canonicalise(text: string, keep: (char: string, index: number) => boolean): string {
  let out = '';
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i];
    if (char === '%' && /^[0-9A-Fa-f]{2}$/.test(text.slice(i + 1, i + 3))) {
      const decoded = String.fromCharCode(Number.parseInt(text.slice(i + 1, i + 3), 16));
      out += UNRESERVED.test(decoded) ? decoded : `%${text.slice(i + 1, i + 3).toUpperCase()}`;
      i += 2;
    } else if (keep(char, i)) {
      out += char;
    } else {
      const codePoint = text.codePointAt(i) ?? 0;
      const whole = String.fromCodePoint(codePoint);
      out += Array.from(Buffer.from(whole, 'utf8'), (byte) => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`).join('');
      i += whole.length - 1;
    }
  }
  return out;
}

const PATH_SAFE = /[A-Za-z0-9\-._~!&'()+,;=:@/?]/;

function normalisePath(path: string): string {
  return canonicalise(path, (char) => PATH_SAFE.test(char));
}

function normalisePattern(value: string): string {
  const anchored = value.endsWith('$');
  const body = anchored ? value.slice(0, -1) : value;
  const withSlash = body.startsWith('/') || body.startsWith('*') ? body : `/${body}`;
  return canonicalise(withSlash, (char) => char === '*' || PATH_SAFE.test(char)) + (anchored ? '$' : '');
}

/** Pattern match without regular expressions, so a hostile pattern cannot backtrack for ever. */
function matches(path: string, pattern: string): boolean {
  let positions = [0];
  for (let p = 0; p < pattern.length; p += 1) {
    const char = pattern[p];
    if (char === '$' && p === pattern.length - 1) return positions.includes(path.length);
    if (char === '*') {
      const from = positions[0];
      positions = [];
      for (let i = from; i <= path.length; i += 1) positions.push(i);
      continue;
    }
    const next: number[] = [];
    for (const position of positions) {
      if (position < path.length && path[position] === char) next.push(position + 1);
    }
    if (next.length === 0) return false;
    positions = next;
  }
  return true;
}

export interface FetchedRobots {
  resource: TextResource;
  robots: RobotsTxt;
  /** Why robots.txt could not be read, when a network error decided the rules. */
  failure?: CrawlerError;
}

/**
 * Reads `<origin>/robots.txt` and applies RFC 9309's error handling: 4xx means no rules (allow
 * all), 5xx, timeouts and network failures mean disallow all. A 429 is treated like a 5xx, as
 * the major crawlers do: a site that is shedding load has not said "no robots.txt".
 */
export async function fetchRobotsTxt(origin: string, fetcher: SafeFetcher, signal?: AbortSignal): Promise<FetchedRobots> {
  const url = new URL('/robots.txt', origin).href;
  try {
    const response = await fetcher.fetch(url, { accept: 'text/plain, */*;q=0.5', maxBodyBytes: ROBOTS_MAX_BYTES, truncate: true, signal });
    const { status } = response;
    if (status >= 200 && status < 300) {
      return { resource: { url, status, body: response.body }, robots: RobotsTxt.parse(response.body) };
    }
    if (status === 429 || status >= 500) return { resource: { url, status, body: null }, robots: RobotsTxt.disallowAll() };
    return { resource: { url, status, body: null }, robots: RobotsTxt.allowAll() };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    // The RFC lets crawlers treat a robots.txt behind more than five redirects as missing.
    if (!(error instanceof CrawlerError) || error.code === 'ABORTED') throw error;
    if (error instanceof TooManyRedirectsError) {
      return { resource: { url, status: null, body: null, error: message }, robots: RobotsTxt.allowAll(), failure: error };
    }
    const status = error instanceof RateLimitedError ? error.status : null;
    return { resource: { url, status, body: null, error: message }, robots: RobotsTxt.disallowAll(), failure: error };
  }
}
