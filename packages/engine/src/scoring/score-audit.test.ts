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
    // Each issue carries its own finding's headline (issue #30), the same as its check's outcome.
    expect(result.issues.map((i) => i.title)).toEqual([...failing].sort((a, b) => b.pointsLost - a.pointsLost || (a.id < b.id ? -1 : 1)).map((c) => c.title));
    expect(result.issues.find((i) => i.checkId === 'document-title')!.title).toBe('Page has no title');
    expect(result.issues.find((i) => i.checkId === 'statistics')!.title).toBe('Content states no statistics');
    expect(lost.length).toBeGreaterThan(0);
    expect(result.recommendations).toEqual(result.issues.map((i) => `${i.title}: ${i.suggestion}`));
  });

  it("titles each outcome from its finding: a full pass shows the check's title, any shortfall its own headline", () => {
    const template = CHECKS_BY_ID.get('statistics')!;
    const withResult = (id: string, result: ReturnType<Check['run']>): Check => ({ ...template, id, title: `${id} passes`, failureTitle: `${id} fails somehow`, run: () => result });
    const checks = new Map(CHECKS_BY_ID);
    checks.set('statistics', withResult('statistics', { applicable: true, score: 0.5, title: 'Content has too few statistics', explanation: 'Only 1.' }));
    checks.set('quotations', withResult('quotations', { applicable: true, score: 1, explanation: 'Fine.' }));
    checks.set('cited-sources', withResult('cited-sources', { applicable: true, score: 0.4, explanation: 'Written outside the engine, without a headline.' }));
    checks.set('unique-facts', withResult('unique-facts', { applicable: false, explanation: 'Too short.' }));
    checks.set('content-depth', withResult('content-depth', { applicable: true, score: 0.95, title: 'Nearly there', explanation: 'Close.' }));
    const result = auditModel(goodArticle(), null, { checks });
    const title = (id: string) => result.checks.find((c) => c.id === id)!.title;
    expect(title('statistics')).toBe('Content has too few statistics');
    expect(title('quotations')).toBe('quotations passes');
    expect(title('cited-sources')).toBe('cited-sources fails somehow');
    expect(title('unique-facts')).toBe('unique-facts passes');
    // Above the pass mark but short of 1: not an issue, yet its own finding is what is shown.
    expect(title('content-depth')).toBe('Nearly there');
    expect(result.issues.map((i) => i.checkId)).not.toContain('content-depth');
    expect(result.issues.find((i) => i.checkId === 'statistics')!.title).toBe('Content has too few statistics');
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

  it("keeps a finding's own title when every page fails the same way, and the check's general title and fix when pages differ", () => {
    const noFaq = auditModel(htmlModel(paragraphs(12), '', { url: 'https://example.com/a' }), null);
    const noFaqToo = auditModel(htmlModel(paragraphs(13), '', { url: 'https://example.com/b' }), null);
    const questions = Array.from({ length: 4 }, (_, i) => `<h2>How much does part ${i + 1} cost?</h2><p>Solar panels cost about twelve thousand dollars for a typical home system, and most households recover that cost within eight years.</p>`).join('');
    const unmarked = auditModel(htmlModel(`${paragraphs(12)}${questions}`, '', { url: 'https://example.com/c' }), null);
    const faqTitle = (r: ReturnType<typeof auditModel>) => r.checks.find((c) => c.id === 'faq-content')!.title;
    expect([faqTitle(noFaq), faqTitle(noFaqToo), faqTitle(unmarked)]).toEqual(['Page has no FAQ section', 'Page has no FAQ section', 'FAQ not marked up as FAQPage']);
    const faq = CHECKS_BY_ID.get('faq-content')!;

    const same = aggregateSiteAudit([noFaq, noFaqToo]);
    const sameRec = same.recommendationsByCheck.find((r) => r.checkId === 'faq-content')!;
    expect(sameRec.text).toBe(`Page has no FAQ section: ${faq.suggestion}`);
    expect(same.issues.find((i) => i.checkId === 'faq-content')!.title).toBe('Page has no FAQ section');

    const mixed = aggregateSiteAudit([noFaq, unmarked]);
    const mixedRec = mixed.recommendationsByCheck.find((r) => r.checkId === 'faq-content')!;
    expect(mixedRec.pages).toEqual(['https://example.com/a', 'https://example.com/c']);
    expect(mixedRec.text).toBe(`${faq.failureTitle}: ${faq.suggestion}`);
    expect(mixed.issues.find((i) => i.checkId === 'faq-content')).toMatchObject({ title: faq.failureTitle, suggestion: faq.suggestion });
    expect(mixed.recommendations.find((r) => r.startsWith(faq.failureTitle))).toBe(`${faq.failureTitle}: ${faq.suggestion} (2 of 2 pages)`);
    // Whichever page comes first, mixed findings get the general fix, not one page's.
    expect(aggregateSiteAudit([unmarked, noFaq]).issues.find((i) => i.checkId === 'faq-content')).toMatchObject({ title: faq.failureTitle, suggestion: faq.suggestion });
    // The unmarked page alone keeps its own finding and its own fix.
    const alone = aggregateSiteAudit([unmarked]).issues.find((i) => i.checkId === 'faq-content')!;
    expect(alone).toMatchObject({ title: 'FAQ not marked up as FAQPage', suggestion: 'Mark the questions and answers up as FAQPage JSON-LD.' });
  });
});
