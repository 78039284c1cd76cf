import type { Check } from './types';
import { detail, pass, scored } from './helpers';

export interface IndexabilityOptions {
  /** A max-snippet below this many characters is too short to quote a useful answer. */
  minSnippetChars: number;
}

export const indexability: Check<IndexabilityOptions> = {
  id: 'indexability',
  title: 'Page may be indexed and quoted',
  failureTitle: 'Robots directives keep the page out of AI answers',
  description:
    'A noindex directive removes the page from the search indexes that AI answers are grounded in; nosnippet or max-snippet:0 forbids quoting it, which answer engines such as Google AI Overviews honour.',
  learnMore: 'https://developers.google.com/search/docs/crawling-indexing/robots-meta-tag',
  category: 'Technical SEO',
  priority: 'High',
  suggestion: 'Remove noindex, nosnippet and max-snippet:0 from the meta robots tag and the X-Robots-Tag header of pages you want cited.',
  defaultOptions: { minSnippetChars: 50 },
  run(model, _site, options) {
    const r = model.robots;
    const details = r.sources.map((s) => detail(s));
    if (r.noindex) return scored(0, 'The page asks not to be indexed (noindex), so answer engines will not find it.', { title: 'Page is marked noindex', details });
    if (r.nosnippet || r.maxSnippet === 0) return scored(0.3, 'The page may be indexed but not quoted (nosnippet or max-snippet:0).', { title: r.nosnippet ? 'Page forbids quoting (nosnippet)' : 'Page forbids quoting (max-snippet:0)', details });
    if (r.maxSnippet !== null && r.maxSnippet > 0 && r.maxSnippet < options.minSnippetChars) {
      return scored(0.7, `max-snippet:${r.maxSnippet} limits quotes to fewer than ${options.minSnippetChars} characters.`, {
        title: `max-snippet:${r.maxSnippet} cuts quotes short`,
        details: [detail(`max-snippet:${r.maxSnippet}`)],
        priority: 'Medium',
        suggestion: 'Raise max-snippet (or use -1) so that answer engines can quote a full answer.',
      });
    }
    return pass('No robots directive stops indexing or quoting.');
  },
};
