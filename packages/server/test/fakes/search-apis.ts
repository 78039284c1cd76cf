/**
 * Response bodies in the documented shapes of the citation sources' APIs, for the local fakes.
 */

/** HN Algolia GET /search (https://hn.algolia.com/api). */
export function hnSearch(hits: { id: string; title?: string; url?: string; story_text?: string; comment_text?: string; story_title?: string; created_at?: string }[]) {
  return {
    hits: hits.map((hit) => ({
      objectID: hit.id,
      title: hit.title ?? null,
      url: hit.url ?? null,
      story_text: hit.story_text ?? null,
      comment_text: hit.comment_text ?? null,
      story_title: hit.story_title ?? null,
      author: 'someone',
      points: 10,
      created_at: hit.created_at ?? '2026-11-01T10:00:00.000Z',
      created_at_i: 1_793_527_200,
      _tags: [hit.comment_text ? 'comment' : 'story', `story_${hit.id}`],
    })),
    nbHits: hits.length,
    page: 0,
    nbPages: 1,
    hitsPerPage: 20,
  };
}

/** Reddit GET /search.json: a Listing of t3 posts. */
export function redditSearch(posts: { id: string; title: string; selftext?: string; url?: string; created_utc?: number }[]) {
  return {
    kind: 'Listing',
    data: {
      after: null,
      dist: posts.length,
      children: posts.map((post) => ({
        kind: 't3',
        data: {
          id: post.id,
          title: post.title,
          selftext: post.selftext ?? '',
          permalink: `/r/seo/comments/${post.id}/post/`,
          url: post.url ?? `https://www.reddit.com/r/seo/comments/${post.id}/post/`,
          subreddit: 'seo',
          created_utc: post.created_utc ?? 1_793_527_200,
        },
      })),
      before: null,
    },
  };
}

/** Brave GET /web/search: `web.results`. */
export function braveSearch(results: { title: string; url: string; description: string; page_age?: string }[]) {
  return { type: 'search', query: { original: 'q' }, web: { type: 'search', results } };
}

/** Perplexity POST /chat/completions: OpenAI's shape plus `citations` and `search_results`. */
export function perplexityAnswer(content: string, citations: string[]) {
  return {
    id: 'pplx-fake',
    model: 'sonar',
    object: 'chat.completion',
    created: 1_795_000_000,
    choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content } }],
    citations,
    search_results: citations.map((url, index) => ({ title: `Source ${index + 1}`, url, date: '2026-10-01' })),
    usage: { prompt_tokens: 10, completion_tokens: 50, total_tokens: 60 },
  };
}
