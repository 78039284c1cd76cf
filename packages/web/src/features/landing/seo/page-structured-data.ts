import { HOW_IT_WORKS } from '../data/how-it-works';
import { LANDING_DATES } from '../data/product-facts';

/**
 * JSON-LD of a public page's own content, beside the site-wide Organization, WebSite and product
 * nodes of structured-data.ts: the page itself (who publishes it, when it was published and last
 * changed), its breadcrumbs and its step-by-step guides.
 */

interface Dates {
  published: string;
  updated: string;
}

interface WebPageInput {
  path: string;
  name: string;
  description: string;
  dates: Dates;
  /** CSS selectors of the passages a voice assistant should read aloud. */
  speakable: string[];
  type?: 'WebPage' | 'CollectionPage';
}

export function webPageNode(origin: string, page: WebPageInput): Record<string, unknown> {
  const organization = `${origin}/#organization`;
  return {
    '@type': page.type ?? 'WebPage',
    '@id': `${origin}${page.path}#webpage`,
    url: `${origin}${page.path}`,
    name: page.name,
    description: page.description,
    inLanguage: 'en',
    isPartOf: { '@id': `${origin}/#website` },
    about: { '@id': `${origin}/#software` },
    // A reference to the Organization node, named so that readers of this block alone see the author.
    author: { '@id': organization, name: 'Citable' },
    publisher: { '@id': organization },
    datePublished: page.dates.published,
    dateModified: page.dates.updated,
    speakable: { '@type': 'SpeakableSpecification', cssSelector: page.speakable },
  };
}

export function breadcrumbList(origin: string, trail: { name: string; path: string }[]): Record<string, unknown> {
  return {
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((step, index) => ({ '@type': 'ListItem', position: index + 1, name: step.name, item: `${origin}${step.path}` })),
  };
}

export function howToNode(origin: string, guide: { path: string; anchor: string; name: string; description: string; steps: { name: string; text: string }[] }) {
  const url = `${origin}${guide.path}#${guide.anchor}`;
  return {
    '@type': 'HowTo',
    '@id': url,
    name: guide.name,
    description: guide.description,
    tool: { '@type': 'HowToTool', name: 'Citable' },
    step: guide.steps.map((step, index) => ({ '@type': 'HowToStep', position: index + 1, name: step.name, text: step.text, url })),
  };
}

const LANDING_TRAIL: Record<string, { name: string; path: string }[]> = {
  '/features': [{ name: 'Home', path: '/' }, { name: 'Features', path: '/features' }],
  '/pricing': [{ name: 'Home', path: '/' }, { name: 'Pricing', path: '/pricing' }],
};

/** The landing page's own nodes on /, /features and /pricing, which all show the landing content. */
export function landingStructuredData(path: string, name: string, description: string) {
  return (origin: string): Record<string, unknown>[] => [
    webPageNode(origin, { path, name, description, dates: LANDING_DATES, speakable: ['#hero-title', '#hero-summary', '#evidence-title'] }),
    ...(LANDING_TRAIL[path] ? [breadcrumbList(origin, LANDING_TRAIL[path])] : []),
    howToNode(origin, {
      path,
      anchor: 'how-it-works',
      name: 'How to improve your AI visibility with Citable',
      description: 'The working pattern of Citable: analyze a page, optimize it with the tools, and track the result.',
      steps: HOW_IT_WORKS.map((step) => ({ name: step.title, text: step.description })),
    }),
  ];
}
