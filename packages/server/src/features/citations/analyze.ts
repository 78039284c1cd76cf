import { findDomain, findMentions, findName, type Mention, type MentionTarget } from './match';
import { mentionRank } from './position';
import { sentencesAt, sentimentScore } from './sentiment';
import type { Observation } from './sources/types';
import { hostOf, sameSite } from './text';

export interface Competitor {
  name: string;
  domain: string | null;
}

export interface ObservationAnalysis {
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
}

function competitorIndex(text: string, competitor: Competitor): number | null {
  const byName = findName(text, competitor.name);
  const byDomain = competitor.domain ? findDomain(text, competitor.domain) : null;
  const indexes = [byName?.index, byDomain?.index].filter((index): index is number => index !== undefined);
  return indexes.length > 0 ? Math.min(...indexes) : null;
}

export function analyzeObservation(observation: Observation, target: MentionTarget, competitors: readonly Competitor[]): ObservationAnalysis {
  const { text } = observation;
  const mentions = findMentions(text, target);
  const ownCitedUrl =
    observation.citedUrls.find((url) => {
      const host = hostOf(url);
      return host !== null && sameSite(host, target.domain);
    }) ?? null;
  const competitorHits = competitors.map((competitor) => ({ competitor, index: competitorIndex(text, competitor) }));
  const competitorsMentioned = competitorHits.filter((hit) => hit.index !== null).map((hit) => hit.competitor.name);
  const first = mentions[0] ?? null;
  const mentioned = first !== null || ownCitedUrl !== null;
  let rank: number | null = null;
  if (first && observation.type === 'answer') {
    rank = mentionRank(text, first.index, competitorHits.flatMap((hit) => (hit.index === null ? [] : [hit.index])));
  } else if (mentioned && observation.type !== 'answer') {
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
  };
}
