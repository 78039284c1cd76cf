import type { Check } from './types';
import { detail, pass, scored } from './helpers';

export type AuthorAttributionOptions = Record<string, never>;

export const authorAttribution: Check<AuthorAttributionOptions> = {
  id: 'author-attribution',
  title: 'Content names its author',
  failureTitle: 'Content is not credited to a named person',
  description:
    'Answer engines prefer sources with visible expertise (Google\'s E-E-A-T). A named author in a byline and in the metadata lets them judge and attribute the content.',
  learnMore: 'https://developers.google.com/search/docs/fundamentals/creating-helpful-content#who',
  category: 'Content',
  priority: 'Medium',
  suggestion: 'Show the author\'s name in a byline and declare it in the metadata (JSON-LD author or meta name="author").',
  defaultOptions: {},
  run(model) {
    const authors = model.authors;
    if (authors.length === 0) {
      const rejected = model.rejectedAuthor;
      if (rejected) {
        return scored(0, `No author was found: the ${rejected.source} says "${rejected.value}", which names no one (a date, a label such as "By" or "Staff", a handle or a URL is not an author).`, {
          title: 'The author credit names no one',
          details: [detail('Not a name', rejected.value)],
        });
      }
      return scored(0, 'No author was found in the structured data (JSON-LD, microdata), the meta tags (author, article:author, dc.creator...) or a byline.', { title: 'Content has no identifiable author' });
    }
    const siteName = model.meta['og:site_name']?.trim().toLowerCase();
    if (siteName && authors.every((a) => a.toLowerCase() === siteName)) {
      return scored(0.6, `The author is the site itself ("${authors[0]}") rather than a person.`, {
        title: 'The author is the site, not a person',
        details: [detail('Author', authors[0])],
        priority: 'Low',
        suggestion: 'Credit the person who wrote or reviewed the content.',
      });
    }
    const label = authors.length > 1 ? 'Authors' : 'Author';
    return pass(`${label}: ${authors.join(', ')} (from the ${model.authorSource}).`, authors.map((a) => detail('Author', a)));
  },
};
