import type { Check } from './types';
import { detail, notApplicable, pass, scored } from './helpers';

export interface MetaDescriptionOptions {
  minLength: number;
  maxLength: number;
}

export const metaDescription: Check<MetaDescriptionOptions> = {
  id: 'meta-description',
  title: 'Page has a meta description',
  failureTitle: 'Meta description is missing or of poor length',
  description:
    'The meta description is a ready-made summary: search and answer engines use it as the snippet and as a compact statement of what the page answers.',
  learnMore: 'https://developer.chrome.com/docs/lighthouse/seo/meta-description',
  category: 'Technical SEO',
  priority: 'Medium',
  suggestion: 'Write a meta description of 70 to 160 characters that states what the page answers.',
  defaultOptions: { minLength: 70, maxLength: 160 },
  run(model, _site, options) {
    if (model.format !== 'html') return notApplicable('Pasted Markdown or text has no meta tags.');
    const text = model.metaDescription?.trim() ?? '';
    if (!text) return scored(0, 'The page has no meta description.', { title: 'Page has no meta description' });
    const details = [detail('Description', text), detail('Length', text.length)];
    if (text.length < options.minLength) return scored(0.5, `The description is ${text.length} characters, shorter than ${options.minLength}.`, { title: 'Meta description is too short', details });
    if (text.length > options.maxLength) {
      return scored(0.8, `The description is ${text.length} characters and will be cut after about ${options.maxLength}.`, { title: 'Meta description is too long', details, priority: 'Low' });
    }
    return pass('The meta description has a useful length.', details);
  },
};
