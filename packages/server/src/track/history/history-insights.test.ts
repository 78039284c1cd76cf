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

  it('projects the latest score × 1.15, capped at 100', () => {
    expect(find([60], 'projection')?.title).toBe('Projected score 69');
    expect(find([90], 'projection')?.title).toBe('Projected score 100');
  });
});
