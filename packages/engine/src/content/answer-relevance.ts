import { contentTerms, normalizedTerms } from '../tools/text-terms';
import { isBylineOrCaption, withoutByline } from '../tools/prose';
import { countWords, splitSentences } from '../text/words';
import { conciseAnswer } from './sentences';

/**
 * Whether an answer answers its question, measured the way a reader checks it first: does the
 * answer talk about what the question asks about? The question's key terms (its content words,
 * without the words that only frame a question: "know", "much", "long"…) must mostly appear in
 * the answer, plural-tolerant. A generated answer below MIN_ANSWER_RELEVANCE is not offered, and
 * the generated-content score scales with this measure, so an unrelated answer never scores 100.
 */

/** Words that frame a question rather than name its subject: "What should you know about…", "How much…". */
const FRAME_TERMS = new Set(['know', 'need', 'much', 'many', 'long', 'often', 'far', 'old', 'kind', 'type', 'way', 'thing', 'mean', 'tell', 'learn', 'explain']);
/** Share of the question's key terms an answer needs (the generator's topic match uses the same 60%). */
export const MIN_ANSWER_RELEVANCE = 0.6;
/** From this share on an answer counts as fully on topic: two of three key terms, three of four. */
export const FULL_ANSWER_RELEVANCE = 2 / 3;

/** The question's key terms, normalised and without repeats. */
export function questionTerms(question: string): string[] {
  return [...new Set(contentTerms(question).filter((t) => !FRAME_TERMS.has(t)))];
}

export interface AnswerRelevance {
  /** Share of the question's key terms found in the answer, 0..1; 0 when the question has none. */
  relevance: number;
  terms: string[];
  missing: string[];
}

export function answerRelevance(question: string, answer: string): AnswerRelevance {
  const terms = questionTerms(question);
  const present = new Set(normalizedTerms(answer));
  const missing = terms.filter((t) => !present.has(t));
  return { relevance: terms.length === 0 ? 0 : (terms.length - missing.length) / terms.length, terms, missing };
}

/**
 * A concise answer to `question` taken from `text`: whole sentences, from the opening when it
 * names what the question asks about, else from the sentence that names most of it (bylines and
 * captions skipped), kept only when the answer as a whole reaches MIN_ANSWER_RELEVANCE. Null
 * when the text does not answer the question.
 */
export function relevantAnswer(question: string, text: string, min = 25, max = 60): string | null {
  const terms = questionTerms(question);
  if (terms.length === 0) return null;
  const sentences = splitSentences(text)
    .map((s) => withoutByline(s))
    .filter((s) => countWords(s) > 0 && !isBylineOrCaption(s));
  const hits = sentences.map((s) => {
    const present = new Set(normalizedTerms(s));
    return terms.filter((t) => present.has(t)).length;
  });
  // The opening of the text first (under a question heading it is the page's own answer), when it
  // names the subject at all; then where the subject is named most fully, earlier first among equals.
  const starts = sentences.map((_, i) => i).filter((i) => hits[i] > 0).sort((a, b) => Number(b === 0) - Number(a === 0) || hits[b] - hits[a] || a - b);
  for (const start of starts) {
    const answer = conciseAnswer(sentences.slice(start).join(' '), min, max);
    if (answerRelevance(question, answer).relevance >= MIN_ANSWER_RELEVANCE) return answer;
  }
  return null;
}
