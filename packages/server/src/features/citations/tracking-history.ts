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
 * Every prompt of the run for every engine that was asked (answered or failed), in the run's
 * order: a prompt an engine did not answer is listed with no samples and the engine's reason,
 * never dropped.
 */
function promptRows(result: CitationTrackerResult, answerRates: CitationTrackerResult['mentionRates']): TrackingRun['prompts'] {
  const asked = result.sources.filter((source) => isAnswerEngine(source.id) && (source.status === 'ok' || source.status === 'error' || source.status === 'unreachable'));
  const rows = asked.flatMap((source) =>
    result.prompts.map((prompt) => {
      const rate = answerRates.find((entry) => entry.sourceId === source.id && entry.prompt === prompt);
      if (rate) return { sourceId: rate.sourceId, prompt, samples: rate.samples, mentions: rate.mentions, rate: rate.rate, cited: rate.ownPagesCited, reason: null };
      const reason = source.status === 'ok' ? `${CITATION_SOURCES[source.id].name} gave no answer to this prompt${source.failure ? ` (${source.message.replace(/^[^;]*;\s*/, '').replace(/\.$/, '')})` : ''}.` : source.message;
      return { sourceId: source.id, prompt, samples: 0, mentions: 0, rate: 0, cited: 0, reason };
    }),
  );
  // Rates of prompts the run does not list (older runs) are kept as they were.
  const listed = new Set(rows.map((row) => `${row.sourceId}\u0000${row.prompt}`));
  const older = answerRates.filter((rate) => !listed.has(`${rate.sourceId}\u0000${rate.prompt}`)).map((rate) => ({ sourceId: rate.sourceId, prompt: rate.prompt, samples: rate.samples, mentions: rate.mentions, rate: rate.rate }));
  return [...rows, ...older];
}

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
        message: source.message,
        ...(source.asks !== undefined && { asks: source.asks }),
        ...(source.failedAsks !== undefined && { failedAsks: source.failedAsks }),
        ...(source.failure !== undefined && { failure: source.failure }),
        cited: rates.reduce((sum, rate) => sum + rate.ownPagesCited, 0),
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
    prompts: promptRows(result, answerRates),
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
