import type { Check } from './types';
import { notApplicable, pass, scored } from './helpers';
import { typesOf } from '../model/json-ld';

export interface BreadcrumbsOptions {
  missingScore: number;
}

export const breadcrumbs: Check<BreadcrumbsOptions> = {
  id: 'breadcrumbs',
  title: 'Page declares its place in the site',
  failureTitle: 'No breadcrumb trail is declared',
  description: 'A BreadcrumbList shows where the page sits in the site\'s hierarchy, which helps machines understand its topic in context and how it relates to sibling pages.',
  learnMore: 'https://developers.google.com/search/docs/appearance/structured-data/breadcrumb',
  category: 'Schema',
  priority: 'Low',
  suggestion: 'Add a visible breadcrumb trail and BreadcrumbList JSON-LD.',
  defaultOptions: { missingScore: 0.3 },
  run(model, site, o) {
    if (!site) return notApplicable('Pasted content is not part of a site hierarchy.');
    const hasJsonLd = model.jsonLdNodes.some((n) => typesOf(n).includes('BreadcrumbList'));
    const hasMicrodata = model.microdata.some((m) => m.type === 'BreadcrumbList');
    if (hasJsonLd || hasMicrodata) return pass('A BreadcrumbList is declared.');
    if (model.url && /^https?:\/\/[^/]+\/?$/.test(model.url)) return notApplicable('The home page has no breadcrumb trail.');
    return scored(o.missingScore, 'No BreadcrumbList is declared.', { title: 'No breadcrumb trail is declared' });
  },
};
