import { findDomain, findMentions, findName, type Mention, type MentionTarget } from './match';
import { mentionRank } from './position';
import { sentencesAt, sentimentScore } from './sentiment';
import type { Observation } from './sources/types';
import { hostOf, sameSite, wordsOf } from './text';

export interface Competitor {
  name: string;
  domain: string | null;
}

/**
 * The two measures (MENTION_DEFINITIONS in the contract), for the user and each competitor alike:
 * mentioned = named in the answer's words (never only inside a URL); cited = one of the site's
 * pages is among the answer's own citations. Neither implies the other.
 */
export interface ObservationAnalysis {
  /** The user's brand, aliases, domain as text or a fingerprint phrase is in the answer's words. */
  mentioned: boolean;
  /** Every match, earliest first. */
  mentions: Mention[];
  /** Rank among the brands the answer names, or the result's rank in a search. */
  rank: number | null;
  /** Character offset of the first mention. */
  offset: number | null;
  sentiment: number | null;
  /** The answer cites (or the result links to) one of the user's pages. */
  ownPageCited: boolean;
  ownCitedUrl: string | null;
  competitorsMentioned: string[];
  /** Competitors one of whose pages the answer cites. */
  competitorsCited: string[];
}

function competitorIndex(words: string, competitor: Competitor): number | null {
  const byName = findName(words, competitor.name);
  const byDomain = competitor.domain ? findDomain(words, competitor.domain) : null;
  const indexes = [byName?.index, byDomain?.index].filter((index): index is number => index !== undefined);
  return indexes.length > 0 ? Math.min(...indexes) : null;
}

/** The first of `urls` on `domain` or one of its subdomains. */
function urlOnSite(urls: readonly string[], domain: string): string | null {
  return (
    urls.find((url) => {
      const host = hostOf(url);
      return host !== null && sameSite(host, domain);
    }) ?? null
  );
}

export function analyzeObservation(observation: Observation, target: MentionTarget, competitors: readonly Competitor[]): ObservationAnalysis {
  const { text } = observation;
  // Offsets in `words` are offsets in `text`: the URLs are blanked, not removed.
  const words = wordsOf(text);
  const mentions = findMentions(words, target);
  const ownCitedUrl = urlOnSite(observation.citedUrls, target.domain);
  const competitorHits = competitors.map((competitor) => ({ competitor, index: competitorIndex(words, competitor) }));
  const competitorsMentioned = competitorHits.filter((hit) => hit.index !== null).map((hit) => hit.competitor.name);
  const competitorsCited = competitors.filter((competitor) => competitor.domain !== null && urlOnSite(observation.citedUrls, competitor.domain) !== null).map((competitor) => competitor.name);
  const first = mentions[0] ?? null;
  const mentioned = first !== null;
  let rank: number | null = null;
  if (first && observation.type === 'answer') {
    rank = mentionRank(text, first.index, competitorHits.flatMap((hit) => (hit.index === null ? [] : [hit.index])));
  } else if ((mentioned || ownCitedUrl !== null) && observation.type !== 'answer') {
    // A search result that links to the site is found by it: its rank is its place in the results.
    rank = observation.sample + 1;
  }
  return {
    mentioned,
    mentions,
    rank,
    offset: first?.index ?? null,
    sentiment: mentions.length > 0 ? sentimentScore(sentencesAt(text, mentions.map((mention) => mention.index))) : null,
    ownPageCited: ownCitedUrl !== null,
    ownCitedUrl,
    competitorsMentioned,
    competitorsCited,
  };
}
