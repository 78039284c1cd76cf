import { z } from 'zod';
import { fetchJson, SourceError } from '../fetch-json';
import type { CitationSourceSettings } from '../../../settings/citation-sources';
import { settleAll, type CitationSourceAdapter, type Observation } from './types';

/**
 * Perplexity's Sonar API, an answer engine that searches the web for each question. Its chat
 * completions endpoint is OpenAI-compatible (https://docs.perplexity.ai/docs/sonar/openai-compatibility)
 * and adds the pages it used: `citations` (URLs, in the order of the [n] markers) and
 * `search_results` (title, url, date). Called directly rather than through the LLM layer because
 * those fields are the point, and they are charged to Perplexity's key, not the token budget.
 */
const responseSchema = z.object({
  model: z.string().optional(),
  choices: z.array(z.object({ message: z.object({ content: z.string().nullable().optional() }) })).min(1),
  citations: z.array(z.string()).optional(),
  search_results: z.array(z.object({ url: z.string(), title: z.string().optional(), date: z.string().nullable().optional() })).optional(),
});

const CONCURRENCY = 3;

export function perplexitySource(settings: NonNullable<CitationSourceSettings['perplexity']>, timeoutMs: number): CitationSourceAdapter {
  const name = 'Perplexity';
  return {
    id: 'perplexity',
    name,
    kind: 'answer-engine',
    async run(query) {
      const asks = query.prompts.flatMap((prompt) => Array.from({ length: query.samples }, (_, sample) => ({ prompt, sample })));
      const models = new Set<string>();
      const { values, warning } = await settleAll(
        name,
        asks.map(({ prompt, sample }) => async (): Promise<Observation> => {
          const body = await fetchJson(name, new URL(`${settings.baseUrl}/chat/completions`), {
            method: 'POST',
            headers: { authorization: `Bearer ${settings.apiKey}` },
            body: { model: settings.model, messages: [{ role: 'user', content: prompt }] },
            timeoutMs,
            signal: query.signal,
          });
          const parsed = responseSchema.safeParse(body);
          if (!parsed.success) throw new SourceError('error', `${name} answered in an unexpected shape.`);
          models.add(parsed.data.model ?? settings.model);
          const cited = [...(parsed.data.citations ?? []), ...(parsed.data.search_results ?? []).map((result) => result.url)];
          return {
            sourceId: 'perplexity',
            prompt,
            sample,
            text: parsed.data.choices[0].message.content ?? '',
            url: null,
            type: 'answer',
            date: null,
            citedUrls: [...new Set(cited)],
            countsForRate: true,
          };
        }),
        CONCURRENCY,
      );
      return { observations: values, warning, models: [...models] };
    },
  };
}
