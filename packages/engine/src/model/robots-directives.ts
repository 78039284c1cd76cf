import type { RobotsDirectives } from './types';

// Bot-specific directives that matter for AI visibility: Google's and Bing's crawlers feed
// AI Overviews and Copilot; the others are AI crawlers that honour robots meta tags.
const RELEVANT_AGENTS = new Set(['robots', 'googlebot', 'bingbot', 'gptbot', 'chatgpt-user', 'oai-searchbot', 'claudebot', 'perplexitybot']);

export function parseRobotsDirectives(metas: string[], header: string | undefined): RobotsDirectives {
  const result: RobotsDirectives = { noindex: false, nosnippet: false, nofollow: false, maxSnippet: null, sources: [] };
  const apply = (directives: string, source: string): void => {
    for (const raw of directives.split(',')) {
      const d = raw.trim().toLowerCase();
      if (!d) continue;
      if (d === 'noindex' || d === 'none') {
        result.noindex = true;
        result.sources.push(`${source}: ${d}`);
      }
      if (d === 'nofollow' || d === 'none') result.nofollow = true;
      if (d === 'nosnippet') {
        result.nosnippet = true;
        result.sources.push(`${source}: ${d}`);
      }
      const m = /^max-snippet\s*:\s*(-?\d+)$/.exec(d);
      if (m) {
        result.maxSnippet = Number(m[1]);
        if (result.maxSnippet === 0) result.sources.push(`${source}: ${d}`);
      }
    }
  };
  for (const meta of metas) {
    const i = meta.indexOf(':');
    apply(meta.slice(i + 1), `meta ${meta.slice(0, i)}`);
  }
  if (header) {
    for (const part of header.split(/\s*;\s*|\n/)) {
      const m = /^\s*([a-z][\w-]*)\s*:\s*(.*)$/i.exec(part);
      if (m && !/^(?:max-snippet|max-image-preview|max-video-preview|unavailable_after)$/i.test(m[1])) {
        if (RELEVANT_AGENTS.has(m[1].toLowerCase())) apply(m[2], `X-Robots-Tag (${m[1]})`);
      } else {
        apply(part, 'X-Robots-Tag');
      }
    }
  }
  return result;
}
