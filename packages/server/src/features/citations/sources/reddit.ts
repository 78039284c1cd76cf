import { z } from 'zod';
import { fetchJson, SourceError } from '../fetch-json';
import { htmlToText } from '../text';
import { settleAll, type CitationSourceAdapter, type Observation } from './types';

/**
 * Reddit's public search listing: GET /search.json?q=&sort=relevance&limit= returns a Listing,
 * `data.children[]` of `{ kind: 't3', data: { title, selftext, permalink, url, created_utc } }`.
 * No key, but Reddit asks for a descriptive User-Agent and limits anonymous clients to about
 * 60 requests a minute, hence the small concurrency.
 */
const postSchema = z.object({
  kind: z.string(),
  data: z.object({
    title: z.string().optional(),
    selftext: z.string().optional(),
    permalink: z.string().optional(),
    url: z.string().optional(),
    created_utc: z.number().optional(),
    body: z.string().optional(),
  }),
});
const responseSchema = z.object({ data: z.object({ children: z.array(z.unknown()) }) });

export const REDDIT_RESULTS_PER_QUERY = 20;

export function redditSource(settings: { baseUrl: string; userAgent: string }, timeoutMs: number): CitationSourceAdapter {
  const name = 'Reddit';
  const search = async (query: string, countsForRate: boolean, signal?: AbortSignal): Promise<Observation[]> => {
    const url = new URL(`${settings.baseUrl}/search.json`);
    url.searchParams.set('q', query);
    url.searchParams.set('sort', 'relevance');
    url.searchParams.set('limit', String(REDDIT_RESULTS_PER_QUERY));
    const parsed = responseSchema.safeParse(await fetchJson(name, url, { timeoutMs, signal, headers: { 'user-agent': settings.userAgent } }));
    if (!parsed.success) throw new SourceError('error', `${name} answered in an unexpected shape.`);
    return parsed.data.data.children.flatMap((raw, sample) => {
      const post = postSchema.safeParse(raw);
      if (!post.success) return [];
      const { title, selftext, body, permalink, url: link, created_utc } = post.data.data;
      const page = permalink ? new URL(permalink, 'https://www.reddit.com').toString() : (link ?? null);
      const external = link && !/^https?:\/\/(?:[a-z0-9-]+\.)*reddit\.com\//i.test(link) ? link : null;
      return [
        {
          sourceId: 'reddit' as const,
          prompt: query,
          sample,
          text: [title ?? '', external ?? '', htmlToText(selftext ?? body ?? '')].filter(Boolean).join('\n'),
          url: page,
          type: post.data.kind === 't1' ? ('comment' as const) : ('post' as const),
          date: created_utc !== undefined ? new Date(created_utc * 1000).toISOString() : null,
          citedUrls: external ? [external] : [],
          countsForRate,
        },
      ];
    });
  };
  return {
    id: 'reddit',
    name,
    kind: 'search',
    async run(query) {
      const calls = [...query.keywordQueries.map((q) => () => search(q, true, query.signal)), ...query.brandQueries.map((q) => () => search(q, false, query.signal))];
      const { values, warning } = await settleAll(name, calls, 2);
      return { observations: values.flat(), warning };
    },
  };
}
