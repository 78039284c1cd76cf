import type { Check } from './types';
import { detail, scored, pass } from './helpers';

export interface DocumentTitleOptions {
  minLength: number;
  maxLength: number;
}

const GENERIC_RE = /^(?:home|homepage|untitled|document|index|page|welcome|new page|default)$/i;

export const documentTitle: Check<DocumentTitleOptions> = {
  id: 'document-title',
  title: 'Page has a descriptive title',
  failureTitle: 'Page title is missing or weak',
  description:
    'The title is the strongest single signal of what a page is about; answer engines show it when they cite the page and use it to match the page to questions.',
  learnMore: 'https://developer.chrome.com/docs/lighthouse/seo/document-title',
  category: 'Technical SEO',
  priority: 'High',
  suggestion: 'Give the page a unique <title> of 10 to 70 characters that names its subject.',
  defaultOptions: { minLength: 10, maxLength: 70 },
  run(model, _site, options) {
    const title = model.title?.trim() ?? '';
    if (!title) return scored(0, 'The page has no title.', { title: 'Page has no title' });
    const details = [detail('Title', title), detail('Length', title.length)];
    if (GENERIC_RE.test(title)) return scored(0.4, `The title "${title}" is generic and says nothing about the content.`, { title: 'Page title is generic', details, priority: 'Medium' });
    if (title.length < options.minLength) {
      return scored(0.6, `The title is ${title.length} characters long, shorter than ${options.minLength}.`, { title: 'Page title is too short', details, priority: 'Medium' });
    }
    if (title.length > options.maxLength) {
      return scored(0.8, `The title is ${title.length} characters long; beyond ${options.maxLength} it is truncated when shown.`, {
        title: 'Page title is too long',
        details,
        priority: 'Low',
        suggestion: `Shorten the title to at most ${options.maxLength} characters, subject first.`,
      });
    }
    return pass(`The title "${title}" has a useful length.`, details);
  },
};
