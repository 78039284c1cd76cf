import type { Check } from './types';
import { detail, details, notApplicable, pass, scored, ramp } from './helpers';

export interface KeywordStuffingOptions {
  /** Density of the most frequent content word above which the text reads as repetitive. */
  maxDensity: number;
  /** Density at which the check scores 0. */
  zeroDensity: number;
  minWords: number;
}

export const keywordStuffing: Check<KeywordStuffingOptions> = {
  id: 'keyword-stuffing',
  title: 'No keyword stuffing',
  failureTitle: 'Content repeats a keyword unnaturally',
  description:
    'Keyword stuffing did not improve visibility in generative answers in the GEO study (Aggarwal et al., KDD 2024) and search engines treat it as spam. This check can only cost points, never add them.',
  learnMore: 'https://developers.google.com/search/docs/essentials/spam-policies#keyword-stuffing',
  category: 'Content',
  priority: 'High',
  suggestion: 'Write for readers: use the keyword where it is natural, and synonyms and specifics elsewhere.',
  defaultOptions: { maxDensity: 0.05, zeroDensity: 0.12, minWords: 100 },
  run(model, _site, o) {
    const stuffedWords = model.stuffedParagraphs.reduce((n, p) => n + p.wordCount, 0);
    const total = model.wordCount + stuffedWords;
    if (total < o.minWords) return notApplicable(`The content has fewer than ${o.minWords} words.`);
    const top = model.topTerm;
    const density = top?.density ?? 0;
    const densityScore = ramp(density, o.zeroDensity, o.maxDensity);
    const stuffedScore = Math.max(0, 1 - (stuffedWords / total) * 4 - model.stuffedHeadings.length * 0.25);
    const score = Math.min(densityScore, stuffedScore);
    const list = [
      ...(top ? [detail(`Most frequent word: "${top.term}"`, `${top.count} times, ${(density * 100).toFixed(1)}% of words`)] : []),
      ...details(model.stuffedParagraphs, (p) => detail(p.text)),
      ...details(model.stuffedHeadings, (h) => detail(h, 'heading')),
    ];
    if (score >= 1) return pass('No word is repeated unnaturally.', list);
    const stuffedCount = model.stuffedParagraphs.length + model.stuffedHeadings.length;
    const stuffedKinds = [model.stuffedParagraphs.length > 0 && 'Passages', model.stuffedHeadings.length > 0 && (model.stuffedParagraphs.length > 0 ? 'headings' : 'Headings')].filter((k): k is string => typeof k === 'string');
    return scored(score, stuffedCount > 0
      ? `${stuffedCount} passage(s) or heading(s) are dominated by one repeated word.`
      : `"${top?.term}" makes up ${(density * 100).toFixed(1)}% of the words, above ${o.maxDensity * 100}%.`, {
      title: stuffedCount > 0 ? `${stuffedKinds.join(' and ')} repeat a keyword unnaturally` : `"${top?.term}" is repeated unnaturally`,
      details: list,
    });
  },
};
