import { describe, expect, it } from 'vitest';
import type { Subscores } from '@citable/contract';
import { buildInsights, type InsightInput } from './insight-rules';

const subs = (value: number): Subscores => ({ aiUnderstanding: value, citationLikelihood: value, conversationalReadiness: value, contentStructure: value });
const now = new Date('2026-03-10T00:00:00Z');
const input = (overrides: Partial<InsightInput>): InsightInput => ({ latest: { overall: 80, subscores: subs(80) }, auditCount: 1, plan: 'core', lastActivityAt: now, now, ...overrides });
const ids = (overrides: Partial<InsightInput>) => buildInsights(input(overrides)).map((insight) => insight.id);

describe('buildInsights', () => {
  it('is urgent below 60, an opportunity from 60 to 74, neither at 75', () => {
    expect(ids({ latest: { overall: 59, subscores: subs(80) } })).toContain('urgent-score');
    expect(ids({ latest: { overall: 60, subscores: subs(80) } })).toEqual(['opportunity-score']);
    expect(ids({ latest: { overall: 74, subscores: subs(80) } })).toEqual(['opportunity-score']);
    expect(ids({ latest: { overall: 75, subscores: subs(80) } })).toEqual([]);
  });

  it('flags content structure and citation likelihood below 70, not at 70', () => {
    expect(ids({ latest: { overall: 80, subscores: { ...subs(80), contentStructure: 69, citationLikelihood: 69 } } })).toEqual(['content-structure', 'citation-likelihood']);
    expect(ids({ latest: { overall: 80, subscores: { ...subs(80), contentStructure: 70, citationLikelihood: 70 } } })).toEqual([]);
  });

  it('calls 85 a high performer, 84 not', () => {
    expect(ids({ latest: { overall: 85, subscores: subs(85) } })).toEqual(['high-performer']);
    expect(ids({ latest: { overall: 84, subscores: subs(85) } })).toEqual([]);
  });

  it('prompts free users to upgrade from their second audit', () => {
    expect(ids({ plan: 'free', auditCount: 2 })).toEqual(['upgrade']);
    expect(ids({ plan: 'free', auditCount: 1 })).toEqual([]);
    expect(ids({ plan: 'core', auditCount: 5 })).toEqual([]);
  });

  it('notices more than 7 days without activity', () => {
    const week = 7 * 86_400_000;
    expect(ids({ lastActivityAt: new Date(now.getTime() - week) })).toEqual([]);
    expect(ids({ lastActivityAt: new Date(now.getTime() - week - 1) })).toEqual(['inactive']);
  });

  it('shows at most three, most pressing first', () => {
    const many = buildInsights(input({ plan: 'free', auditCount: 3, latest: { overall: 40, subscores: subs(40) }, lastActivityAt: new Date(0) }));
    expect(many.map((insight) => insight.id)).toEqual(['urgent-score', 'content-structure', 'citation-likelihood']);
  });

  it('asks for a first audit without one', () => {
    expect(ids({ latest: null, auditCount: 0 })).toEqual(['first-audit']);
  });

  it('asks for a site audit when only pages were audited, stating no score (issue 30)', () => {
    expect(ids({ latest: null, auditCount: 2 })).toEqual(['site-audit']);
  });
});
