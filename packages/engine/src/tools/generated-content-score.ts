import type { GeneratedContentKind, GeneratedContentScore } from '@citable/contract';
import { buildPageModel } from '../model/build-page-model';
import { documentTitle } from '../checks/document-title';
import { metaDescription } from '../checks/meta-description';
import { conciseAnswers } from '../checks/concise-answers';
import type { Check } from '../checks/types';
import { DEFAULT_SCORING_CONFIG } from '../scoring/default-config';
import { countWords } from '../text/words';

export interface ScoreGeneratedContentInput {
  kind: GeneratedContentKind;
  text: string;
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/**
 * Scores a generated title, meta description or answer with the audit check that judges it in a
 * real page (document-title, meta-description, concise-answers): the text is placed in a
 * minimal document and the check runs with its default thresholds, so generated content is held
 * to exactly the bar the audit applies.
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
    case 'answer':
      check = conciseAnswers as Check;
      html = `<html lang="en"><body><main><h2>What is the answer?</h2><p>${safe}</p></main></body></html>`;
      range = { min: conciseAnswers.defaultOptions.idealMin, max: conciseAnswers.defaultOptions.idealMax };
      length = countWords(text);
      unit = 'words';
      break;
  }
  const model = buildPageModel({ body: html, format: 'html', url: null });
  const result = check.run(model, null, check.defaultOptions, { now: null });
  const score = result.applicable ? result.score : 0;
  return {
    kind: input.kind,
    checkId: check.id,
    length,
    unit,
    range,
    score: Math.round(score * 100),
    passed: score >= DEFAULT_SCORING_CONFIG.passThreshold,
    message: result.explanation,
  };
}
