import { describe, expect, it } from 'vitest';
import { analyzeEntityCoverage } from './entity-coverage';
import { COMPETITOR_ENTITIES, COMPETITOR_OTHER, page, USER_ENTITIES } from './fixtures/pages';

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
