import type { PageModel } from '../model/types';
import type { Check } from './types';
import { detail, scored, pass } from './helpers';

export interface DocumentTitleOptions {
  minLength: number;
  maxLength: number;
}

const GENERIC_RE = /^(?:home|homepage|untitled|document|index|page|welcome|new page|default)$/i;

const nameKey = (s: string): string => s.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');

/**
 * The names the site goes by: og:site_name, its declared organisation names, its host's first
 * label. A title that is only one of these names the site, not what the page is about (issue #32:
 * "Stumptown Bean Co" is not a more descriptive title than "How to brew pour-over coffee | Stumptown Bean Co").
 */
function siteNames(model: PageModel): string[] {
  const names = [model.meta['og:site_name'] ?? ''];
  for (const node of model.jsonLdNodes) {
    const types = ([] as unknown[]).concat(node['@type'] ?? []).map(String);
    if (types.some((t) => /Organization|Business|Store|Shop|Service|Brand|WebSite/.test(t)) && typeof node.name === 'string') names.push(node.name);
  }
  const host = model.url ? /^https?:\/\/(?:www\.)?([^./:]+)/i.exec(model.url)?.[1] : undefined;
  if (host) names.push(host);
  return names.map(nameKey).filter((n) => n.length > 0);
}

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
    if (siteNames(model).includes(nameKey(title))) {
      return scored(0.6, `The title "${title}" is only the site's name; it does not say what the page is about.`, {
        title: "Page title is only the site's name",
        details,
        priority: 'Medium',
        suggestion: 'Put what the page offers or answers first in the title, then the site name.',
      });
    }
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
