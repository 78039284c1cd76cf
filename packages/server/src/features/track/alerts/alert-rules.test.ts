import { describe, expect, it } from 'vitest';
import type { Subscores } from '@citable/contract';
import {
  competitorSurgeAlert,
  freshnessAlert,
  industryTrendAlert,
  milestoneAlerts,
  reminderAlert,
  scoreDropAlert,
  subscoreDropAlerts,
  trendAlert,
  trendDecision,
  type ScorePoint,
} from './alert-rules';

const site = { url: 'https://example.com', name: 'Example' };
const subs = (value: number): Subscores => ({ aiUnderstanding: value, citationLikelihood: value, conversationalReadiness: value, contentStructure: value });
const series = (scores: number[], subscores: (index: number) => Subscores = () => subs(70)): ScorePoint[] =>
  scores.map((overall, index) => ({ auditId: `a${index}`, overall, subscores: subscores(index), createdAt: new Date(Date.UTC(2026, 0, index + 1)) }));

describe('score drop', () => {
  it('alerts on a drop of exactly 10, not 9', () => {
    expect(scoreDropAlert(series([80, 80, 70]), site, 'core')?.severity).toBe('high');
    expect(scoreDropAlert(series([80, 80, 71]), site, 'core')).toBeNull();
  });

  it('is critical from 20, high at 19', () => {
    expect(scoreDropAlert(series([90, 90, 70]), site, 'core')?.severity).toBe('critical');
    expect(scoreDropAlert(series([90, 90, 71]), site, 'core')?.severity).toBe('high');
  });

  it('needs three audits', () => {
    expect(scoreDropAlert(series([90, 60]), site, 'core')).toBeNull();
  });

  it('is an anomaly for pro and agency, a score change below', () => {
    expect(scoreDropAlert(series([80, 80, 60]), site, 'pro')?.type).toBe('anomaly');
    expect(scoreDropAlert(series([80, 80, 60]), site, 'free')?.type).toBe('score_change');
  });

  it('is keyed by the audit, so the same drop never alerts twice', () => {
    expect(scoreDropAlert(series([80, 80, 60]), site, 'core')?.key).toBe('score-drop:a2');
  });
});

describe('subscore drop', () => {
  it('alerts at 15, not at 14', () => {
    const drop15 = subscoreDropAlerts(series([70, 70], (i) => (i === 0 ? subs(80) : { ...subs(80), citationLikelihood: 65 })), site, 'core');
    expect(drop15).toHaveLength(1);
    expect(drop15[0]).toMatchObject({ severity: 'high', actionUrl: 'optimizer', data: { subscore: 'citationLikelihood', drop: 15 } });
    expect(subscoreDropAlerts(series([70, 70], (i) => (i === 0 ? subs(80) : { ...subs(80), citationLikelihood: 66 })), site, 'core')).toEqual([]);
  });

  it('says nothing to a Free account, whose plan does not reveal subscores', () => {
    expect(subscoreDropAlerts(series([70, 70], (i) => (i === 0 ? subs(80) : { ...subs(80), citationLikelihood: 30 })), site, 'free')).toEqual([]);
  });
});

describe('trend', () => {
  it('needs R² strictly above 0.7', () => {
    expect(trendDecision({ slope: -3, intercept: 80, r2: 0.7 }, 5)).toBeNull();
    expect(trendDecision({ slope: -3, intercept: 80, r2: 0.71 }, 5)).toMatchObject({ direction: 'declining', confidence: 71 });
  });

  it('needs a slope strictly beyond ±1', () => {
    expect(trendDecision({ slope: 1, intercept: 50, r2: 1 }, 5)).toBeNull();
    expect(trendDecision({ slope: -1, intercept: 50, r2: 1 }, 5)).toBeNull();
    expect(trendDecision({ slope: 1.01, intercept: 50, r2: 1 }, 5)?.direction).toBe('improving');
  });

  it('predicts two audits ahead, clamped, and is high below 60', () => {
    // 70, 67, 64, 61, 58: slope -3, two ahead 52.
    const declining = trendAlert(series([70, 67, 64, 61, 58]), site);
    expect(declining).toMatchObject({ type: 'predictive', severity: 'high', confidence: 100, data: { prediction: 52 } });
    const steep = trendAlert(series([60, 70, 80, 90, 100]), site);
    expect(steep?.data.prediction).toBe(100);
    expect(steep?.severity).toBe('low');
    expect(trendDecision({ slope: -30, intercept: 100, r2: 1 }, 5)?.prediction).toBe(0);
  });

  it('uses the last five audits only and needs five', () => {
    expect(trendAlert(series([70, 67, 64, 61]), site)).toBeNull();
    expect(trendAlert(series([10, 90, 70, 70, 70, 70, 70]), site)).toBeNull();
  });
});

describe('milestones', () => {
  it('alerts once per milestone crossed, with confidence 100', () => {
    const crossed = milestoneAlerts(series([65, 82]), site);
    expect(crossed.map((alert) => alert.data.milestone)).toEqual([70, 80]);
    expect(crossed.every((alert) => alert.confidence === 100)).toBe(true);
    expect(crossed[0].key).toBe('milestone:https://example.com:70');
  });

  it('does not alert when the score was already above, or lands just below', () => {
    expect(milestoneAlerts(series([71, 75]), site)).toEqual([]);
    expect(milestoneAlerts(series([60, 69]), site)).toEqual([]);
    expect(milestoneAlerts(series([89, 90]), site).map((alert) => alert.data.milestone)).toEqual([90]);
  });
});

describe('competitor surge', () => {
  it('alerts at 15, not 14, for pro and agency only', () => {
    expect(competitorSurgeAlert(series([60, 75]), site, 'pro')?.type).toBe('competitor_update');
    expect(competitorSurgeAlert(series([60, 74]), site, 'agency')).toBeNull();
    expect(competitorSurgeAlert(series([60, 75]), site, 'core')).toBeNull();
  });
});

describe('reminder', () => {
  const day = 86_400_000;
  const last = new Date('2026-03-01T00:00:00Z');
  it('appears after more than 7 days, not at exactly 7', () => {
    expect(reminderAlert(last, last, new Date(last.getTime() + 7 * day))).toBeNull();
    expect(reminderAlert(last, last, new Date(last.getTime() + 7 * day + 1))?.type).toBe('recommendation');
  });

  it('counts from sign-up when no tool was ever used, one reminder per idle stretch', () => {
    const created = new Date('2026-01-01T00:00:00Z');
    const first = reminderAlert(null, created, new Date('2026-02-01T00:00:00Z'));
    const again = reminderAlert(null, created, new Date('2026-02-10T00:00:00Z'));
    expect(first?.key).toBe(again?.key);
  });
});

describe('content freshness', () => {
  it('names the stale pages and is silent without any', () => {
    expect(freshnessAlert([], site, 'a1')).toBeNull();
    const alert = freshnessAlert([{ url: 'https://example.com/old', modifiedAt: '2024-01-02T00:00:00Z' }], site, 'a1');
    expect(alert?.message).toContain('2024-01-02');
  });

  it('names pages dated in the future apart from stale ones, and alone as dates to correct', () => {
    const future = [{ url: 'https://example.com/launch', modifiedAt: '2031-05-01T00:00:00Z' }];
    const both = freshnessAlert([{ url: 'https://example.com/old', modifiedAt: '2024-01-02T00:00:00Z' }], site, 'a1', future);
    expect(both?.title).toBe('A page has not been updated for over a year');
    expect(both?.message).toContain('One page declares a date in the future');
    expect(both?.message).toContain('https://example.com/launch (dated 2031-05-01)');
    expect(both?.key).not.toBe(freshnessAlert([{ url: 'https://example.com/old', modifiedAt: '2024-01-02T00:00:00Z' }], site, 'a1')?.key);
    const alone = freshnessAlert([], site, 'a1', future);
    expect(alone?.title).toBe('A page declares a date in the future');
    expect(alone?.message).toMatch(/^No page is out of date\. One page declares a date in the future/);
    expect(alone?.severity).toBe('low');
    expect(freshnessAlert([], site, 'a1', [...future, { url: 'https://example.com/next', modifiedAt: '2031-06-01T00:00:00Z' }])?.title).toBe('2 pages declare dates in the future');
  });
});

describe('industry trend', () => {
  const stats = { industry: 'Technology & Software', sites: 5, meanChange: 4, agreement: 80, windowDays: 30 };
  const now = new Date('2026-03-01T00:00:00Z');
  it('needs 5 real sites, agreement of 70 and pro', () => {
    expect(industryTrendAlert(stats, 'pro', now)?.type).toBe('industry_trend');
    expect(industryTrendAlert({ ...stats, sites: 4 }, 'pro', now)).toBeNull();
    expect(industryTrendAlert({ ...stats, agreement: 69 }, 'pro', now)).toBeNull();
    expect(industryTrendAlert(stats, 'core', now)).toBeNull();
    expect(industryTrendAlert(null, 'agency', now)).toBeNull();
  });
});
