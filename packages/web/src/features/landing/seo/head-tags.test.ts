import { PLAN_IDS } from '@citable/contract';
import { describe, expect, it } from 'vitest';
import { HELP_FAQ } from '../../help-center/data/help-faq';
import { FAQ } from '../data/faq';
import { HOW_IT_WORKS } from '../data/how-it-works';
import { LANDING_DATES } from '../data/product-facts';
import { headTags } from './head-tags';

function jsonLd(head: string, index = 0): { '@graph': Record<string, unknown>[] } {
  const match = [...head.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)][index];
  if (!match) throw new Error('no JSON-LD');
  return JSON.parse(match[1]);
}

describe('headTags', () => {
  const head = headTags('/pricing', 'https://citable.example');

  it('has a title, description, canonical and Open Graph tags', () => {
    expect(head).toMatch(/<title>Pricing \| Citable[^<]*<\/title>/);
    expect(head).toContain('<meta name="description" content="');
    expect(head).toContain('<link rel="canonical" href="https://citable.example/pricing" />');
    expect(head).toContain('<meta property="og:url" content="https://citable.example/pricing" />');
    expect(head).toContain('<meta property="og:image" content="https://citable.example/og-image.png" />');
  });

  it('publishes Organization, WebSite, SoftwareApplication with every plan, and the FAQ', () => {
    const graph = jsonLd(head)['@graph'];
    const types = graph.map((node) => node['@type']);
    expect(types).toEqual(['Organization', 'WebSite', 'SoftwareApplication', 'FAQPage']);
    expect((graph[2].offers as unknown[]).length).toBe(PLAN_IDS.length);
    expect((graph[3].mainEntity as unknown[]).length).toBe(FAQ.length);
  });

  it('describes the page itself: its author, dates, breadcrumbs and the how-it-works steps', () => {
    const [page, breadcrumbs, howTo] = jsonLd(head, 1)['@graph'];
    expect(page).toMatchObject({
      '@type': 'WebPage',
      url: 'https://citable.example/pricing',
      author: { '@id': 'https://citable.example/#organization', name: 'Citable' },
      datePublished: LANDING_DATES.published,
      dateModified: LANDING_DATES.updated,
    });
    expect(breadcrumbs).toMatchObject({ '@type': 'BreadcrumbList', itemListElement: [{ position: 1, name: 'Home' }, { position: 2, name: 'Pricing', item: 'https://citable.example/pricing' }] });
    expect(howTo).toMatchObject({ '@type': 'HowTo' });
    expect((howTo.step as { name: string }[]).map((step) => step.name)).toEqual(HOW_IT_WORKS.map((step) => step.title));
    // The home page is the root: no breadcrumbs.
    expect(jsonLd(headTags('/', 'https://citable.example'), 1)['@graph'].map((node) => node['@type'])).toEqual(['WebPage', 'HowTo']);
  });

  it('gives the Help Centre its own FAQ, and not the landing one', () => {
    const help = headTags('/help-center', 'https://citable.example');
    expect(jsonLd(help)['@graph'].map((node) => node['@type'])).toEqual(['Organization', 'WebSite', 'SoftwareApplication']);
    const own = jsonLd(help, 1)['@graph'];
    expect(own.map((node) => node['@type'])).toEqual(['CollectionPage', 'BreadcrumbList', 'HowTo', 'FAQPage']);
    expect((own[3].mainEntity as { name: string }[]).map((question) => question.name)).toEqual(HELP_FAQ.map((entry) => entry.question));
  });

  it('cannot be broken out of by the JSON it embeds', () => {
    expect(head.match(/<\/script>/g)).toHaveLength(2);
  });
});
