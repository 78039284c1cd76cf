import type { Check } from './types';
import { detail, pass, scored } from './helpers';

export interface ModificationDateOptions {
  /** Score when only the publication date is known. */
  publishedOnlyScore: number;
}

export const modificationDate: Check<ModificationDateOptions> = {
  id: 'modification-date',
  title: 'Content states when it was last updated',
  failureTitle: 'Content has no last-modified date',
  description: 'A dateModified tells answer engines that the content is maintained; updated pages are preferred for questions whose answers change.',
  learnMore: 'https://developers.google.com/search/docs/appearance/publication-dates',
  category: 'Content',
  priority: 'Low',
  suggestion: 'Declare dateModified in the JSON-LD (or article:modified_time) whenever the content is revised, and show "Updated on" on the page.',
  defaultOptions: { publishedOnlyScore: 0.5 },
  run(model, _site, o) {
    if (model.dates.modifiedAt) return pass(`Last modified ${model.dates.modifiedAt.slice(0, 10)} (from ${model.dates.modifiedSource}).`, [detail('dateModified', model.dates.modifiedAt)]);
    if (model.dates.publishedAt) return scored(o.publishedOnlyScore, 'Only a publication date is declared; nothing says whether the content was updated since.', { title: 'Only a publication date, no last-modified date' });
    return scored(0, 'No modification or publication date was found.', { title: 'Content declares no date at all' });
  },
};
