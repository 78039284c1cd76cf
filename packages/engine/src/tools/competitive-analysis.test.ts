import { describe, expect, it } from 'vitest';
import { auditModel } from '../audit';
import { compareCompetitors, competitivePosition, type NamedAudit } from './competitive-analysis';
import { page, SOLAR_GUIDE, USER_ENTITIES, USER_URL } from './fixtures/pages';

function named(html: string, url: string, name: string): NamedAudit {
  return { ...auditModel(page(html, url), null), url, name };
}

function withScore(audit: NamedAudit, overallScore: number): NamedAudit {
  return { ...audit, overallScore };
}

describe('competitivePosition', () => {
  it('is Leading from 5 points ahead, Competitive within 5 points, Behind beyond 5 points behind', () => {
    expect(competitivePosition(75, 70)).toBe('Leading');
    expect(competitivePosition(74.9, 70)).toBe('Competitive');
    expect(competitivePosition(70, 70)).toBe('Competitive');
    expect(competitivePosition(65, 70)).toBe('Competitive');
    expect(competitivePosition(64.9, 70)).toBe('Behind');
  });
});

describe('compareCompetitors', () => {
  const weak = () => named(USER_ENTITIES, 'https://sunny.example/guides/home-solar', 'Sunny Energy');
  const strong = () => named(SOLAR_GUIDE, USER_URL.replace('sunny', 'rival'), 'Rival Solar');

  it('compares scores and names the checks where competitors beat the user, by points', () => {
    const result = compareCompetitors({ primary: weak(), competitors: [strong()] });
    expect(result.primarySiteAnalysis).toMatchObject({ name: 'Sunny Energy', overallScore: weak().overallScore });
    expect(result.competitorAnalyses).toEqual([{ name: 'Rival Solar', url: strong().url, overallScore: strong().overallScore, subscores: strong().subscores }]);
    expect(result.checkGaps.length).toBeGreaterThan(0);
    const points = result.checkGaps.map((g) => g.points);
    expect(points).toEqual([...points].sort((a, b) => b - a));
    for (const gap of result.checkGaps) expect(gap.competitorScore).toBeGreaterThan(gap.yourScore);
    expect(result.recommendations[0]).toContain(`(${result.checkGaps[0].checkId})`);
    expect(result.recommendations[0]).toContain(`worth ${result.checkGaps[0].points} points`);
  });

  it('summarises the position against the competitors\' mean', () => {
    const base = weak();
    const result = compareCompetitors({ primary: withScore(base, 60), competitors: [withScore(strong(), 70), withScore(strong(), 80)] });
    expect(result.summary).toMatchObject({ competitivePosition: 'Behind', averageCompetitorScore: 75, scoreDifference: -15 });
    expect(compareCompetitors({ primary: withScore(base, 80), competitors: [withScore(strong(), 75)] }).summary.competitivePosition).toBe('Leading');
    expect(compareCompetitors({ primary: withScore(base, 70), competitors: [withScore(strong(), 75)] }).summary.competitivePosition).toBe('Competitive');
  });

  it('uses the industry average from five audits, the competitors\' mean otherwise', () => {
    const primary = withScore(weak(), 60);
    const competitors = [withScore(strong(), 70), withScore(strong(), 80)];
    expect(compareCompetitors({ primary, competitors, industryAudits: [50, 60, 70, 80] }).benchmarks).toMatchObject({ industryAverage: 75, industryAverageSource: 'competitors' });
    expect(compareCompetitors({ primary, competitors, industryAudits: [50, 60, 70, 80, 90] }).benchmarks).toMatchObject({ industryAverage: 70, industryAverageSource: 'industry' });
  });

  it('refuses to compare without competitors', () => {
    expect(() => compareCompetitors({ primary: weak(), competitors: [] })).toThrow(RangeError);
  });
});
