import { describe, expect, it } from 'vitest';
import type { HistoryEntry, Subscores } from '@citable/contract';
import { historyInsights } from './history-insights';

const subs = (value: number): Subscores => ({ aiUnderstanding: value, citationLikelihood: value, conversationalReadiness: value, contentStructure: value });
const entries = (scores: number[], subscores: Subscores = subs(80)): HistoryEntry[] =>
  scores.map((score, index) => ({
    id: `a${index}`,
    status: 'completed',
    kind: 'site',
    trigger: 'manual',
    role: 'website',
    website_url: 'https://example.com',
    overall_score: score,
    subscores,
    recommendations: [],
    page_count: 1,
    created_at: new Date(Date.UTC(2026, 0, index + 1)).toISOString(),
  }));
const find = (scores: number[], id: string, subscores?: Subscores) => historyInsights(entries(scores, subscores)).find((insight) => insight.id === id);

describe('historyInsights', () => {
  it('calls a change above 5 positive, below -5 negative, and ±5 steady', () => {
    expect(find([60, 66], 'change')?.tone).toBe('positive');
    expect(find([60, 65], 'change')?.tone).toBe('neutral');
    expect(find([60, 54], 'change')?.tone).toBe('negative');
    expect(find([60, 55], 'change')?.tone).toBe('neutral');
  });

  it('highlights a span of 4+ audits moving beyond 10', () => {
    expect(find([50, 52, 55, 61], 'span')?.tone).toBe('highlight');
    expect(find([50, 52, 55, 60], 'span')).toBeUndefined();
    expect(find([50, 61, 61], 'span')).toBeUndefined();
    expect(find([70, 65, 62, 59], 'span')?.title).toBe('-11 points over 4 audits');
  });

  it('suggests the tool of the lowest subscore under 70', () => {
    expect(find([70], 'weakest', { ...subs(80), contentStructure: 69 })).toMatchObject({ section: 'schema' });
    expect(find([70], 'weakest', { ...subs(80), contentStructure: 70 })).toBeUndefined();
  });

  it('projects the score with the failing checks fixed: the latest score plus their points lost, rounded, capped at 100', () => {
    const project = (scores: number[], gain: { failing: number; pointsLost: number } | null) => historyInsights(entries(scores), () => gain).find((insight) => insight.id === 'projection');
    expect(project([62], { failing: 4, pointsLost: 18.6 })).toEqual({
      id: 'projection',
      tone: 'neutral',
      title: 'Projected score 81',
      message: 'Fixing the 4 failing checks could take the site’s score from 62 to 81.',
    });
    // Rounded half up, never a factor of the score: 62 + 18.4 is 80, 62 + 18.5 is 81.
    expect(project([62], { failing: 4, pointsLost: 18.4 })?.title).toBe('Projected score 80');
    expect(project([62], { failing: 4, pointsLost: 18.5 })?.title).toBe('Projected score 81');
    expect(project([60], { failing: 2, pointsLost: 3 })?.title).toBe('Projected score 63');
    // Capped at 100.
    expect(project([90], { failing: 3, pointsLost: 15 })?.title).toBe('Projected score 100');
    expect(project([90], { failing: 3, pointsLost: 9.6 })?.title).toBe('Projected score 100');
    expect(project([90], { failing: 3, pointsLost: 9.4 })?.title).toBe('Projected score 99');
    expect(project([70], { failing: 1, pointsLost: 5 })?.message).toBe('Fixing the failing check could take the site’s score from 70 to 75.');
  });

  it('reads the points of the latest entry only', () => {
    const series = entries([50, 70]);
    const seen: string[] = [];
    const insight = historyInsights(series, (entry) => {
      seen.push(entry.id);
      return entry.id === 'a1' ? { failing: 2, pointsLost: 10 } : { failing: 9, pointsLost: 40 };
    }).find((one) => one.id === 'projection');
    expect(seen).toEqual(['a1']);
    expect(insight?.title).toBe('Projected score 80');
  });

  it('makes no projection without the figure, when every check passes, or when fixing would not move the score', () => {
    expect(find([60], 'projection')).toBeUndefined();
    expect(historyInsights(entries([60]), () => null).find((insight) => insight.id === 'projection')).toBeUndefined();
    expect(historyInsights(entries([60]), () => ({ failing: 0, pointsLost: 0 })).find((insight) => insight.id === 'projection')).toBeUndefined();
    expect(historyInsights(entries([60]), () => ({ failing: 1, pointsLost: 0.4 })).find((insight) => insight.id === 'projection')).toBeUndefined();
    expect(historyInsights(entries([100]), () => ({ failing: 1, pointsLost: 2 })).find((insight) => insight.id === 'projection')).toBeUndefined();
    expect(historyInsights(entries([60]), () => ({ failing: 1, pointsLost: 0.5 })).find((insight) => insight.id === 'projection')?.title).toBe('Projected score 61');
    expect(historyInsights([], () => ({ failing: 1, pointsLost: 5 }))).toEqual([]);
  });
});
