import type { Check } from './types';
import { detail, details, notApplicable, pass, scored } from './helpers';

export interface QuotationsOptions {
  /** Quotations expected on a long page; one on a short page. */
  expectedLong: number;
  longPageWords: number;
  /** Weight of a quotation whose source is not named. */
  unattributedWeight: number;
  minWords: number;
}

export const quotations: Check<QuotationsOptions> = {
  id: 'quotations',
  title: 'Content quotes relevant sources',
  failureTitle: 'Content has too few attributed quotations',
  description:
    'The GEO study (Aggarwal et al., KDD 2024) found quotations from relevant sources among the most effective ways to raise a page\'s visibility in generative answers (about 30-40%). Named experts also signal expertise.',
  learnMore: 'https://arxiv.org/abs/2311.09735',
  category: 'Content',
  priority: 'Medium',
  suggestion: 'Quote an expert, a study or an official source, and name who said it.',
  defaultOptions: { expectedLong: 2, longPageWords: 600, unattributedWeight: 0.5, minWords: 80 },
  run(model, _site, o) {
    if (model.wordCount < o.minWords) return notApplicable(`The content has fewer than ${o.minWords} words.`);
    const expected = model.wordCount >= o.longPageWords ? o.expectedLong : 1;
    const attributed = model.quotations.filter((q) => q.attributed).length;
    const value = attributed + (model.quotations.length - attributed) * o.unattributedWeight;
    const list = details(model.quotations, (q) => detail(q.text, q.attributed ? `${q.kind}, attributed` : `${q.kind}, no source named`));
    if (value >= expected) return pass(`${model.quotations.length} quotation(s), ${attributed} attributed.`, list);
    const title =
      model.quotations.length === 0 ? 'Content quotes no one'
      : attributed === 0 ? `${model.quotations.length === 1 ? 'The quotation does' : 'The quotations do'} not name a source`
      : attributed === model.quotations.length ? 'Content has too few quotations'
      : 'Some quotations do not name a source';
    return scored(value / expected, model.quotations.length === 0 ? 'The content quotes no one.' : `${model.quotations.length} quotation(s), ${attributed} with a named source; ${expected} attributed expected.`, { title, details: list });
  },
};
