import { describe, expect, it } from 'vitest';
import { validateSchemaNode } from '../schema/schema-rules';
import { buildPageModel } from '../model/build-page-model';
import { schemaValidity } from '../checks/schema-validity';
import { generateSchema } from './schema-generator';
import { BAKERY, DETAILS_FAQ, EVENT, PERSON, PRODUCT, snapshot, SOLAR_GUIDE, USER_URL } from './fixtures/pages';
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
