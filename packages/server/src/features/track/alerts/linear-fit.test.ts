import { describe, expect, it } from 'vitest';
import { linearFit, predict } from './linear-fit';

describe('linearFit', () => {
  it('fits a perfect line exactly', () => {
    const fit = linearFit([50, 52, 54, 56, 58]);
    expect(fit.slope).toBeCloseTo(2, 10);
    expect(fit.intercept).toBeCloseTo(50, 10);
    expect(fit.r2).toBeCloseTo(1, 10);
    expect(predict(fit, 5, 2)).toBeCloseTo(62, 10);
  });

  it('gives R² of a noisy series', () => {
    // y = 10, 12, 11, 15, 14: Sxy 11, Sxx 10, Syy 17.2 -> slope 1.1, intercept 10.2, R² 121/172.
    const fit = linearFit([10, 12, 11, 15, 14]);
    expect(fit.slope).toBeCloseTo(1.1, 10);
    expect(fit.intercept).toBeCloseTo(10.2, 10);
    expect(fit.r2).toBeCloseTo(121 / 172, 10);
  });

  it('treats a flat series as no trend', () => {
    expect(linearFit([70, 70, 70])).toEqual({ slope: 0, intercept: 70, r2: 0 });
  });

  it('clamps predictions to 0-100', () => {
    expect(predict(linearFit([80, 90, 100]), 3, 2)).toBe(100);
    expect(predict(linearFit([20, 10, 0]), 3, 2)).toBe(0);
  });
});
