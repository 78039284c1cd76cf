import { z } from 'zod';
import { fetchJson, SourceError } from '../fetch-json';
import { htmlToText } from '../text';
import { settleAll, type CitationSourceAdapter, type Observation } from './types';

/**
 * Brave Search's web search API (https://api-dashboard.search.brave.com/app/documentation/web-search):
 * GET /web/search?q=&count= with the key in X-Subscription-Token returns `web.results[]` of
 * title, url, description (with <strong> highlights) and page_age. Its own index also feeds
 * several answer engines, so the pages it ranks for a keyword are the pages they tend to cite.
 */
const resultSchema = z.object({
  title: z.string().optional(),
  url: z.string(),
  description: z.string().optional(),
  page_age: z.string().optional(),
});
const responseSchema = z.object({ web: z.object({ results: z.array(z.unknown()) }).optional() });

export const BRAVE_RESULTS_PER_QUERY = 20;

export function braveSource(settings: { apiKey: string; baseUrl: string }, timeoutMs: number): CitationSourceAdapter {
  const name = 'Brave Search';
  const search = async (query: string, countsForRate: boolean, signal?: AbortSignal): Promise<Observation[]> => {
    const url = new URL(`${settings.baseUrl}/web/search`);
    url.searchParams.set('q', query);
    url.searchParams.set('count', String(BRAVE_RESULTS_PER_QUERY));
    const body = await fetchJson(name, url, { timeoutMs, signal, headers: { 'x-subscription-token': settings.apiKey } });
    const parsed = responseSchema.safeParse(body);
    if (!parsed.success) throw new SourceError('error', `${name} answered in an unexpected shape.`);
    return (parsed.data.web?.results ?? []).flatMap((raw, sample) => {
      const result = resultSchema.safeParse(raw);
      if (!result.success) return [];
      return [
        {
          sourceId: 'brave' as const,
          prompt: query,
          sample,
          text: [htmlToText(result.data.title ?? ''), result.data.url, htmlToText(result.data.description ?? '')].join('\n'),
          url: result.data.url,
          type: 'web' as const,
          date: result.data.page_age ?? null,
          citedUrls: [result.data.url],
          countsForRate,
        },
      ];
    });
  };
  return {
    id: 'brave',
    name,
    kind: 'search',
    async run(query) {
      const calls = [...query.keywordQueries.map((q) => () => search(q, true, query.signal)), ...query.brandQueries.map((q) => () => search(q, false, query.signal))];
      const { values, warning } = await settleAll(name, calls, 3);
      return { observations: values.flat(), warning };
    },
  };
}
