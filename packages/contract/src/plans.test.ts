import { describe, expect, test } from 'vitest';
import { PLANS, PLAN_RANK, annualMonthlyEquivalent, normalizePlan, planAtLeast, planPrice } from './plans';

describe('plan math', () => {
  test('annual toggle shows the annual price divided by 12, rounded', () => {
    expect(annualMonthlyEquivalent(PLANS.core)).toBe(15);
    expect(annualMonthlyEquivalent(PLANS.pro)).toBe(45);
    expect(annualMonthlyEquivalent(PLANS.agency)).toBe(113); // 112.5 rounds up
    expect(annualMonthlyEquivalent(PLANS.free)).toBe(0);
    expect(planPrice(PLANS.pro, 'monthly')).toBe(60);
    expect(planPrice(PLANS.pro, 'annual')).toBe(45);
  });

  test('annual prices are a 25% saving on twelve months', () => {
    for (const plan of Object.values(PLANS)) expect(plan.annualPrice).toBe(plan.monthlyPrice * 12 * 0.75);
  });

  test('caps and ranks follow the spec table', () => {
    expect(Object.values(PLANS).map((p) => [p.id, p.websitesLimit, p.competitorsLimit])).toEqual([
      ['free', 1, 1],
      ['core', 3, 3],
      ['pro', 10, 10],
      ['agency', 25, 25],
    ]);
    expect(PLAN_RANK).toEqual({ free: 0, core: 1, pro: 2, agency: 3 });
    expect(planAtLeast('pro', 'core')).toBe(true);
    expect(planAtLeast('core', 'pro')).toBe(false);
    expect(planAtLeast('agency', 'agency')).toBe(true);
  });

  test('only Pro is marked most popular, and unknown plans fall back to free', () => {
    expect(Object.values(PLANS).filter((p) => p.popular).map((p) => p.id)).toEqual(['pro']);
    expect(normalizePlan('enterprise')).toBe('free');
    expect(normalizePlan(undefined)).toBe('free');
    expect(normalizePlan('agency')).toBe('agency');
  });
});
