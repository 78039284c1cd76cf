import type { Check } from './types';
import { detail, details, notApplicable, pass, scored } from './helpers';

export interface UniqueFactsOptions {
  /** Share of sentences that should carry a concrete, checkable specific. */
  targetShare: number;
  minSentences: number;
}

// A number, a date or a capitalised name after the first word makes a sentence specific.
const SPECIFIC_RE = /\d|\s\p{Lu}\p{Ll}+/u;

export const uniqueFacts: Check<UniqueFactsOptions> = {
  id: 'unique-facts',
  title: 'Content offers specific, original facts',
  failureTitle: 'Content is generic or repetitive',
  description:
    'Answer engines synthesise from many sources and cite the ones that add something: specific names, numbers and dates rather than generic statements, and no repeated sentences.',
  learnMore: 'https://developers.google.com/search/docs/fundamentals/creating-helpful-content',
  category: 'Content',
  priority: 'Medium',
  suggestion: 'Add first-hand specifics: names, figures, dates, results of your own tests or data; remove duplicated sentences.',
  defaultOptions: { targetShare: 0.35, minSentences: 5 },
  run(model, _site, o) {
    const sentences = model.sentences;
    if (sentences.length < o.minSentences) return notApplicable(`The content has fewer than ${o.minSentences} sentences.`);
    let specific = 0;
    const seen = new Set<string>();
    const duplicates: string[] = [];
    for (const s of sentences) {
      if (SPECIFIC_RE.test(s.slice(1))) specific++;
      const key = s.toLowerCase();
      if (s.length > 30 && seen.has(key)) duplicates.push(s);
      seen.add(key);
    }
    const share = specific / sentences.length;
    const duplicateShare = duplicates.length / sentences.length;
    const score = Math.min(1, share / o.targetShare) * (1 - Math.min(1, duplicateShare * 3));
    const list = [detail('Sentences with specifics', `${Math.round(share * 100)}%`), ...details(duplicates, (d) => detail(d, 'repeated'), 5)];
    if (score >= 0.95) return pass(`${Math.round(share * 100)}% of sentences carry specific facts.`, list);
    return scored(score, duplicates.length > 0 ? `${duplicates.length} sentence(s) are repeated, and ${Math.round(share * 100)}% of sentences carry specifics.` : `Only ${Math.round(share * 100)}% of sentences carry specific names, numbers or dates.`, {
      title: duplicates.length > 0 ? (duplicates.length === 1 ? 'A sentence is repeated' : `${duplicates.length} sentences are repeated`) : 'Few sentences carry specific facts',
      details: list,
    });
  },
};
