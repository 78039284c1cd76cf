import type { AuditHistoryItem } from '@citable/contract';
import { describe, expect, it } from 'vitest';
import { areaPath, comparableSeries, linePath, plotPoints, scoreChange, trendLabel } from './score-trend';

let next = 0;
function audit(kind: AuditHistoryItem['kind'], url: string | null, score: number, at: string): AuditHistoryItem {
  next += 1;
  return { id: `a${next}`, kind, website_url: url, overall_score: score, recommendations: [], page_count: 1, created_at: at, detail: 'full' };
}

describe('comparableSeries', () => {
  it('keeps the kind and address of the newest audit, oldest first', () => {
    const audits = [
      audit('site', 'https://tea.example', 71, '2026-11-26T14:05:00Z'),
      audit('page', 'https://tea.example/about', 40, '2026-11-26T10:00:00Z'),
      audit('site', 'https://tea.example/', 60, '2026-11-20T10:00:00Z'),
      audit('site', 'https://tea.example/shop', 30, '2026-11-18T10:00:00Z'),
      audit('site', 'https://tea.example', 52, '2026-11-10T10:00:00Z'),
    ];
    const series = comparableSeries(audits);
    expect(series?.kind).toBe('site');
    // The trailing slash is the same address; another path and the page audit are not comparable.
    expect(series?.points.map((point) => point.score)).toEqual([52, 60, 71]);
    expect(series?.points.map((point) => point.date)).toEqual(['2026-11-10T10:00:00Z', '2026-11-20T10:00:00Z', '2026-11-26T14:05:00Z']);
  });

  it('follows the site’s score, its site audit, even when a page audit is newer (issue 30)', () => {
    const series = comparableSeries([audit('page', 'https://tea.example/', 80, '2026-11-26T14:05:00Z'), audit('site', 'https://tea.example', 60, '2026-11-25T10:00:00Z')]);
    expect(series).toMatchObject({ kind: 'site', points: [{ score: 60 }] });
  });

  it('follows the newest page audit while the site has no site audit', () => {
    const series = comparableSeries([audit('page', 'https://tea.example/', 80, '2026-11-26T14:05:00Z'), audit('page', 'https://tea.example/about', 60, '2026-11-25T10:00:00Z')]);
    expect(series).toMatchObject({ kind: 'page', points: [{ score: 80 }] });
  });

  it('never joins crawls that scored a different number of pages', () => {
    const crawl = (score: number, pages: number, at: string) => ({ ...audit('site', 'https://tea.example', score, at), page_count: pages });
    const series = comparableSeries([crawl(70, 4, '2026-11-26T14:05:00Z'), crawl(50, 5, '2026-11-20T10:00:00Z'), crawl(66, 4, '2026-11-10T10:00:00Z')]);
    expect(series?.points.map((point) => point.score)).toEqual([66, 70]);
  });

  it('is null without audits', () => {
    expect(comparableSeries([])).toBeNull();
  });
});

describe('plotPoints', () => {
  it('spreads the audits evenly and scales the scores on the padded range, higher scores upwards', () => {
    // chartDomain([50, 70]) is [40, 80].
    expect(plotPoints([50, 70, 60])).toEqual([
      { x: 0, y: 75 },
      { x: 50, y: 25 },
      { x: 100, y: 50 },
    ]);
  });

  it('stays inside the box at the ends of the scale', () => {
    const points = plotPoints([0, 100]);
    expect(points).toEqual([
      { x: 0, y: 100 },
      { x: 100, y: 0 },
    ]);
  });

  it('puts equal scores and a single score in the middle', () => {
    expect(plotPoints([64, 64]).map((point) => point.y)).toEqual([50, 50]);
    expect(plotPoints([64])).toEqual([{ x: 50, y: 50 }]);
    expect(plotPoints([])).toEqual([]);
  });
});

describe('paths', () => {
  it('draws the line through the points and closes the area along the bottom', () => {
    const points = [
      { x: 0, y: 75 },
      { x: 50, y: 25 },
      { x: 100, y: 50 },
    ];
    expect(linePath(points)).toBe('M0 75 L50 25 L100 50');
    expect(areaPath(points)).toBe('M0 75 L50 25 L100 50 L100 100 L0 100 Z');
    expect(areaPath(points.slice(0, 1))).toBe('');
  });
});

describe('trendLabel and scoreChange', () => {
  it('summarises the first and last score and the number of audits', () => {
    expect(trendLabel('Lantern Tea', [52, 60, 58, 64, 70, 71])).toBe('Score trend of Lantern Tea: 52 to 71 over 6 audits');
    expect(trendLabel(null, [80, 75])).toBe('Score trend: 80 to 75 over 2 audits');
    expect(trendLabel('Lantern Tea', [80])).toBe('Score trend of Lantern Tea: not enough audits yet');
    expect(scoreChange([52, 60, 71])).toBe(19);
    expect(scoreChange([80, 75])).toBe(-5);
    expect(scoreChange([80])).toBe(0);
  });
});
