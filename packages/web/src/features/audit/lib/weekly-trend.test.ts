import { describe, expect, it } from 'vitest';
import type { AuditHistoryItem } from '@citable/contract';
import { weeklyTrend } from './weekly-trend';

const now = Date.parse('2026-11-22T12:00:00Z');
const day = 24 * 60 * 60 * 1000;
const audit = (daysAgo: number, score: number): AuditHistoryItem => ({
  id: String(daysAgo),
  kind: 'site',
  website_url: 'https://example.com',
  overall_score: score,
  recommendations: [],
  page_count: 1,
  created_at: new Date(now - daysAgo * day).toISOString(),
  detail: 'full',
});

describe('weeklyTrend', () => {
  it('needs at least two audits in the last 7 days', () => {
    expect(weeklyTrend([], now)).toBeNull();
    expect(weeklyTrend([audit(1, 70), audit(9, 50)], now)).toBeNull();
  });

  it('is the newest minus the oldest score within the week', () => {
    expect(weeklyTrend([audit(0, 72), audit(3, 65), audit(6, 60), audit(10, 10)], now)).toBe(12);
    expect(weeklyTrend([audit(0, 55), audit(2, 61)], now)).toBe(-6);
  });
});
