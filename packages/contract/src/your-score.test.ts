import { describe, expect, it } from 'vitest';
import { likeForLike, sameMeasurement, scoreChange, siteScoreAudit, YOUR_SCORE_MESSAGES } from './your-score';

// Issue 30: a site audit (66, 4 pages) then a page audit of the same site (81).
const site = { kind: 'site', url: 'https://lantern.example', pageCount: 4, overallScore: 66, date: '2026-03-01T10:00:00.000Z' };
const page = { kind: 'page', url: 'https://lantern.example/', pageCount: 1, overallScore: 81, date: '2026-03-02T10:00:00.000Z' };

describe('your score', () => {
  it('is the newest site audit, never a newer page audit', () => {
    expect(siteScoreAudit([page, site])).toBe(site);
    expect(siteScoreAudit([page])).toBeNull();
  });

  it('compares only the same kind, address and page set', () => {
    expect(sameMeasurement(site, page)).toBe(false);
    expect(sameMeasurement(site, { ...site, url: 'https://lantern.example/' })).toBe(true);
    // A crawl that read another set of pages measured something else.
    expect(sameMeasurement(site, { ...site, pageCount: 5 })).toBe(false);
    const pages = ['https://lantern.example/', 'https://lantern.example/tea'];
    expect(sameMeasurement({ ...site, pageUrls: pages }, { ...site, pageUrls: [...pages].reverse() })).toBe(true);
    expect(sameMeasurement({ ...site, pageCount: 2, pageUrls: pages }, { ...site, pageCount: 2, pageUrls: [pages[0]!, 'https://lantern.example/cups'] })).toBe(false);
    expect(likeForLike([site, page, { ...site, overallScore: 70 }], site)).toHaveLength(2);
  });

  it('states no change from a site audit and a page audit, and a real one between two crawls', () => {
    expect(scoreChange([site, page])).toEqual({ measured: false, reason: YOUR_SCORE_MESSAGES.nothingToCompare });
    expect(scoreChange([page, site])).toEqual({ measured: false, reason: YOUR_SCORE_MESSAGES.nothingToCompare });
    expect(scoreChange([])).toMatchObject({ measured: false });
    const later = { ...site, overallScore: 72, date: '2026-03-09T10:00:00.000Z' };
    expect(scoreChange([site, page, later])).toEqual({ measured: true, from: 66, to: 72, change: 6, audits: 2, since: site.date });
  });
});
