import type { CitationSourceId, EngineFailureReason } from '@citable/contract';

/** One thing a source said: an answer to a prompt, or one search result for a query. */
export interface Observation {
  sourceId: CitationSourceId;
  /** The prompt asked, or the query searched. */
  prompt: string;
  /** Which ask of the prompt (answers) or which result of the query (search), from 0. */
  sample: number;
  text: string;
  /** The item's own page (search), null for answers. */
  url: string | null;
  type: 'answer' | 'story' | 'comment' | 'post' | 'web';
  /** ISO date the source gives the item, when it does. */
  date: string | null;
  /** URLs the answer cites or the result links to: its own citations, canonical. */
  citedUrls: string[];
  /** Pages the engine searched or listed that the answer does not cite (answer engines only). */
  consultedUrls?: string[];
  /** Keyword prompts count towards mention rates; the brand and domain queries only find citations. */
  countsForRate: boolean;
}

export interface SourceQuery {
  /** Answer-engine prompts built from the keywords and the saved prompts. */
  prompts: string[];
  /** Search queries: the keywords, then the domain and the brand. */
  keywordQueries: string[];
  brandQueries: string[];
  samples: number;
  signal?: AbortSignal;
  /** Called as each answer-engine ask settles (answered or failed). */
  onAnswered?: () => void;
}

export interface SourceOutcome {
  observations: Observation[];
  /** Set when some calls failed but others answered. */
  warning?: string;
  /** Models that produced the answers, for the result's `source`. */
  models?: string[];
  /** Answer engines: the asks that failed (out of prompts x samples), and why the first did. */
  failedAsks?: number;
  failure?: EngineFailureReason;
  /** Answer engines: each failed ask, so the run can list it beside the answers (issue 29). */
  failedAskList?: FailedAsk[];
}

/** One ask of an answer engine that got no usable answer, and why. */
export interface FailedAsk {
  prompt: string;
  sample: number;
  failure: EngineFailureReason;
  message: string;
}

export interface CitationSourceAdapter {
  id: CitationSourceId;
  name: string;
  kind: 'answer-engine' | 'search';
  /** Throws SourceError (or an LlmError for the configured model) when nothing could be read. */
  run(query: SourceQuery): Promise<SourceOutcome>;
}

/** Runs `task` over `items` with at most `limit` in flight, keeping the order of the results. */
export async function mapLimit<T, R>(items: readonly T[], limit: number, task: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next;
      next += 1;
      results[index] = await task(items[index], index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/**
 * Settles every call, so one failed query does not hide the others' results. All failed: the
 * first error is rethrown (the source is listed as unreachable or in error). Some failed: a warning.
 */
export async function settleAll<T>(sourceName: string, calls: (() => Promise<T>)[], limit: number, onSettled?: () => void): Promise<{ values: T[]; warning?: string; failures: unknown[] }> {
  const settled = await mapLimit(calls, limit, async (call) => {
    try {
      return { ok: true as const, value: await call() };
    } catch (error) {
      return { ok: false as const, error };
    } finally {
      onSettled?.();
    }
  });
  const values = settled.flatMap((entry) => (entry.ok ? [entry.value] : []));
  const failures = settled.flatMap((entry) => (entry.ok ? [] : [entry.error]));
  if (failures.length > 0 && values.length === 0) throw failures[0];
  if (failures.length === 0) return { values, failures };
  const first = failures[0] instanceof Error ? failures[0].message : String(failures[0]);
  return { values, failures, warning: `${failures.length} of ${calls.length} ${sourceName} calls failed (${first})` };
}
