import { and, desc, eq, sql } from 'drizzle-orm';
import { CITATION_SOURCES, isAnswerEngine, type CitationSourceId, type CitationTrackerResult, type TrackingAnswer, type TrackingRun } from '@citable/contract';
import type { Db } from '../../db/client';
import { citationResults, citationRuns } from '../../db/schema';
import { hostOf, sameSite } from './text';
import { wilsonInterval } from './wilson';

const round = (value: number) => Math.round(value * 10_000) / 10_000;
/** Cited hosts kept per run: the ones that matter for a gap, not a long tail. */
export const CITED_DOMAINS_LIMIT = 15;

/**
 * One stored run as the tracked-prompt history shows it: per answer engine the mention rate over
 * every answer (with its 95 % interval), per engine and prompt, the share of voice, the hosts the
 * answers cited and the prompts where a competitor was named or cited and the user was not.
 */
export function trackingRun(result: CitationTrackerResult): TrackingRun {
  const answerRates = result.mentionRates.filter((rate) => isAnswerEngine(rate.sourceId));
  const engines = result.sources
    .filter((source) => isAnswerEngine(source.id))
    .map((source) => {
      const rates = answerRates.filter((rate) => rate.sourceId === source.id);
      const samples = rates.reduce((sum, rate) => sum + rate.samples, 0);
      const mentions = rates.reduce((sum, rate) => sum + rate.mentions, 0);
      const voices = result.shareOfVoiceByEngine?.find((entry) => entry.sourceId === source.id)?.entries ?? [];
      const named = voices.some((entry) => entry.mentions > 0);
      return {
        sourceId: source.id,
        name: CITATION_SOURCES[source.id].name,
        status: source.status,
        samples,
        mentions,
        rate: samples === 0 ? 0 : round(mentions / samples),
        interval: wilsonInterval(mentions, samples),
        shareOfVoice: named ? (voices.find((entry) => entry.isUser)?.share ?? 0) : null,
      };
    });
  const hosts = new Map<string, number>();
  // Once per engine and prompt, however many of the host's pages their answers cite.
  for (const rate of answerRates) {
    for (const host of new Set(rate.citedUrls.map(hostOf))) {
      if (host) hosts.set(host, (hosts.get(host) ?? 0) + 1);
    }
  }
  const competitors = result.shareOfVoice.filter((entry) => !entry.isUser).map((entry) => entry.name);
  const gapPrompts = [...new Set(answerRates.map((rate) => rate.prompt))].flatMap((prompt) => {
    const rates = answerRates.filter((rate) => rate.prompt === prompt);
    if (rates.some((rate) => rate.mentions > 0)) return [];
    const named = competitors.filter(
      (name) =>
        rates.some((rate) => rate.competitorsMentioned?.includes(name)) ||
        result.citationGap.some((page) => page.competitor === name && page.prompts.includes(prompt)),
    );
    return named.length > 0 ? [{ prompt, competitors: named }] : [];
  });
  return {
    runId: result.runId,
    created_at: result.created_at,
    engines,
    prompts: answerRates.map((rate) => ({ sourceId: rate.sourceId, prompt: rate.prompt, samples: rate.samples, mentions: rate.mentions, rate: rate.rate })),
    shareOfVoice: result.shareOfVoice,
    citedDomains: [...hosts.entries()]
      .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
      .slice(0, CITED_DOMAINS_LIMIT)
      .map(([host, count]) => ({ host, count, own: sameSite(host, result.domain) })),
    gapPrompts,
  };
}

/** The website's scheduled runs, newest first. */
export async function scheduledRuns(db: Db, userId: string, domain: string, limit: number): Promise<CitationTrackerResult[]> {
  const rows = await db
    .select({ result: citationRuns.result })
    .from(citationRuns)
    .where(and(eq(citationRuns.userId, userId), eq(citationRuns.domain, domain), sql`(${citationRuns.result}->>'scheduled')::boolean is true`))
    .orderBy(desc(citationRuns.createdAt))
    .limit(limit);
  return rows.map((row) => row.result);
}

/** What one engine answered one prompt in one of the user's runs, sample by sample; empty for another user's run. */
export async function runAnswers(db: Db, userId: string, runId: string, sourceId: CitationSourceId, prompt: string): Promise<TrackingAnswer[]> {
  const rows = await db
    .select()
    .from(citationResults)
    .where(and(eq(citationResults.userId, userId), eq(citationResults.runId, runId), eq(citationResults.sourceId, sourceId), eq(citationResults.prompt, prompt)))
    .orderBy(citationResults.sample);
  return rows.map((row) => ({
    sample: row.sample,
    text: row.answerText ?? '',
    mentioned: row.mentioned,
    rank: row.rank,
    sentiment: row.sentiment,
    citedUrls: row.citedUrls,
    ownPageCited: row.ownPageCited,
    competitorsMentioned: row.competitorsMentioned,
    competitorsCited: row.competitorsCited,
    consultedUrls: row.consultedUrls,
  }));
}
