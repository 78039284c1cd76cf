import { PLAN_IDS } from '@citable/contract';
import { describe, expect, it } from 'vitest';
import { FAQ } from '../data/faq';
import { headTags } from './head-tags';

function jsonLd(head: string): { '@graph': Record<string, unknown>[] } {
  const match = head.match(/<script type="application\/ld\+json">(.*?)<\/script>/s);
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

  it('cannot be broken out of by the JSON it embeds', () => {
    expect(head.match(/<\/script>/g)).toHaveLength(1);
  });
});
