import { describe, expect, it } from 'vitest';
import { auditModel } from '../audit';
import { compareAudits } from './audit-insights';
import { page, USER_URL } from './fixtures/pages';

const BODY = '<main><h1>Solar panels for homes</h1><p>Solar panels for homes cost about $12,000 for a typical system and save around $1,100 a year on electricity bills in sunny states.</p></main>';
const before = () => auditModel(page(`<html lang="en"><head><title>Solar panels for homes</title></head><body>${BODY}</body></html>`, USER_URL), null);
const after = () =>
  auditModel(page(`<html lang="en"><head><title>Solar panels for homes</title><meta name="description" content="What home solar panels cost and how much they save each year, with figures from installers across the country."></head><body>${BODY}</body></html>`, USER_URL), null);

describe('compareAudits', () => {
  it('lists a check fixed since the previous audit and the score delta', () => {
    const current = after();
    const previous = before();
    const result = compareAudits({ current, previous });
    expect(result.fixed.map((c) => c.checkId)).toContain('meta-description');
    const fixed = result.fixed.find((c) => c.checkId === 'meta-description')!;
    expect(fixed).toMatchObject({ previousScore: 0, currentScore: 100 });
    expect(fixed.pointsChange).toBeGreaterThan(0);
    expect(result.scoreDelta).toBe(Math.round((current.overallScore - previous.overallScore) * 10) / 10);
    expect(result.previousScore).toBe(previous.overallScore);
    expect(result.subscoreDeltas!.aiUnderstanding).toBe(current.subscores.aiUnderstanding - previous.subscores.aiUnderstanding);
  });

  it('lists a check that newly fails as a new failure', () => {
    const result = compareAudits({ current: before(), previous: after() });
    expect(result.newFailures.map((c) => c.checkId)).toContain('meta-description');
    expect(result.fixed).toEqual([]);
  });

  it('gives the three fixes worth the most points and the score they would reach', () => {
    const current = after();
    const result = compareAudits({ current });
    const failing = current.checks.filter((c) => c.score !== null && c.score < 0.9 && c.pointsLost > 0).sort((a, b) => b.pointsLost - a.pointsLost);
    expect(result.topFixes).toHaveLength(3);
    expect(result.topFixes.map((f) => f.checkId)).toEqual(failing.slice(0, 3).map((c) => c.id));
    expect(result.topFixes.map((f) => f.pointsLost)).toEqual(failing.slice(0, 3).map((c) => c.pointsLost));
    // Each fix is headed by its own finding, as in the audit, not by a fixed title per check.
    expect(result.topFixes.map((f) => f.title)).toEqual(failing.slice(0, 3).map((c) => c.title));
    expect(result.potentialScore).toBeGreaterThan(current.overallScore);
    expect(result.previousScore).toBeNull();
    expect(result.trend).toBeNull();
  });

  it('works from a previous score alone, with the spec\'s ±5 trend bands', () => {
    const current = after();
    expect(compareAudits({ current, previousScore: current.overallScore - 6 })).toMatchObject({ trend: 'improved', scoreDelta: 6, fixed: [] });
    expect(compareAudits({ current, previousScore: current.overallScore - 5 }).trend).toBe('unchanged');
    expect(compareAudits({ current, previousScore: current.overallScore + 6 }).trend).toBe('declined');
  });
});
