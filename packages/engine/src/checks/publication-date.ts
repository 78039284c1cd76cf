import type { CheckDetail } from '@citable/contract';
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
    const d = model.dates;
    if (d.publishedAt) return pass(`Published ${d.publishedAt.slice(0, 10)} (from ${d.publishedSource}).`, [detail('datePublished', d.publishedAt), detail('Read from', d.publishedSource ?? '')]);
    const parts = [
      'No publication date was found: no JSON-LD or microdata datePublished, no date meta tag (article:published_time, date, dc.date...), no <time> element in the article or its byline, no date written in the byline and no date in the URL.',
    ];
    const details: CheckDetail[] = [];
    for (const u of d.unreadable) {
      parts.push(`The ${u.source} holds "${u.value}", which is not a date.`);
      details.push(detail(`Unreadable ${u.source}`, u.value));
    }
    if (d.modifiedAt) parts.push(`Only a modification date is declared (${d.modifiedAt.slice(0, 10)}, from ${d.modifiedSource}).`);
    const title = d.unreadable.length > 0 ? 'The publication date given is not a readable date' : d.modifiedAt ? 'Only a last-modified date, no publication date' : 'Content has no machine-readable publication date';
    return scored(0, parts.join(' '), { title, details });
  },
};
