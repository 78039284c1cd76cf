import { z } from 'zod';
import { fetchJson, SourceError } from '../fetch-json';
import { htmlToText } from '../text';
import { settleAll, type CitationSourceAdapter, type Observation } from './types';

/**
 * Hacker News through its Algolia search API (https://hn.algolia.com/api): GET /search?query=
 * &tags=(story,comment) returns `hits` with objectID, title, url, story_text or comment_text
 * (HTML), story_title for comments, created_at and _tags. No key is needed.
 */
const hitSchema = z.object({
  objectID: z.string(),
  title: z.string().nullable().optional(),
  url: z.string().nullable().optional(),
  story_text: z.string().nullable().optional(),
  comment_text: z.string().nullable().optional(),
  story_title: z.string().nullable().optional(),
  created_at: z.string().optional(),
  _tags: z.array(z.string()).optional(),
});
const responseSchema = z.object({ hits: z.array(z.unknown()) });

export const HN_RESULTS_PER_QUERY = 20;

export function hackerNewsSource(baseUrl: string, timeoutMs: number): CitationSourceAdapter {
  const name = 'Hacker News';
  const search = async (query: string, countsForRate: boolean, signal?: AbortSignal): Promise<Observation[]> => {
    const url = new URL(`${baseUrl}/search`);
    url.searchParams.set('query', query);
    url.searchParams.set('tags', '(story,comment)');
    url.searchParams.set('hitsPerPage', String(HN_RESULTS_PER_QUERY));
    const parsed = responseSchema.safeParse(await fetchJson(name, url, { timeoutMs, signal }));
    if (!parsed.success) throw new SourceError('error', `${name} answered in an unexpected shape.`);
    return parsed.data.hits.flatMap((raw, sample) => {
      const hit = hitSchema.safeParse(raw);
      if (!hit.success) return [];
      const isComment = hit.data._tags?.includes('comment') ?? Boolean(hit.data.comment_text);
      const title = hit.data.title ?? hit.data.story_title ?? '';
      const body = htmlToText(hit.data.comment_text ?? hit.data.story_text ?? '');
      return [
        {
          sourceId: 'hacker-news' as const,
          prompt: query,
          sample,
          text: [title, hit.data.url ?? '', body].filter(Boolean).join('\n'),
          url: `https://news.ycombinator.com/item?id=${encodeURIComponent(hit.data.objectID)}`,
          type: isComment ? ('comment' as const) : ('story' as const),
          date: hit.data.created_at ?? null,
          citedUrls: hit.data.url ? [hit.data.url] : [],
          countsForRate,
        },
      ];
    });
  };
  return {
    id: 'hacker-news',
    name,
    kind: 'search',
    async run(query) {
      const calls = [...query.keywordQueries.map((q) => () => search(q, true, query.signal)), ...query.brandQueries.map((q) => () => search(q, false, query.signal))];
      const { values, warning } = await settleAll(name, calls, 3);
      return { observations: values.flat(), warning };
    },
  };
}
