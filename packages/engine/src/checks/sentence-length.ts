import type { Check } from './types';
import { detail, notApplicable, pass, scored, ramp } from './helpers';

export interface SentenceLengthOptions {
  /** Average words per sentence for full marks, and where it scores 0. */
  maxAverage: number;
  zeroAverage: number;
  /** Yoast: at most 25% of sentences over 20 words; 0 at 50%. */
  maxLongShare: number;
  zeroLongShare: number;
  minSentences: number;
}

export const sentenceLength: Check<SentenceLengthOptions> = {
  id: 'sentence-length',
  title: 'Sentences are short',
  failureTitle: 'Too many long sentences',
  description: 'Short sentences are easier to understand, to speak aloud and to quote as a self-contained answer.',
  learnMore: 'https://yoast.com/help/sentence-length-check/',
  category: 'User Experience',
  priority: 'Low',
  suggestion: 'Split sentences longer than 20 words; one idea per sentence.',
  defaultOptions: { maxAverage: 20, zeroAverage: 30, maxLongShare: 0.25, zeroLongShare: 0.5, minSentences: 5 },
  run(model, _site, o) {
    const r = model.readability;
    if (r.sentences < o.minSentences) return notApplicable(`The content has fewer than ${o.minSentences} sentences.`);
    const score = (ramp(r.averageSentenceLength, o.zeroAverage, o.maxAverage) + ramp(r.longSentenceShare, o.zeroLongShare, o.maxLongShare)) / 2;
    const list = [detail('Average words per sentence', r.averageSentenceLength), detail('Sentences over 20 words', `${Math.round(r.longSentenceShare * 100)}%`)];
    if (score >= 1) return pass(`Sentences average ${r.averageSentenceLength} words.`, list);
    return scored(score, `Sentences average ${r.averageSentenceLength} words and ${Math.round(r.longSentenceShare * 100)}% are over 20 words.`, {
      title: r.averageSentenceLength > o.maxAverage ? 'Sentences are too long on average' : 'Too many sentences are over 20 words',
      details: list,
    });
  },
};
