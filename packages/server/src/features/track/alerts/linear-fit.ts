/** A least-squares line through (0, y0), (1, y1), ...: the trend of evenly spaced audits. */
export interface LinearFit {
  slope: number;
  intercept: number;
  /** Coefficient of determination, 0..1; 0 for a flat series, where no line explains anything. */
  r2: number;
}

export function linearFit(values: readonly number[]): LinearFit {
  const n = values.length;
  if (n === 0) return { slope: 0, intercept: 0, r2: 0 };
  const meanX = (n - 1) / 2;
  const meanY = values.reduce((sum, y) => sum + y, 0) / n;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  values.forEach((y, x) => {
    sxy += (x - meanX) * (y - meanY);
    sxx += (x - meanX) ** 2;
    syy += (y - meanY) ** 2;
  });
  const slope = sxx === 0 ? 0 : sxy / sxx;
  const intercept = meanY - slope * meanX;
  const r2 = syy === 0 || sxx === 0 ? 0 : (sxy * sxy) / (sxx * syy);
  return { slope, intercept, r2 };
}

/** The fitted value `stepsAhead` audits after the last one, clamped to the score range. */
export function predict(fit: LinearFit, count: number, stepsAhead: number): number {
  const value = fit.intercept + fit.slope * (count - 1 + stepsAhead);
  return Math.min(100, Math.max(0, value));
}
