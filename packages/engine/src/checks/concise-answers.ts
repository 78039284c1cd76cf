import type { Check } from './types';
import { detail, details, notApplicable, pass, scored } from './helpers';

export interface ConciseAnswersOptions {
  /** Answers of idealMin..idealMax words score fully (voice answers average about 29 words). */
  idealMin: number;
  idealMax: number;
  /** Longer than this, an answer is an essay, not an answer. */
  hardMax: number;
  tooShort: number;
}

export const conciseAnswers: Check<ConciseAnswersOptions> = {
  id: 'concise-answers',
  title: 'Questions are answered concisely',
  failureTitle: 'Question headings lack a concise answer',
  description:
    'Featured snippets and voice answers take the first passage after a question: about 40-60 words, and voice answers average about 29 words at a 9th-grade reading level. An answer-first paragraph of that size is what gets quoted.',
  learnMore: 'https://backlinko.com/voice-search-seo-study',
  category: 'Content',
  priority: 'Medium',
  suggestion: 'Start each question\'s section with a direct 25-60 word answer, then elaborate.',
  defaultOptions: { idealMin: 25, idealMax: 60, hardMax: 120, tooShort: 10 },
  run(model, _site, o) {
    if (model.answers.length === 0) return notApplicable('No question headings to answer (see question-headings).');
    const scoreOf = (n: number): number => {
      if (n === 0) return 0;
      if (n < o.tooShort) return 0.4;
      if (n < o.idealMin) return 0.8;
      if (n <= o.idealMax) return 1;
      if (n <= o.hardMax) return 1 - 0.6 * ((n - o.idealMax) / (o.hardMax - o.idealMax));
      return 0.3;
    };
    const scores = model.answers.map((a) => scoreOf(a.answerWordCount));
    const score = scores.reduce((x, y) => x + y, 0) / scores.length;
    const bad = model.answers.filter((_, i) => scores[i] < 1);
    const list = details(bad, (a) => detail(a.question, a.answerWordCount === 0 ? 'no answer paragraph follows' : `${a.answerWordCount}-word answer`));
    if (bad.length === 0) return pass(`All ${model.answers.length} question(s) are followed by a ${o.idealMin}-${o.idealMax} word answer.`);
    return scored(score, `${bad.length} of ${model.answers.length} question heading(s) are not followed by a ${o.idealMin}-${o.idealMax} word answer.`, { title: answersTitle(bad.map((a) => a.answerWordCount), o), details: list });
  },
};

/** The headline for the answers that fall short: missing, too short or too long, or a mix of these. */
function answersTitle(wordCounts: readonly number[], o: ConciseAnswersOptions): string {
  const n = wordCounts.length;
  const subject = n === 1 ? 'A question heading' : `${n} question headings`;
  if (wordCounts.every((w) => w === 0)) return `${subject} ${n === 1 ? 'has' : 'have'} no answer below ${n === 1 ? 'it' : 'them'}`;
  if (wordCounts.every((w) => w > 0 && w < o.idealMin)) return `${subject} ${n === 1 ? 'has an answer' : 'have answers'} too short to stand alone`;
  if (wordCounts.every((w) => w > o.idealMax)) return `${subject} ${n === 1 ? 'has an answer' : 'have answers'} too long to quote`;
  return `${subject} ${n === 1 ? 'lacks' : 'lack'} a concise answer`;
}
