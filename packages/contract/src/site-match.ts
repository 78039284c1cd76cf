/**
 * Which of the profile's sites an audited address belongs to (issue 19), one rule for the server's
 * reads and the dashboard:
 *
 * 1. A site is its origin plus the path it was entered with ("https://market.example/acme" is the
 *    origin https://market.example and the path /acme; a bare origin has the empty path).
 * 2. An address belongs to the sites whose origin it shares and whose path it lies within: the
 *    path itself or anything below it ("/acme", "/acme/", "/acme/shop?x=1", never "/acme-two").
 *    Of those, the longest path wins; on a tie (the same address listed as a website and as a
 *    competitor) the website wins.
 * 3. Only when no path matches does the host decide: an address on a site's origin outside every
 *    listed path belongs to the first website on that origin, else the first competitor on it.
 * 4. Anything else belongs to no site.
 *
 * So a competitor on the same host as the user's site, listed with its own path, keeps its audits,
 * its name and its role; an exact or prefix match always beats a match by host alone.
 */

export type SiteRole = 'website' | 'competitor';

export interface SiteAddress {
  /** scheme://host[:port], as URL.origin gives it. */
  origin: string;
  /** The pathname without trailing slashes: '' for the site's root. */
  path: string;
}

/** The origin and path of an http(s) address; null for anything else. */
export function siteAddress(url: string | null | undefined): SiteAddress | null {
  if (!url || !URL.canParse(url)) return null;
  const parsed = new URL(url);
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
  return { origin: parsed.origin, path: parsed.pathname.replace(/\/+$/, '') };
}

/**
 * The address two audits must share to be compared (like with like): origin, path without a
 * trailing slash, and query; the fragment never counts. Null for pasted content.
 */
export function addressKey(url: string | null | undefined): string | null {
  const address = siteAddress(url);
  if (!address) return null;
  return `${address.origin}${address.path}${new URL(url!).search}`;
}

/** An audit as far as comparing goes: its kind (page, site, content) and the address it read. */
export interface ComparableAudit {
  kind: string;
  url: string | null | undefined;
}

/**
 * Whether two audits may share a trend line or a change figure (like with like): the same kind
 * of audit of the same address. A page audit is never compared with a site audit, nor two pages.
 */
export function comparableAudits(a: ComparableAudit, b: ComparableAudit): boolean {
  return a.kind === b.kind && addressKey(a.url) === addressKey(b.url);
}

/** Whether `path` is `base` or lies below it. */
export function pathWithin(path: string, base: string): boolean {
  return base === '' || path === base || path.startsWith(`${base}/`);
}

export interface MatchableSite {
  url: string;
  role: SiteRole;
}

/** The site an address belongs to under the rule above, or null. `sites` is in profile order, websites first. */
export function resolveSite<T extends MatchableSite>(sites: readonly T[], url: string | null | undefined): T | null {
  const address = siteAddress(url);
  if (!address) return null;
  let best: { site: T; path: string } | null = null;
  let byHost: T | null = null;
  for (const site of sites) {
    const own = siteAddress(site.url);
    if (!own || own.origin !== address.origin) continue;
    if (pathWithin(address.path, own.path)) {
      const better = !best || own.path.length > best.path.length || (own.path.length === best.path.length && best.site.role === 'competitor' && site.role === 'website');
      if (better) best = { site, path: own.path };
    } else if (!byHost || (byHost.role === 'competitor' && site.role === 'website')) {
      byHost = site;
    }
  }
  return best?.site ?? byHost;
}
