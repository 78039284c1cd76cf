import type { Check } from './types';
import { detail, notApplicable, pass, scored } from './helpers';

export interface ListUsageOptions {
  minItems: number;
  minWords: number;
}

export const listUsage: Check<ListUsageOptions> = {
  id: 'list-usage',
  title: 'Content uses lists',
  failureTitle: 'Content has no list of several items',
  description: 'Lists are the format answer engines reproduce most often for steps, options and key points; they are easy to extract item by item.',
  learnMore: 'https://developers.google.com/search/docs/appearance/featured-snippets',
  category: 'Content',
  priority: 'Low',
  suggestion: 'Present steps, options, features or key takeaways as bulleted or numbered lists.',
  defaultOptions: { minItems: 3, minWords: 300 },
  run(model, _site, o) {
    if (model.wordCount < o.minWords) return notApplicable(`The content has fewer than ${o.minWords} words.`);
    const good = model.lists.filter((l) => l.items.length >= o.minItems);
    if (good.length > 0) return pass(`${good.length} list(s) of ${o.minItems}+ items.`, [detail('Lists', good.length)]);
    if (model.lists.length > 0) return scored(0.6, `The lists have fewer than ${o.minItems} items.`, { title: `Lists are too short (under ${o.minItems} items)` });
    return scored(0.2, 'The content has no lists.', { title: 'Content has no lists' });
  },
};
