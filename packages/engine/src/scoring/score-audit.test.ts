import { describe, expect, it } from 'vitest';
import { auditResultSchema } from '@citable/contract';
import { auditContent, auditModel, auditSnapshot } from '../audit';
import { detectFormat as auditContentFormat } from '../model/detect-format';
import { CHECKS, CHECKS_BY_ID } from '../checks';
import type { Check } from '../checks/types';
import { DEFAULT_SCORING_CONFIG } from './default-config';
import { aggregateSiteAudit } from './aggregate-site-audit';
import { goodArticle, GOOD_ARTICLE_BODY, GOOD_ARTICLE_HEAD, htmlModel, paragraphs, site, URL } from '../../test/fixtures/pages';

describe('scoring config', () => {
  it('names every check exactly once, with a positive weight', () => {
    const ids = Object.values(DEFAULT_SCORING_CONFIG.subscores).flatMap((s) => s.checks.map((c) => c.id));
    expect(ids.sort()).toEqual(CHECKS.map((c) => c.id).sort());
    for (const s of Object.values(DEFAULT_SCORING_CONFIG.subscores)) for (const c of s.checks) expect(c.weight).toBeGreaterThan(0);
    expect(CHECKS.length).toBeGreaterThanOrEqual(40);
  });
});

describe('scoreAudit', () => {
  it('produces a result of the contract shape, with scores as weighted means', () => {
    const result = auditModel(goodArticle(), null, { now: '2025-07-01' });
    expect(auditResultSchema.parse(result)).toEqual(result);
    const sub = DEFAULT_SCORING_CONFIG.subscores.contentStructure;
    const rows = result.checks.filter((c) => c.subscore === 'contentStructure' && c.applicable);
    const weight = rows.reduce((n, c) => n + c.weight, 0);
    const mean = rows.reduce((n, c) => n + c.weight * (c.score ?? 0), 0) / weight;
    expect(result.subscores.contentStructure).toBe(Math.round(mean * 100));
    expect(sub.checks.length).toBe(result.checks.filter((c) => c.subscore === 'contentStructure').length);
  });

  it('orders recommendations by points lost and lists only failing checks', () => {
    const result = auditContent(`<h1>Notes</h1>${paragraphs(5)}`, { format: 'html' });
    const failing = result.checks.filter((c) => c.score !== null && c.score < DEFAULT_SCORING_CONFIG.passThreshold);
    expect(result.issues.length).toBe(failing.length);
    const lost = failing.map((c) => c.pointsLost);
    expect(result.issues.map((i) => i.title)).toEqual(
      [...failing].sort((a, b) => b.pointsLost - a.pointsLost || (a.id < b.id ? -1 : 1)).map((c) => CHECKS_BY_ID.get(c.id)!.failureTitle),
    );
    expect(lost.length).toBeGreaterThan(0);
    expect(result.recommendations.length).toBe(result.issues.length);
  });

  it('turns a throwing check into an error result without stopping the audit', () => {
    const broken: Check = { ...CHECKS_BY_ID.get('statistics')!, run: () => { throw new Error('boom'); } };
    const checks = new Map(CHECKS_BY_ID);
    checks.set('statistics', broken);
    const result = auditModel(goodArticle(), null, { checks });
    const outcome = result.checks.find((c) => c.id === 'statistics')!;
    expect(outcome).toMatchObject({ applicable: false, score: null, error: 'boom', pointsLost: 0 });
    expect(result.checks.filter((c) => c.applicable).length).toBeGreaterThan(30);
  });

  it('lets callers override check thresholds', () => {
    const strict = auditModel(goodArticle(), null, { checkOptions: { 'content-depth': { fullWords: 100, thinWords: 10, fullSections: 1 } } });
    expect(strict.checks.find((c) => c.id === 'content-depth')!.score).toBe(1);
  });

  it('is deterministic and takes freshness from the given date only', () => {
    const a = auditModel(goodArticle(), null, { now: '2025-07-01' });
    expect(auditModel(goodArticle(), null, { now: '2025-07-01' })).toEqual(a);
    expect(auditModel(goodArticle(), null).checks.find((c) => c.id === 'content-freshness')!.applicable).toBe(false);
  });
});

describe('auditSnapshot', () => {
  it('applies the site-level checks when the site context is known', () => {
    const html = `<!doctype html><html lang="en"><head>${GOOD_ARTICLE_HEAD}</head><body>${GOOD_ARTICLE_BODY}</body></html>`;
    const result = auditSnapshot({ page: { url: URL, status: 200, body: html, format: 'html', headers: {} }, site: site() }, { now: '2025-07-01' });
    for (const id of ['ai-crawler-access', 'llms-txt', 'robots-txt', 'sitemap', 'http-status', 'breadcrumbs']) {
      expect(result.checks.find((c) => c.id === id), id).toMatchObject({ applicable: true, score: 1 });
    }
    expect(result.page).toMatchObject({ url: URL, author: 'Jane Doe', lang: 'en', publishedAt: '2025-03-01T00:00:00.000Z' });
    expect(result.overallScore).toBeGreaterThanOrEqual(85);
  });
});

describe('auditContent', () => {
  it('detects the format of pasted content and leaves site checks not applicable', () => {
    const md = auditContent('# Solar panels\n\n## How long do solar panels last?\n\nMost panels last 25 to 30 years, losing about half a percent of output each year, according to NREL.\n\n- Cost: $12,000\n- Payback: 8 years\n- Life: 25 years');
    expect(md.page).toMatchObject({ url: null, title: 'Solar panels' });
    expect(md.checks.find((c) => c.id === 'concise-answers')!.applicable).toBe(true);
    for (const id of ['ai-crawler-access', 'llms-txt', 'sitemap', 'robots-txt', 'meta-description', 'html-lang']) {
      expect(md.checks.find((c) => c.id === id)!.applicable, id).toBe(false);
    }
    expect(auditContentFormat('Plain words only. Nothing else here.')).toBe('text');
  });
});

describe('aggregateSiteAudit', () => {
  it('averages page scores and merges recommendations with the pages they affect', () => {
    const a = auditModel(goodArticle(), null, { now: '2025-07-01' });
    const b = auditModel(htmlModel(paragraphs(3), '', { url: 'https://example.com/thin' }), null, { now: '2025-07-01' });
    const site = aggregateSiteAudit([a, b]);
    expect(site.pageCount).toBe(2);
    expect(site.overallScore).toBe(Math.round((a.overallScore + b.overallScore) / 2));
    const merged = site.recommendationsByCheck.find((r) => r.checkId === 'single-h1')!;
    expect(merged.pages).toEqual(['https://example.com/thin']);
    const losses = site.recommendationsByCheck.map((r) => r.meanPointsLost);
    expect([...losses].sort((x, y) => y - x)).toEqual(losses);
    expect(aggregateSiteAudit([]).overallScore).toBe(0);
  });
});
