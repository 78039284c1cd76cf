import type { CompetitorCandidate, CompetitorDiscoveryResult, CompetitorSuggestion, CompetitorType } from '@citable/contract';
import { hostOf } from '../model/collect-document';
import { typesOf } from '../model/json-ld';
import type { PageModel } from '../model/types';
import { cosine, phraseKey, round, termFrequencies, tfIdfVectors, type TermVector } from './text-terms';
import { isProfileHost, originOf, sameSite, siteHost, siteName } from './site-identity';
import { entitiesOf } from './entity-coverage';

export interface DiscoverCandidatesInput {
  pages: PageModel[];
  /** Competitors the user already tracks (URLs or hosts). */
  existingCompetitors: string[];
}

export interface RankCompetitorsInput {
  userPages: PageModel[];
  candidates: { url: string; name?: string; pages: PageModel[] }[];
  existingCompetitors?: string[];
}

/**
 * Hosts that are references, not competitors: search engines, encyclopedias, app stores, code
 * hosts, documentation of standards, public bodies (.gov, .edu, .int) and the social networks.
 */
const REFERENCE_HOST_RE =
  /(?:^|\.)(?:google\.[a-z.]+|bing\.com|duckduckgo\.com|wikipedia\.org|wikimedia\.org|wikidata\.org|apple\.com|microsoft\.com|amazon\.[a-z.]+|w3\.org|schema\.org|mozilla\.org|cloudflare\.com|gstatic\.com|googleapis\.com|doi\.org|archive\.org|(?:[a-z0-9-]+\.)?(?:gov|edu|int|mil)(?:\.[a-z]{2})?)$/;
/**
 * Below this relevance (TF-IDF cosine × 100) two sites share only general vocabulary: over the
 * 351 pairs of the 27 English pages of 200+ words in packages/engine/test/corpus (mostly unrelated
 * articles) the cosine has a median of 0.05 and a 95th percentile of 0.15.
 */
export const MIN_RELEVANCE = 15;
/** From this relevance a site covers the same subject closely enough to compete for the same prompts. */
export const DIRECT_RELEVANCE = 45;
/** From this relevance a site covers the same topics without necessarily the same offer. */
export const CONTENT_RELEVANCE = 25;
const SHARED_TERMS = 5;
const ARTICLE_TYPE_RE = /^(?:Article|NewsArticle|BlogPosting|TechArticle|Report|ScholarlyArticle)$/;

function hostKey(urlOrHost: string): string {
  const trimmed = urlOrHost.trim();
  return (/^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) ? hostOf(trimmed) : trimmed.toLowerCase().replace(/^www\./, '').split('/')[0]) || trimmed.toLowerCase();
}

function excluded(host: string, own: string[], existing: string[]): boolean {
  return own.some((o) => sameSite(host, o) || sameSite(o, host)) || existing.some((e) => sameSite(host, e) || sameSite(e, host));
}

/**
 * Candidate competitors from the user's own pages: the sites they link to (outside references
 * and social networks) and the organisations they name. Organisations the pages name without
 * linking keep `url: null` until the caller finds their site.
 */
export function discoverCompetitorCandidates(input: DiscoverCandidatesInput): { candidates: CompetitorCandidate[] } {
  const own = [...new Set(input.pages.map((p) => siteHost(p.url)).filter((h): h is string => h !== null))];
  const existing = input.existingCompetitors.map(hostKey);
  const byHost = new Map<string, CompetitorCandidate>();
  for (const page of input.pages) {
    for (const link of page.links) {
      if (!link.url || !/^https?:/i.test(link.url)) continue;
      const host = hostOf(link.url);
      if (!host || isProfileHost(host) || REFERENCE_HOST_RE.test(host) || excluded(host, own, existing)) continue;
      const entry = byHost.get(host);
      if (entry) entry.mentions++;
      else byHost.set(host, { url: originOf(link.url), name: host, source: 'outbound-link', mentions: 1, evidence: `Linked from ${page.url ?? 'your page'} as "${link.text || link.href}"` });
    }
  }
  const named = new Map<string, CompetitorCandidate>();
  const ownNames = new Set(input.pages.map((p) => phraseKey(siteName(p))));
  for (const page of input.pages) {
    for (const e of entitiesOf(page)) {
      if (e.type !== 'organization' || ownNames.has(e.key)) continue;
      // An organisation whose name matches a linked host is that candidate, not a second one.
      const compact = e.key.replace(/\s+/g, '');
      const linked = [...byHost.entries()].find(([host]) => host.split('.')[0] === compact);
      if (linked) {
        linked[1].name = e.name;
        continue;
      }
      const entry = named.get(e.key);
      if (entry) entry.mentions++;
      else named.set(e.key, { url: null, name: e.name, source: 'named-organization', mentions: 1, evidence: `Named on ${page.url ?? 'your page'}` });
    }
  }
  const candidates = [...byHost.values(), ...named.values()].sort((a, b) => b.mentions - a.mentions || (a.name < b.name ? -1 : 1));
  return { candidates };
}

function siteText(pages: PageModel[]): string {
  return pages.map((p) => [p.articleTitle ?? p.title ?? '', ...p.headings.map((h) => h.text), p.mainText].join('\n')).join('\n');
}

function isPublisher(pages: PageModel[]): boolean {
  const articles = pages.filter((p) => p.jsonLdNodes.some((n) => typesOf(n).some((t) => ARTICLE_TYPE_RE.test(t))) || (p.author !== null && p.dates.publishedAt !== null));
  return pages.length > 0 && articles.length * 2 > pages.length;
}

function sharedTerms(a: TermVector, b: TermVector): string[] {
  return [...a.keys()]
    .filter((t) => b.has(t))
    .sort((x, y) => a.get(y)! * b.get(y)! - a.get(x)! * b.get(x)! || (x < y ? -1 : 1))
    .slice(0, SHARED_TERMS);
}

/**
 * Ranks fetched candidate sites by topical similarity to the user's site: TF-IDF cosine over the
 * main content of all their pages. A close match that sells rather than publishes is a direct
 * competitor; a publisher on the same topics competes for content; a weaker match is adjacent.
 */
export function rankCompetitors(input: RankCompetitorsInput): CompetitorDiscoveryResult {
  const own = [...new Set(input.userPages.map((p) => siteHost(p.url)).filter((h): h is string => h !== null))];
  const existing = (input.existingCompetitors ?? []).map(hostKey);
  const candidates = input.candidates.filter((c) => c.pages.length > 0 && !excluded(hostKey(c.url), own, existing));
  const vectors = tfIdfVectors([termFrequencies(siteText(input.userPages)), ...candidates.map((c) => termFrequencies(siteText(c.pages)))]);
  const user = vectors[0];
  const suggestions: CompetitorSuggestion[] = [];
  candidates.forEach((c, i) => {
    const v = vectors[i + 1];
    const relevanceScore = Math.round(100 * cosine(user, v));
    if (relevanceScore < MIN_RELEVANCE) return;
    const publisher = isPublisher(c.pages);
    const type: CompetitorType = relevanceScore >= DIRECT_RELEVANCE && !publisher ? 'direct' : relevanceScore >= CONTENT_RELEVANCE ? 'content' : 'adjacent';
    const terms = sharedTerms(user, v);
    suggestions.push({
      name: c.name ?? siteName(c.pages[0]),
      url: originOf(c.url) ?? c.url,
      type,
      reason: `Shares key topics with your site (${terms.join(', ')}); content similarity ${round(cosine(user, v), 2)}${publisher ? ', and it publishes articles on them' : ''}.`,
      relevanceScore,
    });
  });
  suggestions.sort((a, b) => b.relevanceScore - a.relevanceScore || (a.url < b.url ? -1 : 1));
  return { totalSuggestions: suggestions.length, competitorSuggestions: suggestions };
}
