import type { Check } from './types';
import { detail, pass, scored } from './helpers';

export type PublicationDateOptions = Record<string, never>;

export const publicationDate: Check<PublicationDateOptions> = {
  id: 'publication-date',
  title: 'Content states when it was published',
  failureTitle: 'Content has no machine-readable publication date',
  description: 'Answer engines weigh recency and show dates next to citations; without a machine-readable publication date they cannot tell current content from stale.',
  learnMore: 'https://developers.google.com/search/docs/appearance/publication-dates',
  category: 'Content',
  priority: 'Medium',
  suggestion: 'Declare datePublished in the Article JSON-LD (or article:published_time) and show the date on the page.',
  defaultOptions: {},
  run(model) {
    if (!model.dates.publishedAt) return scored(0, 'No publication date was found in the structured data, the meta tags or a <time> element.');
    return pass(`Published ${model.dates.publishedAt.slice(0, 10)} (from ${model.dates.publishedSource}).`, [detail('datePublished', model.dates.publishedAt)]);
  },
};
