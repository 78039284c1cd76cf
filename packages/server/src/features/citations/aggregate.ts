import { isAnswerEngine, type Citation, type CitationSourceId, type CitationTrackerResult, type PromptMentionRate } from '@citable/contract';
import type { Competitor, ObservationAnalysis } from './analyze';
import { sentimentLabel } from './sentiment';
import type { Observation } from './sources/types';
import { hostOf, normalizeUrl, sameSite, snippetAround } from './text';
import { wilsonInterval } from './wilson';

export interface Analysed {
  observation: Observation;
  analysis: ObservationAnalysis;
  sourceName: string;
}

/** The sources whose cited or ranked pages make the citation gap: what engines show instead of the user. */
const isGapSource = (id: CitationSourceId) => isAnswerEngine(id) || id === 'brave';
export const CITATION_GAP_LIMIT = 20;

const round = (value: number, digits = 4) => Math.round(value * 10 ** digits) / 10 ** digits;
const mean = (values: number[]) => (values.length === 0 ? null : values.reduce((sum, value) => sum + value, 0) / values.length);

export function mentionRates(items: readonly Analysed[]): PromptMentionRate[] {
  const groups = new Map<string, Analysed[]>();
  for (const item of items) {
    if (!item.observation.countsForRate) continue;
    const key = `${item.observation.sourceId}\u0000${item.observation.prompt}`;
    groups.set(key, [...(groups.get(key) ?? []), item]);
  }
  return [...groups.values()].map((group) => {
    const mentioned = group.filter((item) => item.analysis.mentioned);
    const ranks = mentioned.flatMap((item) => (item.analysis.rank === null ? [] : [item.analysis.rank]));
    const offsets = mentioned.flatMap((item) => (item.analysis.offset === null ? [] : [item.analysis.offset]));
    const sentiments = mentioned.flatMap((item) => (item.analysis.sentiment === null ? [] : [item.analysis.sentiment]));
    const sentiment = mean(sentiments);
    const offset = mean(offsets);
    return {
      sourceId: group[0].observation.sourceId,
      prompt: group[0].observation.prompt,
      samples: group.length,
      mentions: mentioned.length,
      rate: round(mentioned.length / group.length),
      interval: wilsonInterval(mentioned.length, group.length),
      bestRank: ranks.length > 0 ? Math.min(...ranks) : null,
      meanOffset: offset === null ? null : Math.round(offset),
      sentiment: sentiment === null ? null : round(sentiment, 3),
      ownPagesCited: group.filter((item) => item.analysis.ownPageCited).length,
      citedUrls: [...new Set(group.flatMap((item) => item.observation.citedUrls.map(normalizeUrl)))],
      competitorsMentioned: [...new Set(group.flatMap((item) => item.analysis.competitorsMentioned))],
      competitorsCited: [...new Set(group.flatMap((item) => item.analysis.competitorsCited))],
      consultedUrls: consultedOnly(group),
    };
  });
}

/** Pages some answer consulted that none of the group's answers cited. */
function consultedOnly(group: readonly Analysed[]): string[] {
  const cited = new Set(group.flatMap((item) => item.observation.citedUrls.map(normalizeUrl)));
  return [...new Set(group.flatMap((item) => (item.observation.consultedUrls ?? []).map(normalizeUrl)))].filter((url) => !cited.has(url));
}

export function overallRate(items: readonly Analysed[]): CitationTrackerResult['overall'] {
  const answers = items.filter((item) => isAnswerEngine(item.observation.sourceId));
  const mentions = answers.filter((item) => item.analysis.mentioned).length;
  return { samples: answers.length, mentions, rate: answers.length === 0 ? 0 : round(mentions / answers.length), interval: wilsonInterval(mentions, answers.length) };
}

/** The key that says whether a later run found the same mention again. */
export function citationKey(citation: Pick<Citation, 'sourceId' | 'url' | 'prompt' | 'type'>): string {
  return citation.type === 'answer' ? `${citation.sourceId}|answer|${citation.prompt.toLowerCase()}` : `${citation.sourceId}|${citation.url ?? ''}`;
}

/**
 * One citation per page that mentions or links to the user (search) or per engine and prompt
 * (answers that mention or cite the user; the samples are summarised by the rates instead),
 * strongest match first.
 */
export function collectCitations(items: readonly Analysed[], observedAt: string): Citation[] {
  const byKey = new Map<string, Citation>();
  for (const { observation, analysis, sourceName } of items) {
    if (!analysis.mentioned && !analysis.ownPageCited) continue;
    const best = [...analysis.mentions].sort((a, b) => b.confidence - a.confidence)[0];
    const citation: Citation = {
      source: sourceName,
      sourceId: observation.sourceId,
      url: observation.type === 'answer' ? analysis.ownCitedUrl : observation.url,
      type: observation.type,
      snippet: best ? snippetAround(observation.text, best.index, best.length) : snippetAround(observation.text, 0, 0, 200),
      confidence_score: best?.confidence ?? 1,
      date: observation.date && !Number.isNaN(Date.parse(observation.date)) ? new Date(observation.date).toISOString() : observedAt,
      prompt: observation.prompt,
      matchedBy: best?.by ?? 'domain',
      matched: best?.matched ?? analysis.ownCitedUrl ?? '',
      sentiment: sentimentLabel(analysis.sentiment ?? 0),
    };
    const key = citationKey(citation);
    const existing = byKey.get(key);
    if (!existing || existing.confidence_score < citation.confidence_score || (!existing.url && citation.url)) byKey.set(key, citation);
  }
  return [...byKey.values()].sort((a, b) => b.confidence_score - a.confidence_score || a.source.localeCompare(b.source) || (a.url ?? '').localeCompare(b.url ?? ''));
}

/**
 * The user's and each competitor's share of the answers and keyword results that name any of them,
 * by the same measure for all (CITATION_MEASURES.mentioned: named in the words), with how many of
 * them cite each one's pages (CITATION_MEASURES.cited) beside it.
 */
export function shareOfVoice(items: readonly Analysed[], brand: string, domain: string, competitors: readonly Competitor[]): CitationTrackerResult['shareOfVoice'] {
  const counted = items.filter((item) => item.observation.countsForRate);
  const entries = [
    { name: brand, domain, isUser: true, mentions: counted.filter((item) => item.analysis.mentioned).length, cited: counted.filter((item) => item.analysis.ownPageCited).length },
    ...competitors.map((competitor) => ({
      name: competitor.name,
      domain: competitor.domain,
      isUser: false,
      mentions: counted.filter((item) => item.analysis.competitorsMentioned.includes(competitor.name)).length,
      cited: counted.filter((item) => item.analysis.competitorsCited.includes(competitor.name)).length,
    })),
  ];
  const total = entries.reduce((sum, entry) => sum + entry.mentions, 0);
  return entries.map((entry) => ({ ...entry, share: total === 0 ? 0 : round(entry.mentions / total) }));
}

/** Pages answer engines cite (and Brave ranks) for the prompts that are not the user's, most cited first. */
export function citationGap(items: readonly Analysed[], domain: string, competitors: readonly Competitor[]): CitationTrackerResult['citationGap'] {
  const pages = new Map<string, { url: string; host: string; count: number; prompts: Set<string> }>();
  for (const { observation } of items) {
    if (!isGapSource(observation.sourceId) || !observation.countsForRate) continue;
    for (const cited of observation.citedUrls) {
      const host = hostOf(cited);
      if (!host || sameSite(host, domain)) continue;
      const url = normalizeUrl(cited);
      const page = pages.get(url) ?? { url, host, count: 0, prompts: new Set<string>() };
      page.count += 1;
      page.prompts.add(observation.prompt);
      pages.set(url, page);
    }
  }
  return [...pages.values()]
    .sort((a, b) => b.count - a.count || a.url.localeCompare(b.url))
    .slice(0, CITATION_GAP_LIMIT)
    .map((page) => ({
      url: page.url,
      host: page.host,
      count: page.count,
      prompts: [...page.prompts],
      competitor: competitors.find((competitor) => competitor.domain && sameSite(page.host, competitor.domain))?.name ?? null,
    }));
}
