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

/**
 * The name the site goes by: its Organization markup, then og:site_name, then the part of the
 * <title> after the last separator, then the host.
 */
export function siteName(model: PageModel): string {
  for (const org of organizationNodes(model)) if (typeof org.name === 'string' && org.name.trim()) return org.name.trim();
  const og = model.meta['og:site_name'] ?? model.meta['application-name'];
  if (og) return og;
  const title = model.title ?? '';
  const host = siteHost(model.url);
  const parts = title.split(/\s+[|\-–—·•»]\s+/).map((p) => p.trim()).filter(Boolean);
  if (parts.length > 1) {
    // The part that spells the host's name ("Crumb Bakery" on crumb.example), else the usual "Page | Site" suffix.
    const label = host?.split('.')[0].replace(/[^a-z0-9]/g, '') ?? '';
    const matching = label ? parts.find((p) => p.toLowerCase().replace(/[^a-z0-9]/g, '').includes(label)) : undefined;
    const last = parts[parts.length - 1];
    if (matching) return matching;
    if (last.split(/\s+/).length <= 4) return last;
  }
  if (host) {
    const label = host.split('.')[0];
    return label.charAt(0).toUpperCase() + label.slice(1);
  }
  return title.trim() || 'This site';
}

/** Links to the site's own profiles on social networks and knowledge bases. */
export function profileLinks(model: PageModel): string[] {
  const out: string[] = [];
  for (const link of model.links) {
    if (!link.url || !/^https?:/i.test(link.url) || SHARE_PATH_RE.test(link.url)) continue;
    const host = hostOf(link.url);
    if (!PROFILE_HOST_RE.test(host)) continue;
    const url = link.url.replace(/\/+$/, '');
    if (!out.includes(url)) out.push(url);
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
