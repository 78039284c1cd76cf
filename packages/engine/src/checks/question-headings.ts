import type { Check } from './types';
import { detail, details, notApplicable, pass, scored } from './helpers';

export interface QuestionHeadingsOptions {
  /** Question headings expected: one below mediumWords, two below longWords, else three. */
  mediumWords: number;
  longWords: number;
  minWords: number;
}

export const questionHeadings: Check<QuestionHeadingsOptions> = {
  id: 'question-headings',
  title: 'Headings ask the questions readers ask',
  failureTitle: 'Too few headings are phrased as questions',
  description:
    'People ask assistants full questions. Headings phrased as those questions ("How long does shipping take?") match the prompts directly and mark the passage below as the answer.',
  learnMore: 'https://developers.google.com/search/docs/appearance/featured-snippets',
  category: 'Content',
  priority: 'Medium',
  suggestion: 'Rephrase some section headings as the questions your audience asks, and answer each directly below it.',
  defaultOptions: { mediumWords: 300, longWords: 600, minWords: 80 },
  run(model, _site, o) {
    if (model.wordCount < o.minWords) return notApplicable(`The content has fewer than ${o.minWords} words.`);
    const expected = model.wordCount >= o.longWords ? 3 : model.wordCount >= o.mediumWords ? 2 : 1;
    const found = model.questionHeadings.length;
    const list = details(model.questionHeadings, (h) => detail(h.text, `h${h.level}`));
    if (found >= expected) return pass(`${found} heading(s) are phrased as questions.`, list);
    return scored(found / expected, found === 0 ? 'No heading is phrased as a question.' : `${found} question heading(s); ${expected} expected for ${model.wordCount} words.`, {
      title: found === 0 ? 'No headings are phrased as questions' : `Only ${found === 1 ? '1 heading is' : `${found} headings are`} phrased as a question`,
      details: list,
    });
  },
};
