import type { Check } from './types';
import { detail, notApplicable, pass, scored } from './helpers';
import { words } from '../text/words';
import { STOPWORDS } from '../text/keywords';

export interface AnswerFirstOptions {
  /** The opening paragraph should answer in at most this many words. */
  maxWords: number;
  minWords: number;
  minContentWords: number;
}

export const answerFirst: Check<AnswerFirstOptions> = {
  id: 'answer-first',
  title: 'Content opens with a direct answer',
  failureTitle: 'Content does not open with a direct answer',
  description:
    'Answer engines favour pages whose first paragraph answers the question the title raises, in a self-contained statement that can be read out or quoted without the rest of the page.',
  learnMore: 'https://developers.google.com/search/docs/appearance/featured-snippets',
  category: 'Content',
  priority: 'Medium',
  suggestion: 'Open with a 20-60 word paragraph that states the answer or the key point, naming the subject of the title.',
  defaultOptions: { maxWords: 60, minWords: 12, minContentWords: 100 },
  run(model, _site, o) {
    if (model.wordCount < o.minContentWords) return notApplicable(`The content has fewer than ${o.minContentWords} words.`);
    const first = model.paragraphs[model.leadIndex];
    if (!first) return scored(0, 'The content has no opening paragraph.', { title: 'Content has no opening paragraph' });
    const titleTerms = words(model.articleTitle ?? model.title ?? '').map((w) => w.toLowerCase()).filter((w) => w.length > 2 && !STOPWORDS.has(w));
    const firstWords = new Set(words(first.text).map((w) => w.toLowerCase()));
    const mentions = titleTerms.length === 0 || titleTerms.some((t) => firstWords.has(t));
    const sized = first.wordCount >= o.minWords && first.wordCount <= o.maxWords;
    const list = [detail('Opening paragraph', first.text), detail('Words', first.wordCount)];
    if (sized && mentions) return pass('The opening paragraph is a concise statement about the subject.', list);
    const score = (sized ? 0.6 : first.wordCount > o.maxWords ? 0.3 : 0.4) + (mentions ? 0.3 : 0);
    const problems = [
      !sized && (first.wordCount > o.maxWords ? `it runs ${first.wordCount} words` : `it is only ${first.wordCount} words`),
      !mentions && 'it does not name the subject of the title',
    ].filter((p): p is string => typeof p === 'string');
    const faults = [
      !sized && (first.wordCount > o.maxWords ? 'is too long' : 'is too short'),
      !mentions && 'does not name the subject',
    ].filter((p): p is string => typeof p === 'string');
    return scored(score, `The opening paragraph is not a concise answer: ${problems.join(' and ')}.`, { title: `Opening paragraph ${faults.join(' and ')}`, details: list });
  },
};
