import { describe, expect, it } from 'vitest';
import type { AuditResult } from '@citable/contract';
import { scoreDistribution, spread } from './score-distribution';

describe('spread', () => {
  it('gives the median, the quartiles by interpolation, the population standard deviation and the range', () => {
    expect(spread([10, 20, 30, 40])).toEqual({ median: 25, q1: 17.5, q3: 32.5, iqr: 15, sd: 11.2, min: 10, max: 40 });
    expect(spread([7])).toEqual({ median: 7, q1: 7, q3: 7, iqr: 0, sd: 0, min: 7, max: 7 });
  });
});

describe('scoreDistribution', () => {
  const result = (overall: number, checks: [string, number | null][]) =>
    ({
      overallScore: overall,
      subscores: { aiUnderstanding: overall, citationLikelihood: overall, conversationalReadiness: overall, contentStructure: overall },
      checks: checks.map(([id, score]) => ({ id, score })),
    }) as unknown as AuditResult;

  it('lists the checks failing on at least the share of pages where they apply, and only those applying on half the pages', () => {
    const results = [
      result(40, [['always', 0], ['sometimes', 0], ['rare', 0]]),
      result(60, [['always', 0.5], ['sometimes', 1], ['rare', null]]),
      result(80, [['always', 0.2], ['sometimes', 0.95], ['rare', null]]),
    ];
    const distribution = scoreDistribution(results, 0.9);
    expect(distribution.pages).toBe(3);
    expect(distribution.overall.median).toBe(60);
    expect(distribution.nearlyAlwaysFailing).toEqual([{ id: 'always', failing: 3, applicable: 3 }]);
    expect(scoreDistribution(results, 0.9, 0.3).nearlyAlwaysFailing.map((check) => check.id)).toEqual(['always', 'sometimes']);
  });
});
