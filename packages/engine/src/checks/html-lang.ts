import type { Check } from './types';
import { detail, notApplicable, pass, scored } from './helpers';

export type HtmlLangOptions = Record<string, never>;

const BCP47_RE = /^[a-z]{2,3}(?:-[a-z]{4})?(?:-(?:[a-z]{2}|\d{3}))?(?:-[a-z\d]{5,8})*$/i;

export const htmlLang: Check<HtmlLangOptions> = {
  id: 'html-lang',
  title: 'Document declares its language',
  failureTitle: 'Document language is missing or invalid',
  description:
    'The lang attribute tells crawlers and answer engines which language the page is in, so it is matched to questions asked in that language and read aloud correctly.',
  learnMore: 'https://developer.chrome.com/docs/lighthouse/accessibility/html-has-lang',
  category: 'Technical SEO',
  priority: 'Low',
  suggestion: 'Add a valid BCP 47 language code to the html element, e.g. <html lang="en">.',
  defaultOptions: {},
  run(model) {
    if (model.format !== 'html') return notApplicable('Pasted Markdown or text has no html element.');
    if (!model.lang) return scored(0, 'The html element has no lang attribute.', { title: 'Document language is not declared' });
    if (!BCP47_RE.test(model.lang)) return scored(0.3, `"${model.lang}" is not a valid language code.`, { title: 'Document language code is invalid', details: [detail('lang', model.lang)] });
    return pass(`The document declares lang="${model.lang}".`);
  },
};
