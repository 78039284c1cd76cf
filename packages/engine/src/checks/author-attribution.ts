import type { Check } from './types';
import { detail, pass, scored } from './helpers';

export type AuthorAttributionOptions = Record<string, never>;

export const authorAttribution: Check<AuthorAttributionOptions> = {
  id: 'author-attribution',
  title: 'Content names its author',
  failureTitle: 'Content has no identifiable author',
  description:
    'Answer engines prefer sources with visible expertise (Google\'s E-E-A-T). A named author in a byline and in the metadata lets them judge and attribute the content.',
  learnMore: 'https://developers.google.com/search/docs/fundamentals/creating-helpful-content#who',
  category: 'Content',
  priority: 'Medium',
  suggestion: 'Show the author\'s name in a byline and declare it in the metadata (JSON-LD author or meta name="author").',
  defaultOptions: {},
  run(model) {
    if (!model.author) return scored(0, 'No author was found in the metadata, the structured data or a byline.');
    const siteName = model.meta['og:site_name'];
    if (siteName && siteName.toLowerCase() === model.author.toLowerCase()) {
      return scored(0.6, `The author is the site itself ("${model.author}") rather than a person.`, {
        details: [detail('Author', model.author)],
        priority: 'Low',
        suggestion: 'Credit the person who wrote or reviewed the content.',
      });
    }
    return pass(`Author: ${model.author} (from ${model.authorSource}).`, [detail('Author', model.author)]);
  },
};
