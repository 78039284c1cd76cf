import type { Check } from './types';
import { detail, notApplicable, pass, scored } from './helpers';
import { typesOf } from '../model/json-ld';

export interface FaqContentOptions {
  /** Answered question headings that make an FAQ section. */
  minQuestions: number;
  minWords: number;
}

export const faqContent: Check<FaqContentOptions> = {
  id: 'faq-content',
  title: 'Page has FAQ content',
  failureTitle: 'FAQ content or FAQPage markup is missing',
  description:
    'An FAQ section packages the follow-up questions people ask with short answers, the exact shape of conversational queries; FAQPage markup makes each question and answer explicit.',
  learnMore: 'https://developers.google.com/search/docs/appearance/structured-data/faqpage',
  category: 'Content',
  priority: 'Low',
  suggestion: 'Add an FAQ section with the 3-8 most common questions and short answers, marked up as FAQPage.',
  defaultOptions: { minQuestions: 3, minWords: 150 },
  run(model, _site, o) {
    if (model.wordCount < o.minWords) return notApplicable(`The content has fewer than ${o.minWords} words.`);
    const answered = model.answers.filter((a) => a.answerWordCount > 0).length;
    const hasSchema = model.jsonLdNodes.some((n) => typesOf(n).includes('FAQPage') || typesOf(n).includes('QAPage'));
    const list = [detail('Answered question headings', answered), detail('FAQPage markup', hasSchema ? 'yes' : 'no')];
    if (hasSchema && answered >= 1) return pass('The page has FAQ content with FAQPage markup.', list);
    if (hasSchema) return scored(0.8, 'FAQPage markup is present, but the questions are not visible as headings in the content.', { title: 'FAQPage markup has no visible questions', details: list, suggestion: 'Show the marked-up questions and answers on the page.' });
    if (answered >= o.minQuestions) return scored(0.8, `${answered} answered questions form an FAQ, but without FAQPage markup.`, { title: 'FAQ not marked up as FAQPage', details: list, suggestion: 'Mark the questions and answers up as FAQPage JSON-LD.' });
    return scored(answered * 0.2, answered === 0 ? 'The page has no question-and-answer content.' : `Only ${answered} answered question(s).`, {
      title: answered === 0 ? 'Page has no FAQ section' : `Only ${answered === 1 ? '1 answered question' : `${answered} answered questions`}, too few for an FAQ`,
      details: list,
    });
  },
};
