import type { Check } from './types';
import { detail, notApplicable, pass, scored } from './helpers';
import { hostOf } from '../model/collect-document';

export type CanonicalOptions = Record<string, never>;

export const canonical: Check<CanonicalOptions> = {
  id: 'canonical',
  title: 'Page declares a valid canonical URL',
  failureTitle: 'Canonical URL is missing or wrong',
  description:
    'A canonical link tells crawlers which URL is the original, so citations and ranking signals of duplicate URLs (tracking parameters, print versions) accrue to one page.',
  learnMore: 'https://developer.chrome.com/docs/lighthouse/seo/canonical',
  category: 'Technical SEO',
  priority: 'Medium',
  suggestion: 'Add <link rel="canonical" href="..."> with the absolute URL of this page.',
  defaultOptions: {},
  run(model) {
    if (model.format !== 'html') return notApplicable('Pasted Markdown or text has no link elements.');
    if (model.canonicalCount === 0) return scored(0.5, 'The page declares no canonical URL.', { title: 'Page declares no canonical URL', priority: 'Low' });
    const href = model.canonical ?? '';
    const details = [detail('Canonical', href)];
    if (model.canonicalCount > 1) return scored(0.2, `The page declares ${model.canonicalCount} canonical links; crawlers then ignore them all.`, { title: `Page declares ${model.canonicalCount} canonical URLs`, details });
    if (!/^https?:\/\//i.test(href)) return scored(0.3, 'The canonical URL is not a valid absolute URL.', { title: 'Canonical URL is not absolute', details });
    if (model.url) {
      if (hostOf(href) !== hostOf(model.url)) {
        return scored(0.4, 'The canonical URL points to another host, so this page hands its citations to that one.', { title: 'Canonical URL points to another host', details });
      }
      const path = (u: string) => u.replace(/^https?:\/\/[^/]+/i, '').replace(/[?#].*$/, '') || '/';
      if (path(href) === '/' && path(model.url) !== '/') {
        return scored(0, 'The canonical URL points to the site root instead of this page, which de-duplicates the page out of the index.', { title: 'Canonical URL points to the home page, not this page', details, priority: 'High' });
      }
    }
    return pass('The page declares one valid canonical URL.', details);
  },
};
