/** z for a two-sided 95% interval. */
const Z95 = 1.959964;

/**
 * The Wilson score interval for k successes in n trials (Wilson 1927; Brown, Cai & DasGupta
 * 2001 recommend it over the normal approximation for small n). With 3 samples per prompt the
 * interval is wide on purpose: it says how little one run proves.
 */
export function wilsonInterval(successes: number, trials: number, z = Z95): { low: number; high: number } {
  if (trials === 0) return { low: 0, high: 1 };
  const p = successes / trials;
  const z2 = z * z;
  const denominator = 1 + z2 / trials;
  const centre = (p + z2 / (2 * trials)) / denominator;
  const half = (z * Math.sqrt((p * (1 - p)) / trials + z2 / (4 * trials * trials))) / denominator;
  const round = (value: number) => Math.round(Math.min(1, Math.max(0, value)) * 10_000) / 10_000;
  return { low: round(centre - half), high: round(centre + half) };
}
