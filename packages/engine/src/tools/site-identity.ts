import { hostOf } from '../model/collect-document';
import { isObject, typesOf } from '../model/json-ld';
import { ruleFor } from '../schema/schema-rules';
import type { JsonLdNode, PageModel } from '../model/types';

/** Official-profile hosts whose links make sameAs (schema.org's "reference Web page that unambiguously indicates the item's identity"). */
const PROFILE_HOST_RE =
  /(?:^|\.)(?:facebook\.com|twitter\.com|x\.com|linkedin\.com|instagram\.com|youtube\.com|github\.com|tiktok\.com|pinterest\.com|wikipedia\.org|wikidata\.org|crunchbase\.com|threads\.net|bsky\.app|mastodon\.social|medium\.com)$/;
/** Share buttons point at these paths of the same hosts; they are not profiles. */
const SHARE_PATH_RE = /\/(?:share|sharer|intent|shareArticle|pin\/create)\b|[?&](?:u|url|text)=/i;

export function originOf(url: string | null): string | null {
  const m = url ? /^(https?:\/\/[^/?#]+)/i.exec(url) : null;
  return m ? m[1].toLowerCase() : null;
}

/** Host without "www.", so example.com and www.example.com are one site. */
export function siteHost(url: string | null): string | null {
  if (!url) return null;
  return hostOf(url) || null;
}

/** True when `host` is `site` or one of its subdomains. */
export function sameSite(host: string, site: string): boolean {
  return host === site || host.endsWith(`.${site}`);
}

export function organizationNodes(model: PageModel): JsonLdNode[] {
  return model.jsonLdNodes.filter((n) => typesOf(n).some((t) => {
    const rule = ruleFor(t);
    return rule !== null && (rule.type === 'Organization' || rule.type === 'LocalBusiness');
  }));
}

/** Title parts that name no site: "Home | Lantern Tea". */
const GENERIC_TITLE_PART_RE = /^(?:home|home\s*page|homepage|index|start|welcome|main page|official (?:site|website))$/i;
const TITLE_SEPARATOR_RE = /\s+[|\-–—·•»:]\s+|\s*[|·•»]\s*/;
/** A site name is a short label; a longer part is a page title or a tagline. */
const NAME_MAX_WORDS = 5;

/** An IP address or a local name: an address, not a name the site goes by. */
export function isAddressHost(host: string): boolean {
  return /^\d{1,3}(?:\.\d{1,3}){3}$/.test(host) || host.includes(':') || host.startsWith('[') || host === 'localhost' || !host.includes('.');
}

export function isHomePage(model: PageModel): boolean {
  return model.url !== null && /^https?:\/\/[^/]+\/?(?:[?#].*)?$/i.test(model.url);
}

function titleParts(title: string | null): string[] {
  return (title ?? '')
    .split(TITLE_SEPARATOR_RE)
    .map((p) => p.trim().replace(/^welcome to\s+/i, ''))
    .filter((p) => p !== '' && !GENERIC_TITLE_PART_RE.test(p));
}

const wordsOf = (text: string) => text.split(/\s+/).filter(Boolean);
const squash = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');

/** Share of a part's words that start with a capital: "Kettle & Leaf" reads as a name, "green tea shop" does not. */
function capitalShare(part: string): number {
  const w = wordsOf(part).filter((x) => /\p{L}/u.test(x));
  return w.length === 0 ? 0 : w.filter((x) => /^\p{Lu}/u.test(x)).length / w.length;
}

/**
 * The site's name in its <title>: the part the other pages' titles share ("… | Lantern Tea"
 * on every page), else the part that spells the host's name, else the most name-like short part
 * (the first on a home page, "Lantern Tea | Green tea"; the last elsewhere, "Brewing | Lantern
 * Tea"), else a home page's whole short title. Null when the title names no site.
 */
function titleSiteName(model: PageModel, pages: readonly PageModel[]): string | null {
  const parts = titleParts(model.title);
  if (parts.length === 0) return null;
  const home = isHomePage(model);
  const otherTitles = pages.filter((p) => p !== model && p.title).map((p) => ` ${squashSpaced(p.title!)} `);
  if (otherTitles.length > 0) {
    let best: { part: string; count: number } | null = null;
    for (const part of parts) {
      if (wordsOf(part).length > NAME_MAX_WORDS) continue;
      const needle = ` ${squashSpaced(part)} `;
      const count = otherTitles.filter((t) => t.includes(needle)).length;
      if (count > 0 && (!best || count > best.count)) best = { part, count };
    }
    if (best) return best.part;
  }
  const short = parts.filter((p) => wordsOf(p).length <= NAME_MAX_WORDS);
  const host = siteHost(model.url);
  const label = host && !isAddressHost(host) ? squash(host.split('.')[0]) : '';
  const matching = label ? short.find((p) => squash(p).includes(label) || (squash(p).length >= 3 && label.includes(squash(p)))) : undefined;
  if (matching) return matching;
  if (parts.length > 1) {
    const ordered = home ? short : [...short].reverse();
    let best: string | null = null;
    for (const part of ordered) if (best === null || capitalShare(part) > capitalShare(best)) best = part;
    return best;
  }
  return home && short.length === 1 ? short[0] : null;
}

/** Lower-cased words joined by single spaces, punctuation dropped, for matching title parts. */
function squashSpaced(text: string): string {
  return text.toLowerCase().replace(/[^\p{L}\p{N}&]+/gu, ' ').trim();
}

/**
 * The name the site goes by, from what the site says about itself: og:site_name, its WebSite
 * or Organization markup, application-name, then its <title> (read against the other crawled
 * `pages` when given), then its host name. An IP address or a local host is never a name: a
 * site known only by its address is "Website at 127.0.0.1", the last resort.
 */
export function siteName(model: PageModel, pages: readonly PageModel[] = []): string {
  const declared = [
    model.meta['og:site_name'],
    ...jsonLdNames(model, 'WebSite'),
    ...organizationNodes(model).map((org) => (typeof org.name === 'string' ? org.name : '')),
    model.meta['application-name'],
  ];
  for (const name of declared) if (name && name.trim()) return name.trim();
  const fromTitle = titleSiteName(model, pages);
  if (fromTitle) return fromTitle;
  const host = siteHost(model.url);
  if (host && !isAddressHost(host)) {
    const label = host.split('.')[0];
    return label.charAt(0).toUpperCase() + label.slice(1);
  }
  if (host) return `Website at ${host}`;
  return model.title?.trim() || 'This site';
}

/**
 * Profile pages: a path that names one account, page or article, never a share dialog
 * (facebook.com/sharer, twitter.com/intent, linkedin.com/shareArticle, pinterest.com/pin/create)
 * or a site section (github.com/features, instagram.com/p/…).
 */
const PROFILE_URL_RES: RegExp[] = [
  /^https?:\/\/(?:[a-z]{2,3}(?:-[a-z]+)?\.)?(?:m\.)?wikipedia\.org\/wiki\/[^/?#:]+$/i,
  /^https?:\/\/(?:www\.|m\.)?wikidata\.org\/wiki\/Q\d+$/i,
  /^https?:\/\/(?:[a-z]{2,3}\.)?linkedin\.com\/(?:company|in|school|showcase)\/[^/?#]+$/i,
  /^https?:\/\/(?:mobile\.)?(?:twitter|x)\.com\/(?!(?:intent|share|home|search|hashtag|i|login|signup|explore|settings|privacy|tos|messages|notifications)$)[A-Za-z0-9_]{1,15}$/i,
  /^https?:\/\/(?:[a-z]{2}-[a-z]{2}\.|m\.)?facebook\.com\/(?:(?!(?:sharer(?:\.php)?|share(?:\.php)?|dialog|plugins|login(?:\.php)?|tr|events|watch|help|policies|privacy|legal|groups|pages|profile\.php|home\.php|photo(?:\.php)?|story\.php|permalink\.php)$)[A-Za-z0-9.-]+|pages\/[^?#]+\/\d+|profile\.php\?id=\d+)$/i,
  /^https?:\/\/(?:m\.)?instagram\.com\/(?!(?:p|reel|reels|explore|accounts|about|developer|legal|stories|direct)$)[A-Za-z0-9_.]+$/i,
  /^https?:\/\/(?:m\.)?youtube\.com\/(?:@[^/?#]+|(?:channel|c|user)\/[^/?#]+)$/i,
  /^https?:\/\/github\.com\/(?!(?:about|features|pricing|login|join|marketplace|sponsors|topics|explore|orgs|settings|site|security|enterprise|collections|trending|apps|contact|customer-stories|readme|team|solutions|resources|signup)$)[A-Za-z0-9-]+$/i,
  /^https?:\/\/crunchbase\.com\/(?:organization|person)\/[^/?#]+$/i,
  /^https?:\/\/tiktok\.com\/@[^/?#]+$/i,
  /^https?:\/\/(?:[a-z]{2}\.)?pinterest\.[a-z.]+\/(?!(?:pin|search|ideas|today|business|login)$)[A-Za-z0-9_]+$/i,
  /^https?:\/\/threads\.net\/@[^/?#]+$/i,
  /^https?:\/\/bsky\.app\/profile\/[^/?#]+$/i,
  /^https?:\/\/medium\.com\/@[^/?#]+$/i,
  /^https?:\/\/mastodon\.social\/@[^/?#]+$/i,
];

/**
 * The URL as a profile address (no tracking query, fragment or trailing slash) when it is one;
 * null for share dialogs, posts, site sections and anything that is not a profile.
 */
export function profileUrl(url: string): string | null {
  if (!/^https?:\/\//i.test(url) || SHARE_PATH_RE.test(url.replace(/^https?:\/\/[^/]+/i, '').replace(/[?&](?:id)=\d+$/, ''))) return null;
  const [base, query = ''] = url.replace(/#.*$/, '').split('?');
  // Facebook's numeric profiles are the only profile addresses that live in the query.
  const keep = /\/profile\.php$/i.test(base) && /^id=\d+$/.test(query) ? `?${query}` : '';
  const clean = `${base.replace(/\/+$/, '')}${keep}`;
  const bare = clean.replace(/^(https?:\/\/)www\./i, '$1');
  return PROFILE_URL_RES.some((re) => re.test(bare)) ? clean : null;
}

/**
 * Links to the site's own profiles on social networks and knowledge bases (schema.org sameAs:
 * "a reference Web page that unambiguously indicates the item's identity"): profile pages only,
 * never a share dialog, a mailto: or the page's own site.
 */
export function profileLinks(model: PageModel): string[] {
  const out: string[] = [];
  const site = siteHost(model.url);
  for (const link of model.links) {
    if (!link.url) continue;
    const host = hostOf(link.url);
    if (!host || (site && sameSite(host, site))) continue;
    const url = profileUrl(link.url);
    if (url && !out.includes(url)) out.push(url);
  }
  return out;
}

export function isProfileHost(host: string): boolean {
  return PROFILE_HOST_RE.test(host);
}

export function jsonLdNames(model: PageModel, type: string): string[] {
  const names: string[] = [];
  for (const n of model.jsonLdNodes) {
    if (!typesOf(n).some((t) => t === type || ruleFor(t)?.type === type)) continue;
    const name = typeof n.name === 'string' ? n.name : isObject(n.name) && typeof n.name['@value'] === 'string' ? n.name['@value'] : null;
    if (name && name.trim()) names.push(name.trim());
  }
  return names;
}
