import { describe, expect, it } from 'vitest';
import { computeRoi } from './roi';

const inputs = { monthlyOrganicTraffic: 10_000, conversionRate: 2, valuePerConversion: 50 };
const point = (date: string, overallScore: number) => ({ date, overallScore });

describe('computeRoi', () => {
  it('refuses to estimate from fewer than two audits', () => {
    expect(computeRoi([point('2026-01-01T00:00:00Z', 60)], inputs, 'core', null)).toMatchObject({ available: false, reason: expect.stringContaining('at least 2 audits of the same kind and pages') });
  });

  it('scales traffic by the score gain and the cited factor, and shows each formula', () => {
    const roi = computeRoi([point('2026-01-01T00:00:00Z', 50), point('2026-02-01T00:00:00Z', 70)], inputs, 'core', 65);
    if (!roi.available) throw new Error('expected ROI');
    const value = (label: string) => roi.terms.find((term) => term.label === label)?.value;
    // 10,000 × 20/100 × 0.4 = 800 visits; × 2% = 16 conversions; × 50 = 800 a month against a 20 plan.
    expect(value('Overall score gain')).toBe(20);
    expect(value('Estimated AI-referred traffic increase')).toBe(800);
    expect(value('Estimated additional conversions')).toBe(16);
    expect(value('Estimated monthly revenue impact')).toBe(800);
    expect(value('Plan cost per month')).toBe(20);
    expect(value('Payback period')).toBe(0.03);
    expect(value('Monthly ROI')).toBe(3900);
    expect(value('Competitive advantage')).toBe(5);
    expect(roi.terms.every((term) => term.formula.length > 0)).toBe(true);
  });

  it.each([
    ['fell', 60],
    ['held still', 70],
  ])('prints no visits, revenue or ROI figure when the score %s (issue 30)', (_, last) => {
    const roi = computeRoi([point('2026-01-01T00:00:00Z', 70), point('2026-02-01T00:00:00Z', last)], inputs, 'pro', null);
    if (!roi.available) throw new Error('expected ROI');
    // Before, a score that held still still printed "0 visits" and a "Monthly ROI" of -100 %.
    expect(roi.terms.map((term) => term.label)).toEqual(['Overall score gain']);
    expect(roi.caveat).toMatch(/did not rise/);
  });
});
