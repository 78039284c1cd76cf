import type { CompetitiveSite } from '@citable/contract';
import { describe, expect, it } from 'vitest';
import { comparedSites, ordinal, overallLabel, shortName, standing, subscoreLabel, subscoreSites } from './score-comparison';

function site(name: string, role: CompetitiveSite['role'], overallScore: number | null, aiUnderstanding = 50): CompetitiveSite {
  return {
    name,
    url: `https://${name.toLowerCase().replace(/\W+/g, '-')}.example`,
    role,
    overallScore,
    subscores: overallScore === null ? null : { aiUnderstanding, citationLikelihood: 40, conversationalReadiness: 30, contentStructure: 20 },
    lastUpdated: overallScore === null ? null : '2026-11-26T10:00:00Z',
  };
}

const DATA = {
  userSite: site('Lantern Tea', 'user', 65, 90),
  competitors: [site('Kettle Co', 'competitor', 72, 60), site('Far Rival', 'competitor', 40, 70), site('Unaudited', 'competitor', null), site('Twin Leaf', 'competitor', 65, 80)],
};

describe('comparedSites', () => {
  it('ranks the audited sites by score, the user’s site first among equals, and leaves out those without an audit', () => {
    const sites = comparedSites(DATA);
    expect(sites.map((entry) => [entry.name, entry.score, entry.isUser])).toEqual([
      ['Kettle Co', 72, false],
      ['Lantern Tea', 65, true],
      ['Twin Leaf', 65, false],
      ['Far Rival', 40, false],
    ]);
  });

  it('copes with a user site that has no audit', () => {
    const sites = comparedSites({ userSite: site('Lantern Tea', 'user', null), competitors: [site('Kettle Co', 'competitor', 72)] });
    expect(sites.map((entry) => entry.name)).toEqual(['Kettle Co']);
    expect(standing(sites, 72)).toBeNull();
  });
});

describe('subscoreSites', () => {
  it('puts the user’s site first, then the competitors in the overall order', () => {
    expect(subscoreSites(comparedSites(DATA)).map((entry) => entry.name)).toEqual(['Lantern Tea', 'Kettle Co', 'Twin Leaf', 'Far Rival']);
  });
});

describe('labels', () => {
  it('names every site with its score, the user’s marked, and the competitor average', () => {
    const sites = comparedSites(DATA);
    expect(overallLabel(sites, 59)).toBe('Overall score: Kettle Co 72, Lantern Tea (your site) 65, Twin Leaf 65, Far Rival 40; competitor average 59');
    expect(overallLabel(sites, null)).toBe('Overall score: Kettle Co 72, Lantern Tea (your site) 65, Twin Leaf 65, Far Rival 40');
    expect(subscoreLabel('aiUnderstanding', subscoreSites(sites))).toBe('AI Understanding: Lantern Tea (your site) 90, Kettle Co 60, Twin Leaf 80, Far Rival 70');
  });

  it('says where the user’s site stands against the average', () => {
    const sites = comparedSites(DATA);
    // Twin Leaf has the same score: a shared place.
    expect(standing(sites, 59)).toBe('Lantern Tea ranks joint 2nd of 4 · 6 points above the competitor average');
    expect(standing(sites, 66)).toBe('Lantern Tea ranks joint 2nd of 4 · 1 point below the competitor average');
    expect(standing(sites, 65)).toBe('Lantern Tea ranks joint 2nd of 4 · level with the competitor average');
    const alone = sites.filter((entry) => entry.name !== 'Twin Leaf');
    expect(standing(alone, null)).toBe('Lantern Tea ranks 2nd of 3');
    expect(standing(alone.filter((entry) => entry.name !== 'Kettle Co'), 40)).toBe('Lantern Tea ranks 1st of 2 · 25 points above the competitor average');
  });

  it('writes English ordinals', () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101, 111].map(ordinal)).toEqual(['1st', '2nd', '3rd', '4th', '11th', '12th', '13th', '21st', '22nd', '23rd', '101st', '111th']);
  });

  it('shortens long names with an ellipsis and leaves short ones', () => {
    expect(shortName('Kettle Co')).toBe('Kettle Co');
    expect(shortName('The Very Long Name of a Tea Merchant in Lisbon', 20)).toBe('The Very Long Name…');
    expect([...shortName('The Very Long Name of a Tea Merchant in Lisbon', 20)].length).toBeLessThanOrEqual(20);
  });
});
