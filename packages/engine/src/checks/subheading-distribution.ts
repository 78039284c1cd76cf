import type { Check } from './types';
import { detail, details, notApplicable, pass, scored } from './helpers';

export interface SubheadingDistributionOptions {
  /** Yoast: a stretch of text longer than this needs a subheading. */
  maxSectionWords: number;
  minWords: number;
}

export const subheadingDistribution: Check<SubheadingDistributionOptions> = {
  id: 'subheading-distribution',
  title: 'Text is broken up by subheadings',
  failureTitle: 'Long stretches of text have no subheading',
  description: 'Answer engines retrieve passages, not pages. Subheadings every few hundred words create self-contained, labelled passages that can be matched to a question.',
  learnMore: 'https://yoast.com/help/subheading-distribution-check/',
  category: 'Content',
  priority: 'Medium',
  suggestion: 'Add a descriptive subheading at least every 300 words.',
  defaultOptions: { maxSectionWords: 300, minWords: 300 },
  run(model, _site, o) {
    if (model.wordCount < o.minWords) return notApplicable(`The content has fewer than ${o.minWords} words.`);
    const long = model.sections.filter((s) => s.wordCount > o.maxSectionWords);
    if (long.length === 0) return pass(`No section runs longer than ${o.maxSectionWords} words.`);
    const longWords = long.reduce((n, s) => n + s.wordCount, 0);
    const total = model.sections.reduce((n, s) => n + s.wordCount, 0) || 1;
    return scored(1 - longWords / total, `${long.length} section(s) run longer than ${o.maxSectionWords} words without a subheading.`, {
      title: long.length === 1 ? `A section runs over ${o.maxSectionWords} words without a subheading` : `${long.length} sections run over ${o.maxSectionWords} words without a subheading`,
      details: details(long, (s) => detail(s.heading ?? '(before the first heading)', `${s.wordCount} words`)),
    });
  },
};
