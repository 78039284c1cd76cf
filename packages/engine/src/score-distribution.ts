import { SUBSCORE_IDS, type AuditResult, type SubscoreId } from '@citable/contract';

export interface Spread {
  median: number;
  /** First and third quartiles. */
  q1: number;
  q3: number;
  iqr: number;
  sd: number;
  min: number;
  max: number;
}

export interface ScoreDistribution {
  pages: number;
  overall: Spread;
  subscores: Record<SubscoreId, Spread>;
  /** Checks that fail on at least `share` of the pages where they apply, with that share. */
  nearlyAlwaysFailing: { id: string; failing: number; applicable: number }[];
}

function quantile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  const position = (sorted.length - 1) * p;
  const low = Math.floor(position);
  const high = Math.ceil(position);
  return sorted[low] + (sorted[high] - sorted[low]) * (position - low);
}

export function spread(values: number[]): Spread {
  const sorted = [...values].sort((a, b) => a - b);
  const mean = sorted.reduce((sum, value) => sum + value, 0) / Math.max(1, sorted.length);
  const variance = sorted.reduce((sum, value) => sum + (value - mean) ** 2, 0) / Math.max(1, sorted.length);
  const round = (n: number) => Math.round(n * 10) / 10;
  const q1 = quantile(sorted, 0.25);
  const q3 = quantile(sorted, 0.75);
  return { median: round(quantile(sorted, 0.5)), q1: round(q1), q3: round(q3), iqr: round(q3 - q1), sd: round(Math.sqrt(variance)), min: sorted[0] ?? 0, max: sorted.at(-1) ?? 0 };
}

/**
 * How a set of audits spreads: a score that puts half of all pages within a few points of each
 * other cannot tell a good page from a poor one, and a check that fails on nearly every page
 * says more about the check than about the pages.
 */
export function scoreDistribution(results: AuditResult[], passThreshold: number, share = 0.9): ScoreDistribution {
  const subscores = Object.fromEntries(SUBSCORE_IDS.map((id) => [id, spread(results.map((result) => result.subscores[id]))])) as Record<SubscoreId, Spread>;
  const counts = new Map<string, { failing: number; applicable: number }>();
  for (const result of results) {
    for (const check of result.checks) {
      if (check.score === null) continue;
      const count = counts.get(check.id) ?? { failing: 0, applicable: 0 };
      count.applicable += 1;
      if (check.score < passThreshold) count.failing += 1;
      counts.set(check.id, count);
    }
  }
  const nearlyAlwaysFailing = [...counts.entries()]
    .filter(([, count]) => count.applicable >= results.length / 2 && count.failing >= share * count.applicable)
    .map(([id, count]) => ({ id, ...count }))
    .sort((a, b) => b.failing / b.applicable - a.failing / a.applicable || a.id.localeCompare(b.id));
  return { pages: results.length, overall: spread(results.map((result) => result.overallScore)), subscores, nearlyAlwaysFailing };
}
