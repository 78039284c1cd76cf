import { describe, expect, it } from 'vitest';
import { analyzeEntityCoverage, entitiesOf } from './entity-coverage';
import { COMPETITOR_ENTITIES, COMPETITOR_OTHER, ENTITY_NOISE, page, USER_ENTITIES } from './fixtures/pages';

const user = () => page(USER_ENTITIES, 'https://sunny.example/guides/home-solar');
const rival = () => page(COMPETITOR_ENTITIES, 'https://rival.example/solar-costs');
const patio = () => page(COMPETITOR_OTHER, 'https://patio.example/furniture');

describe('analyzeEntityCoverage', () => {
  it('lists an organization a competitor names and the user does not as missing, with a factual description', () => {
    const result = analyzeEntityCoverage({ page: user(), competitors: [rival(), patio()] });
    const nrel = result.missingEntities.find((e) => e.name === 'National Renewable Energy Laboratory');
    expect(nrel).toMatchObject({ type: 'organization', competitorCount: 1, competitorMentions: 2 });
    expect(nrel!.description).toBe(
      'Mentioned 2 times by 1 of 2 competitors, e.g. in "The National Renewable Energy Laboratory found that residential solar costs fell by 64% in ten years." (rival.example).',
    );
    expect(nrel!.recommendations.length).toBeGreaterThan(0);
    expect(result.missingEntities.map((e) => e.name)).toContain('SunPower Corporation');
    expect(result.missingCount).toBe(result.missingEntities.length);
  });

  it('does not list what the user already names, nor a competitor\'s own brand', () => {
    const result = analyzeEntityCoverage({ page: user(), competitors: [rival()] });
    const missing = result.missingEntities.map((e) => e.name.toLowerCase());
    expect(missing).not.toContain('oregon');
    expect(missing).not.toContain('rival solar');
    expect(result.mentionedEntities.map((e) => e.name)).toEqual(expect.arrayContaining(['Enphase Energy', 'Oregon', 'Portland']));
    const oregon = result.mentionedEntities.find((e) => e.name === 'Oregon')!;
    expect(oregon.competitorCount).toBe(1);
  });

  it('matches names case-insensitively and tolerates plurals', () => {
    const singular = page('<html><body><main><p>A solar cost guide by the national renewable energy laboratory, and one SunPower Corporation panel.</p></main></body></html>', 'https://sunny.example/x');
    const result = analyzeEntityCoverage({ page: singular, competitors: [rival()] });
    const missing = result.missingEntities.map((e) => e.name);
    expect(missing).not.toContain('National Renewable Energy Laboratory');
    expect(missing).not.toContain('solar costs');
  });

  it('scores coverage as the share of competitor entities the page names', () => {
    expect(analyzeEntityCoverage({ page: user(), competitors: [] }).coverageScore).toBe(100);
    const self = analyzeEntityCoverage({ page: rival(), competitors: [rival()] });
    expect(self.coverageScore).toBe(100);
    expect(self.missingCount).toBe(0);
    const partial = analyzeEntityCoverage({ page: user(), competitors: [rival()] });
    expect(partial.coverageScore).toBeGreaterThan(0);
    expect(partial.coverageScore).toBeLessThan(100);
  });

  it('reads at most three competitors', () => {
    const result = analyzeEntityCoverage({ page: user(), competitors: [patio(), patio(), patio(), rival()] });
    expect(result.competitorsAnalyzed).toBe(3);
    expect(result.missingEntities.map((e) => e.name)).not.toContain('National Renewable Energy Laboratory');
  });
});

describe('entitiesOf on a real-looking news page', () => {
  const named = () => entitiesOf(page(ENTITY_NOISE, 'https://warm.example/news/rebates')).filter((e) => e.type !== 'topic');

  it('keeps the people, places and organisations the article names, cleaned', () => {
    expect(named().map((e) => `${e.type}:${e.name}`)).toEqual(
      expect.arrayContaining(['organization:CNN', 'person:Jennifer Granholm', 'place:Ohio', 'place:Texas', 'place:Washington', 'place:U.K.', 'organization:Warm Co']),
    );
  });

  it('has no URL pieces, handles, bylines, photo credits or lone first names', () => {
    const names = named().map((e) => e.name);
    for (const name of names) {
      expect(name).not.toMatch(/[/@]|^-|-$|\s-|-\s/);
      expect(name).not.toMatch(/^(?:cnn|wikipedia|bbc)\b/);
    }
    // The byline's and the photo credit's names are not what the page is about.
    expect(names).not.toContain('Maria Lopez');
    expect(names.some((n) => n.includes('Tom Baker'))).toBe(false);
    // "Jennifer" is Jennifer Granholm; "Kevin" is a first name alone.
    expect(names).not.toContain('Jennifer');
    expect(names).not.toContain('Kevin');
  });

  it('types "U.S." as a place, not an organisation', () => {
    const us = named().find((e) => e.name === 'U.S.');
    expect(us?.type).toBe('place');
    expect(named().some((e) => e.type === 'organization' && /^U\.S\.?$/.test(e.name))).toBe(false);
  });

  it('keeps a byline\'s name when the article itself names the person', () => {
    const quoted = ENTITY_NOISE.replace('Kevin, a reader,', 'Maria Lopez, who wrote this report,');
    expect(entitiesOf(page(quoted, 'https://warm.example/news/rebates')).map((e) => e.name)).toContain('Maria Lopez');
  });

  it('gives the competitor noise no place among the missing entities', () => {
    const heatPumps = page('<html><head><title>Heat pump rebates explained</title></head><body><main><h1>Heat pump rebates explained</h1><p>Federal rebates lower the price of a heat pump for many homeowners, and installers apply for them on your behalf.</p></main></body></html>', 'https://sunny.example/heat-pumps');
    const result = analyzeEntityCoverage({ page: heatPumps, competitors: [page(ENTITY_NOISE, 'https://warm.example/news/rebates')] });
    const missing = result.missingEntities.map((e) => e.name);
    expect(missing).toEqual(expect.arrayContaining(['Jennifer Granholm']));
    for (const name of ['Maria Lopez', 'Jennifer', 'Kevin', 'cnn/politics, wikipedia-', 'bbc-news-', 'U.S']) expect(missing).not.toContain(name);
  });
});

describe('a missing-entity claim needs an entity that matters for the page\'s subject (issue #32)', () => {
  const own = () =>
    page(
      '<html><head><title>How to brew pour-over coffee | Stumptown Bean Co</title></head><body><p class="banner">WELCOME TO STUMPTOWN BEAN CO!!!</p><main><article><h1>How to brew pour-over coffee</h1><p>Pour-over coffee is brewed by pouring hot water slowly over ground coffee in a paper filter. Stumptown Bean Co roasts the beans we use in Portland.</p><p>Use a dripper such as a Hario V60 and a gooseneck kettle, and grind the coffee medium-fine.</p></article></main></body></html>',
      'https://stumptownbean.example/guides/pour-over',
    );
  const rival = () =>
    page(
      `<html><head><title>Pour-over coffee at home | Ridgeline Roasters</title><script type="application/ld+json">${JSON.stringify({
        '@context': 'https://schema.org',
        '@type': 'Article',
        headline: 'Pour-over coffee at home',
        author: { '@type': 'Person', name: 'Sam Whitaker' },
        publisher: { '@type': 'CafeOrCoffeeShop', name: 'Ridgeline Roasters', address: { '@type': 'PostalAddress', streetAddress: '88 Pine St', addressLocality: 'Tacoma', addressRegion: 'WA' } },
      })}</script></head><body><p class="banner">FREE SHIPPING FROM RIDGELINE CO!!!</p><main><article><h1>Pour-over coffee at home</h1><p>By Sam Whitaker</p>
<p>The Specialty Coffee Association recommends a pour-over ratio of about 1 to 16, coffee to water. A flat-bottomed dripper gives an even pour-over extraction.</p>
<p>Ridgeline Roasters has roasted in Tacoma since 2009, and our team cheers for the Seattle Seahawks every Sunday.</p></article></main></body></html>`,
      'https://ridgeline.example/brew/pour-over',
    );

  it('claims the body a rival names for the subject, never the rival\'s own name, author, town, a banner fragment or an aside', () => {
    const result = analyzeEntityCoverage({ page: own(), competitors: [rival()] });
    const missing = result.missingEntities.map((e) => e.name);
    expect(missing).toContain('Specialty Coffee Association');
    for (const name of ['Ridgeline Roasters', 'Sam Whitaker', 'Tacoma', 'Seattle Seahawks', 'CO', 'Ridgeline']) expect(missing).not.toContain(name);
    expect(missing.filter((n) => /^co$/i.test(n))).toEqual([]);
  });
});
