import type { Check } from './types';
import { detail, details, notApplicable, pass, scored } from './helpers';

export interface ParagraphLengthOptions {
  /** Yoast: paragraphs over 150 words are too long. */
  maxWords: number;
  minParagraphs: number;
}

export const paragraphLength: Check<ParagraphLengthOptions> = {
  id: 'paragraph-length',
  title: 'Paragraphs are short',
  failureTitle: 'Some paragraphs are too long',
  description: 'Short paragraphs hold one idea each, which makes them clean passages to retrieve and quote; walls of text dilute the answer they contain.',
  learnMore: 'https://yoast.com/help/paragraph-length-check/',
  category: 'User Experience',
  priority: 'Low',
  suggestion: 'Split paragraphs longer than 150 words; lead each with its main point.',
  defaultOptions: { maxWords: 150, minParagraphs: 2 },
  run(model, _site, o) {
    if (model.paragraphs.length < o.minParagraphs) return notApplicable(`The content has fewer than ${o.minParagraphs} paragraphs.`);
    const long = model.paragraphs.filter((p) => p.wordCount > o.maxWords);
    if (long.length === 0) return pass(`No paragraph is longer than ${o.maxWords} words.`);
    const share = long.length / model.paragraphs.length;
    return scored(1 - Math.min(1, share * 2), `${long.length} of ${model.paragraphs.length} paragraphs are longer than ${o.maxWords} words.`, {
      title: long.length === 1 ? `A paragraph is longer than ${o.maxWords} words` : `${long.length} paragraphs are longer than ${o.maxWords} words`,
      details: details(long, (p) => detail(p.text, `${p.wordCount} words`), 5),
    });
  },
};
