import { describe, expect, it } from 'vitest';
import { validateSchemaNode } from '../schema/schema-rules';
import { buildPageModel } from '../model/build-page-model';
import { schemaValidity } from '../checks/schema-validity';
import { generateSchema, looksLikePersonName } from './schema-generator';
import { BAKERY, DETAILS_FAQ, EVENT, NEWS_ARTICLE, PERSON, PRODUCT, snapshot, SOLAR_GUIDE, USER_URL } from './fixtures/pages';
import { ruleFor } from '../schema/schema-rules';
import type { JsonLdNode } from '../model/types';

function graph(schema: Record<string, unknown>): JsonLdNode[] {
  return Array.isArray(schema['@graph']) ? (schema['@graph'] as JsonLdNode[]) : [schema];
}

function ofType(schema: Record<string, unknown>, type: string): JsonLdNode[] {
  return graph(schema).filter((n) => n['@type'] === type);
}

describe('generateSchema', () => {
  it('builds FAQPage markup from question headings and answers that passes the audit rules', () => {
    const result = generateSchema({ snapshot: snapshot(SOLAR_GUIDE, USER_URL), scope: 'page' });
    const [faq] = ofType(result.schema, 'FAQPage');
    expect(faq).toBeDefined();
    const questions = (faq.mainEntity as JsonLdNode[]).map((q) => q.name);
    expect(questions).toEqual(['How much do solar panels cost?', 'How long do solar panels last?', 'Do solar panels work in winter?']);
    expect(validateSchemaNode({ '@context': 'https://schema.org', ...faq })!.errors).toEqual([]);
    expect(result.validationWarnings.filter((w) => w.severity === 'error')).toEqual([]);
  });

  it('builds FAQPage markup from <details> blocks', () => {
    const result = generateSchema({ snapshot: snapshot(DETAILS_FAQ, 'https://warm.example/faq'), scope: 'page' });
    expect(result.suggestedType).toBe('FAQPage');
    expect((result.schema.mainEntity as JsonLdNode[]).length).toBe(3);
    expect(result.validationWarnings).toEqual([]);
  });

  it('merges existing Organization markup instead of duplicating it', () => {
    const result = generateSchema({ snapshot: snapshot(SOLAR_GUIDE, USER_URL), scope: 'site' });
    const orgs = ofType(result.schema, 'Organization');
    expect(orgs).toHaveLength(1);
    expect(orgs[0].name).toBe('Sunny Energy Ltd');
    expect(orgs[0].logo).toBe('https://sunny.example/img/sunny-logo.png');
    expect(orgs[0].sameAs).toEqual(['https://www.linkedin.com/company/sunny-energy', 'https://x.com/sunnyenergy']);
    expect(result.mergedExisting).toEqual(['Organization']);
    expect(result.instructions.some((s) => s.includes('Remove the page\'s 1 existing JSON-LD block'))).toBe(true);
    const [site] = ofType(result.schema, 'WebSite');
    expect(site.potentialAction).toMatchObject({ target: { urlTemplate: 'https://sunny.example/search?q={search_term_string}' } });
  });

  it('describes an article page with its parts: Article, HowTo, BreadcrumbList, and the publisher', () => {
    const result = generateSchema({ snapshot: snapshot(SOLAR_GUIDE, USER_URL), scope: 'page' });
    expect(result.suggestedType).toBe('Article');
    const [article] = ofType(result.schema, 'Article');
    expect(article).toMatchObject({ headline: 'Solar panels for homes: costs and savings', datePublished: '2025-03-01T00:00:00.000Z', author: [{ name: 'Jane Doe' }] });
    expect(article.publisher).toEqual({ '@id': 'https://sunny.example/#organization' });
    const [howTo] = ofType(result.schema, 'HowTo');
    expect((howTo.step as unknown[]).length).toBe(4);
    const [crumbs] = ofType(result.schema, 'BreadcrumbList');
    expect((crumbs.itemListElement as JsonLdNode[]).map((i) => i.name)).toEqual(['Home', 'Guides', 'Solar panels']);
    expect(ofType(result.schema, 'Organization')).toHaveLength(1);
  });

  it('pastes as a script element whose markup the schema-validity check accepts', () => {
    const result = generateSchema({ snapshot: snapshot(SOLAR_GUIDE, USER_URL), scope: 'page' });
    expect(result.implementation.startsWith('<script type="application/ld+json">')).toBe(true);
    const model = buildPageModel({ body: `<html><head>${result.implementation}</head><body><p>x</p></body></html>`, format: 'html', url: USER_URL });
    const check = schemaValidity.run(model, null, schemaValidity.defaultOptions, { now: null });
    expect(check.applicable && check.explanation).not.toMatch(/miss required/);
  });

  it('detects a local business from its address, phone and opening hours', () => {
    const result = generateSchema({ snapshot: snapshot(BAKERY, 'https://crumb.example/'), scope: 'site' });
    const [shop] = ofType(result.schema, 'LocalBusiness');
    expect(shop).toMatchObject({ name: 'Crumb Bakery', telephone: '+15035550142', address: { streetAddress: '120 Market Street', addressLocality: 'Portland', addressRegion: 'OR', postalCode: '97204', addressCountry: 'United States' } });
    expect(shop.openingHoursSpecification).toEqual([
      { '@type': 'OpeningHoursSpecification', dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'], opens: '07:00', closes: '18:00' },
      { '@type': 'OpeningHoursSpecification', dayOfWeek: ['Saturday', 'Sunday'], opens: '08:00', closes: '14:00' },
    ]);
    expect(ofType(result.schema, 'Organization')).toHaveLength(0);
  });

  it('detects a product with its offer, an event and a person', () => {
    const product = generateSchema({ snapshot: snapshot(PRODUCT, 'https://sunny.example/shop/x2'), scope: 'page' });
    expect(product.suggestedType).toBe('Product');
    expect(product.schema).toMatchObject({ name: 'Solar Battery X2', offers: { price: '4999.00', priceCurrency: 'USD', availability: 'https://schema.org/InStock' } });
    expect(product.validationWarnings.filter((w) => w.severity === 'error')).toEqual([]);

    const event = generateSchema({ snapshot: snapshot(EVENT, 'https://sunny.example/events/summit'), scope: 'page' });
    expect(event.suggestedType).toBe('Event');
    expect(event.schema).toMatchObject({ startDate: '2026-05-14T09:00:00.000Z', location: { '@type': 'Place', name: 'Oregon Convention Center, Portland' } });

    const person = generateSchema({ snapshot: snapshot(PERSON, 'https://sunny.example/team/jane-doe'), scope: 'page' });
    expect(person.suggestedType).toBe('Person');
    expect(person.schema).toMatchObject({ name: 'Jane Doe', jobTitle: 'energy editor', worksFor: { name: 'Sunny Energy' }, sameAs: ['https://www.linkedin.com/in/janedoe'] });
  });

  it('honours a requested content type', () => {
    const result = generateSchema({ snapshot: snapshot(DETAILS_FAQ, 'https://warm.example/faq/heat-pumps'), scope: 'page', contentType: 'BreadcrumbList' });
    expect(result.suggestedType).toBe('BreadcrumbList');
    const [crumbs] = ofType(result.schema, 'BreadcrumbList');
    expect((crumbs.itemListElement as JsonLdNode[]).map((i) => i.item)).toEqual(['https://warm.example/', 'https://warm.example/faq/', 'https://warm.example/faq/heat-pumps']);
  });

  it('works on pasted Markdown, which has no address', () => {
    const markdown = '# Heat pumps\n\n## What is a heat pump?\n\nA heat pump moves heat from outside into the home using electricity.\n\n## Are heat pumps noisy?\n\nModern heat pumps run at about 40 to 60 decibels, as loud as a quiet conversation.\n';
    const result = generateSchema({ snapshot: { page: { url: null, body: markdown, format: 'markdown' }, site: null }, scope: 'page' });
    expect(result.suggestedType).toBe('FAQPage');
    expect(result.schema['@id']).toBe('#faq');
    expect(result.validationWarnings.filter((w) => w.severity === 'error')).toEqual([]);
  });

  it('says when existing JSON-LD could not be read', () => {
    const html = '<html><head><script type="application/ld+json">{"@type": "Organization",}</script></head><body><main><h1>Acme</h1></main></body></html>';
    const result = generateSchema({ snapshot: snapshot(html, 'https://acme.example/'), scope: 'site' });
    expect(result.instructions.some((s) => s.startsWith('1 existing JSON-LD block(s) are not valid JSON'))).toBe(true);
    expect(result.mergedExisting).toEqual([]);
  });
});

const NEWS_URL = 'https://www.bbc.co.uk/news/world-us-canada-33646704';

/** Every node of the output with its path ("NewsArticle", "NewsArticle.author"), as the warnings name them. */
function nodesByPath(schema: Record<string, unknown>): Map<string, JsonLdNode[]> {
  const out = new Map<string, JsonLdNode[]>();
  const add = (path: string, node: JsonLdNode) => out.set(path, [...(out.get(path) ?? []), node]);
  const walk = (node: JsonLdNode, path: string): void => {
    for (const [k, v] of Object.entries(node)) {
      if (k.startsWith('@')) continue;
      for (const item of Array.isArray(v) ? v : [v]) {
        if (!item || typeof item !== 'object' || Array.isArray(item)) continue;
        if ((item as JsonLdNode)['@type'] !== undefined) add(`${path}.${k}`, item as JsonLdNode);
        walk(item as JsonLdNode, `${path}.${k}`);
      }
    }
  };
  for (const node of graph(schema)) {
    const type = String(Array.isArray(node['@type']) ? node['@type'][0] : node['@type']);
    add(type, node);
    walk(node, type);
  }
  return out;
}

/** Each "property … is missing" warning names a node of the output that lacks the property. */
function expectWarningsToAgree(schema: Record<string, unknown>, warnings: { field: string; message: string }[]): void {
  const nodes = nodesByPath(schema);
  for (const w of warnings) {
    const missing = /property (.+) is missing/.exec(w.message);
    if (!missing) continue;
    const alternatives = missing[1].split(' or ');
    const path = w.field.slice(0, w.field.lastIndexOf('.'));
    const at = nodes.get(path) ?? [];
    expect(at.length, `${w.field}: no node at ${path}`).toBeGreaterThan(0);
    expect(at.some((n) => alternatives.every((p) => n[p] === undefined)), `${w.field} is present in the output`).toBe(true);
  }
}

describe('generateSchema on a news article (the BBC case)', () => {
  const result = (scope: 'page' | 'site' = 'page') => generateSchema({ snapshot: snapshot(NEWS_ARTICLE, NEWS_URL), scope });

  it('warns only about what its own output lacks: no "Organization.url missing" when the url is there', () => {
    for (const scope of ['page', 'site'] as const) {
      const { schema, validationWarnings } = result(scope);
      const [org] = ofType(schema, 'Organization');
      expect(org.url).toBe('https://www.bbc.co.uk/');
      expect(validationWarnings.map((w) => w.field)).not.toContain('Organization.url');
      expectWarningsToAgree(schema, validationWarnings);
      // One warning per field and message.
      const keys = validationWarnings.map((w) => `${w.field}|${w.message}`);
      expect(new Set(keys).size).toBe(keys.length);
    }
  });

  it('describes the site\'s organisation once: a nested copy becomes a reference to it', () => {
    const { schema } = result();
    const [article] = ofType(schema, 'NewsArticle');
    expect(article.publisher).toEqual({ '@id': 'https://www.bbc.co.uk/#organization' });
    expect(ofType(schema, 'Organization')).toHaveLength(1);
    const orgs = [...nodesByPath(schema).entries()].filter(([, list]) => list.some((n) => ruleFor(String(n['@type']))?.type === 'Organization'));
    expect(orgs.map(([path]) => path)).toEqual(['Organization']);
  });

  it('takes sameAs only from profile links, never from share dialogs', () => {
    const [org] = ofType(result().schema, 'Organization');
    expect(org.sameAs).toEqual(['https://www.facebook.com/bbcnews', 'https://twitter.com/BBCNews']);
  });

  it('makes the author "BBC News" the organisation, not a Person', () => {
    const { schema } = result();
    const [article] = ofType(schema, 'NewsArticle');
    expect(article.author).toEqual([{ '@id': 'https://www.bbc.co.uk/#organization' }]);
    const people = [...nodesByPath(schema).values()].flat().filter((n) => n['@type'] === 'Person');
    expect(people).toEqual([]);
  });

  const authored = (author: string, extra = '') =>
    generateSchema({
      snapshot: snapshot(NEWS_ARTICLE.replace('content="BBC News">\n<meta name="description"', `content="${author}">${extra}\n<meta name="description"`), NEWS_URL),
      scope: 'page',
    });
  const authorOf = (author: string) => ofType(authored(author).schema, 'NewsArticle')[0].author;

  it('types authors by what they are: people, organisations, or nothing', () => {
    expect(authorOf('Jon Sopel')).toEqual([{ '@type': 'Person', name: 'Jon Sopel' }]);
    expect(authorOf('Acme Media Group')).toEqual([{ '@type': 'Organization', name: 'Acme Media Group' }]);
    expect(authorOf('Harvard University')).toEqual([{ '@type': 'Organization', name: 'Harvard University' }]);
    // The site's own name, however written, is the site's Organization.
    expect(authorOf('BBC News Online')).toEqual([{ '@id': 'https://www.bbc.co.uk/#organization' }]);
    // Not a person's name: no author rather than a Person called "admin".
    expect(authorOf('admin')).toBeUndefined();
    expect(authorOf('Sopel')).toBeUndefined();
    // A byline with its date run in names the person.
    expect(authorOf('Dan Goodin - Apr 16, 2015 8:02 pm UTC')).toEqual([{ '@type': 'Person', name: 'Dan Goodin' }]);
  });

  it('names the nested node a warning is about by its path', () => {
    const { validationWarnings, schema } = authored('Jon Sopel');
    expect(validationWarnings.map((w) => w.field)).toContain('NewsArticle.author.url');
    expect(validationWarnings.map((w) => w.field)).not.toContain('Person.url');
    expectWarningsToAgree(schema, validationWarnings);
  });
});

describe('generateSchema warnings agree with the output on every fixture', () => {
  it.each([
    ['SOLAR_GUIDE', SOLAR_GUIDE, USER_URL],
    ['DETAILS_FAQ', DETAILS_FAQ, 'https://warm.example/faq'],
    ['BAKERY', BAKERY, 'https://crumb.example/'],
    ['PRODUCT', PRODUCT, 'https://sunny.example/shop/x2'],
    ['EVENT', EVENT, 'https://sunny.example/events/summit'],
    ['PERSON', PERSON, 'https://sunny.example/team/jane-doe'],
  ])('%s', (_, html, url) => {
    for (const scope of ['page', 'site'] as const) {
      const { schema, validationWarnings } = generateSchema({ snapshot: snapshot(html, url), scope });
      expectWarningsToAgree(schema, validationWarnings);
    }
  });
});

describe('looksLikePersonName', () => {
  it.each(['Jane Doe', 'Jon Sopel', 'Luis de Miranda', 'Mary-Kate O’Neil', 'John C. Welch'])('%s is a person\'s name', (name) => {
    expect(looksLikePersonName(name)).toBe(true);
  });
  it.each(['BBC News', 'Acme Inc', 'Sunny Media Group', 'Columbia University', 'admin', 'Sopel', 'jane doe', '@janedoe', 'Jane Doe 2', 'A B C D E', 'de Miranda Luis'])('%s is not', (name) => {
    expect(looksLikePersonName(name)).toBe(false);
  });
});
