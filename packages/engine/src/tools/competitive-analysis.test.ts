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

describe('the title comparison (issue #32)', () => {
  const titled = (title: string, url: string, org: string) =>
    named(
      `<!doctype html><html lang="en"><head><title>${title}</title><script type="application/ld+json">{"@context":"https://schema.org","@type":"Organization","name":"${org}"}</script></head><body><main><h1>Small-batch coffee, roasted in Portland</h1><p>We roast single-origin coffee from Ethiopia and Colombia in small batches every week and ship it within a day.</p></main></body></html>`,
      url,
      org,
    );

  it('does not call a title that is only the competitor\'s name more descriptive than one that names the page\'s subject', () => {
    const ours = titled('Small-batch coffee roasted in Portland, Oregon: single-origin beans | Our Roastery', 'https://ours.example/', 'Our Roastery');
    const theirs = titled('Stumptown Bean Co', 'https://stumptownbean.example/', 'Stumptown Bean Co');
    const result = compareCompetitors({ primary: ours, competitors: [theirs] });
    expect(result.checkGaps.map((g) => g.checkId)).not.toContain('document-title');
    const theirCheck = theirs.checks.find((c) => c.id === 'document-title')!;
    expect(theirCheck.score).toBeLessThan(ours.checks.find((c) => c.id === 'document-title')!.score!);
  });
});
