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
    const result = analyzeEntityCoverage({ page: user(), competitors: [page(ENTITY_NOISE, 'https://warm.example/news/rebates')] });
    const missing = result.missingEntities.map((e) => e.name);
    expect(missing).toEqual(expect.arrayContaining(['Jennifer Granholm']));
    for (const name of ['Maria Lopez', 'Jennifer', 'Kevin', 'cnn/politics, wikipedia-', 'bbc-news-', 'U.S']) expect(missing).not.toContain(name);
  });
});
