import type { LlmCallContext, LlmClient } from '../../llm';
import { urlsIn } from '../text';
import { settleAll, type CitationSourceAdapter, type Observation } from './types';

/**
 * The configured LLM asked the prompts as a user would ask them. Asked `samples` times each:
 * the answers vary from one ask to the next, so one answer proves little.
 */
export const ANSWER_ENGINE_SYSTEM = 'Answer the question as you would for any user. Name the specific products, companies or websites you would recommend, and give the URL of each source you rely on.';
const MAX_ANSWER_TOKENS = 800;
/** Calls in flight at once, to stay under common per-minute rate limits. */
const CONCURRENCY = 4;

export function answerEngineSource(llm: LlmClient, context: Omit<LlmCallContext, 'signal'>): CitationSourceAdapter {
  const name = `AI answers (${llm.model})`;
  return {
    id: 'answer-engine',
    name,
    kind: 'answer-engine',
    async run(query) {
      const asks = query.prompts.flatMap((prompt) => Array.from({ length: query.samples }, (_, sample) => ({ prompt, sample })));
      const { values, warning } = await settleAll(
        name,
        asks.map(({ prompt, sample }) => async (): Promise<Observation> => {
          const answer = await llm.complete({ ...context, signal: query.signal }, { prompt, system: ANSWER_ENGINE_SYSTEM, maxOutputTokens: MAX_ANSWER_TOKENS });
          return { sourceId: 'answer-engine', prompt, sample, text: answer.value, url: null, type: 'answer', date: null, citedUrls: urlsIn(answer.value), countsForRate: true };
        }),
        CONCURRENCY,
        query.onAnswered,
      );
      return { observations: values, warning, models: llm.model ? [llm.model] : [] };
    },
  };
}
