import type { GeneratedContentKind, GeneratedContentScore } from '@citable/contract';
import { buildPageModel } from '../model/build-page-model';
import { documentTitle } from '../checks/document-title';
import { metaDescription } from '../checks/meta-description';
import { conciseAnswers } from '../checks/concise-answers';
import type { Check } from '../checks/types';
import { DEFAULT_SCORING_CONFIG } from '../scoring/default-config';
import { countWords } from '../text/words';
import { isQuestion } from '../text/questions';
import { answerRelevance, FULL_ANSWER_RELEVANCE } from '../content/answer-relevance';

export interface ScoreGeneratedContentInput {
  kind: GeneratedContentKind;
  text: string;
  /**
   * For an answer: the question (or the query) it answers. The answer is then placed under that
   * question and must talk about what it asks; without one, only its length can be judged.
   */
  question?: string;
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/**
 * Scores a generated title, meta description or answer with the audit check that judges it in a
 * real page (document-title, meta-description, concise-answers): the text is placed in a
 * minimal document and the check runs with its default thresholds, so generated content is held
 * to exactly the bar the audit applies. An answer given with its question is placed under that
 * question and its score scaled by how much of what the question asks it talks about
 * (answer-relevance), so an unrelated answer of ideal length does not score 100.
 */
export function scoreGeneratedContent(input: ScoreGeneratedContentInput): GeneratedContentScore {
  const text = input.text.trim();
  const safe = escapeHtml(text);
  let check: Check;
  let html: string;
  let range: { min: number; max: number };
  let length: number;
  let unit: GeneratedContentScore['unit'];
  switch (input.kind) {
    case 'title':
      check = documentTitle as Check;
      html = `<html lang="en"><head><title>${safe}</title></head><body></body></html>`;
      range = { min: documentTitle.defaultOptions.minLength, max: documentTitle.defaultOptions.maxLength };
      length = text.length;
      unit = 'characters';
      break;
    case 'description':
      check = metaDescription as Check;
      html = `<html lang="en"><head><meta name="description" content="${safe}"></head><body></body></html>`;
      range = { min: metaDescription.defaultOptions.minLength, max: metaDescription.defaultOptions.maxLength };
      length = text.length;
      unit = 'characters';
      break;
    case 'answer': {
      check = conciseAnswers as Check;
      // The answer sits under its own question, as it would on the page, so the check reads the real pair.
      const asked = input.question?.trim();
      const heading = asked ? (isQuestion(asked) ? asked : `${asked.replace(/[.!:]+$/, '')}?`) : 'What is the answer?';
      html = `<html lang="en"><body><main><h2>${escapeHtml(heading)}</h2><p>${safe}</p></main></body></html>`;
      range = { min: conciseAnswers.defaultOptions.idealMin, max: conciseAnswers.defaultOptions.idealMax };
      length = countWords(text);
      unit = 'words';
      break;
    }
  }
  const model = buildPageModel({ body: html, format: 'html', url: null });
  const result = check.run(model, null, check.defaultOptions, { now: null });
  let score = result.applicable ? result.score : 0;
  let message = result.explanation;
  if (input.kind === 'answer' && input.question?.trim() && text) {
    // An answer of the right length that talks about something else answers nothing.
    const fit = answerRelevance(input.question, text);
    score *= Math.min(1, fit.relevance / FULL_ANSWER_RELEVANCE);
    const named = fit.terms.length - fit.missing.length;
    message = fit.terms.length === 0
      ? `${message} The question names nothing the answer could be matched against.`
      : `${message} The answer names ${named} of the question's ${fit.terms.length} key terms${fit.missing.length ? ` (missing: ${fit.missing.join(', ')})` : ''}.`;
  }
  return {
    kind: input.kind,
    checkId: check.id,
    length,
    unit,
    range,
    score: Math.round(score * 100),
    passed: score >= DEFAULT_SCORING_CONFIG.passThreshold,
    message,
  };
}
