import { CITATION_SOURCE_IDS, isAnswerEngine, type CitationAnswer, type CitationSourceStatus } from '@citable/contract';
import type { Analysed } from './aggregate';
import type { FailedAsk, SourceOutcome } from './sources/types';

/** What the run knows of one source: its status and, when it answered, its outcome. */
interface SourceResult {
  status: CitationSourceStatus;
  outcome: SourceOutcome | null;
}

const order = (answer: CitationAnswer) => CITATION_SOURCE_IDS.indexOf(answer.sourceId);

/**
 * Every ask of the answer engines in a run (issue 29, the public API's per-answer view): each
 * answer with its two measures, each failed ask with its reason. An engine whose asks all failed
 * lists every one of its asks with the reason the run recorded for it; one that was not asked
 * (not set up, over the plan) lists none. Sorted by engine, then prompt order, then ask.
 */
export function runAnswers(results: readonly SourceResult[], analysed: readonly Analysed[], prompts: readonly string[], samples: number): CitationAnswer[] {
  const answered: CitationAnswer[] = analysed
    .filter((item) => isAnswerEngine(item.observation.sourceId) && item.observation.countsForRate)
    .map(({ observation, analysis }) => ({
      sourceId: observation.sourceId,
      prompt: observation.prompt,
      sample: observation.sample,
      status: 'answered',
      mentioned: analysis.mentioned,
      cited: analysis.ownPageCited,
      citedUrls: observation.citedUrls,
      consultedUrls: observation.consultedUrls ?? [],
      competitorsMentioned: analysis.competitorsMentioned,
      competitorsCited: analysis.competitorsCited,
      failure: null,
      reason: null,
    }));
  const failed: CitationAnswer[] = results.flatMap(({ status, outcome }) => {
    if (status.kind !== 'answer-engine') return [];
    const asks: FailedAsk[] =
      outcome !== null
        ? (outcome.failedAskList ?? [])
        : status.status === 'error' || status.status === 'unreachable'
          ? prompts.flatMap((prompt) => Array.from({ length: samples }, (_, sample) => ({ prompt, sample, failure: status.failure ?? 'error', message: status.message })))
          : [];
    return asks.map((ask) => ({
      sourceId: status.id,
      prompt: ask.prompt,
      sample: ask.sample,
      status: 'failed' as const,
      mentioned: null,
      cited: null,
      citedUrls: [],
      consultedUrls: [],
      competitorsMentioned: [],
      competitorsCited: [],
      failure: ask.failure,
      reason: ask.message,
    }));
  });
  return [...answered, ...failed].sort((a, b) => order(a) - order(b) || prompts.indexOf(a.prompt) - prompts.indexOf(b.prompt) || a.sample - b.sample);
}
