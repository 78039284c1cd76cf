import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PageInput } from '@citable/contract';
import { AUDIT_WORKER_HEAP_MB, AuditPool } from './audit-pool';

const prose = '<p>Sencha is a steamed Japanese green tea. Brew it at 70 °C for one minute, then pour the whole cup.</p><h2>Where does it grow?</h2><p>Most sencha comes from Shizuoka, where about 40% of the tea of Japan is grown.</p>';
const html = (title: string, body: string) => `<!doctype html><html lang="en"><head><title>${title}</title></head><body><main><h1>${title}</h1>${body}</main></body></html>`;
const page = (path: string, status: number, title: string, body: string): PageInput => ({ url: `https://tea.example.com${path}`, status, body: html(title, body), format: 'html' });

describe('AuditPool', () => {
  let pool: AuditPool;
  beforeAll(async () => {
    pool = await AuditPool.start(2, { now: Date.parse('2026-01-15') });
  }, 60_000);
  afterAll(() => pool?.close());

  it('runs its workers under a heap ceiling, so their garbage is collected at a small multiple of what they hold', () => {
    expect(AUDIT_WORKER_HEAP_MB).toBeGreaterThanOrEqual(512);
    expect(pool.heapLimitsMb()).toEqual([AUDIT_WORKER_HEAP_MB, AUDIT_WORKER_HEAP_MB]);
  });

  it('audits content, hands back error pages (a 404, a soft 404) unaudited, and aggregates what it audited', async () => {
    pool.setSite({ origin: 'https://tea.example.com', robotsTxt: null, llmsTxt: null, llmsFullTxt: null, sitemap: null, aiCrawlers: [] });
    const answers = await Promise.all([
      pool.audit(page('/guide', 200, 'Brewing guide', prose)),
      pool.audit(page('/faq', 200, 'Questions', prose)),
      pool.audit(page('/missing', 404, 'Brewing guide', prose)),
      pool.audit(page('/soft', 200, 'Page not found', '<p>Sorry, we could not find that page.</p>')),
    ]);
    expect(answers).toEqual([
      { type: 'audited', view: undefined },
      { type: 'audited', view: undefined },
      { type: 'error-page', errorPage: { url: 'https://tea.example.com/missing', status: 404, reason: 'answered 404 Not Found' } },
      { type: 'error-page', errorPage: { url: 'https://tea.example.com/soft', status: 200, reason: 'answered 200 OK but says "Page not found" (a soft 404)' } },
    ]);
    const site = await pool.aggregate(answers.flatMap((answer) => (answer.type === 'error-page' ? [answer.errorPage] : [])));
    expect(site.pageCount).toBe(2);
    expect(site.pages?.map((entry) => entry.url).sort()).toEqual(['https://tea.example.com/faq', 'https://tea.example.com/guide']);
    expect(site.errorPages).toHaveLength(2);
  });
});

describe('AuditPool with keepPages and skipped checks', () => {
  it('sends back each page\'s view with its HTTP status, scored without the skipped checks', async () => {
    const pool = await AuditPool.start(1, { now: Date.parse('2026-01-15'), keepPages: true, skip: ['llms-txt'] });
    try {
      pool.setSite({ origin: 'https://tea.example.com', robotsTxt: null, llmsTxt: null, llmsFullTxt: null, sitemap: null, aiCrawlers: [] });
      const answer = await pool.audit(page('/guide', 200, 'Brewing guide', prose));
      expect(answer.type).toBe('audited');
      const view = answer.type === 'audited' ? answer.view! : undefined;
      expect(view).toMatchObject({ label: 'https://tea.example.com/guide', uri: 'https://tea.example.com/guide', httpStatus: 200, title: 'Brewing guide' });
      expect(view!.checks.map((check) => check.id)).not.toContain('llms-txt');
      expect(view!.checks).toHaveLength(48);
      expect(view!.checks.every((check) => ['pass', 'fail', 'not-applicable', 'error'].includes(check.state))).toBe(true);
      // Explanations are kept for failures only, to keep a crawl small.
      expect(view!.checks.filter((check) => check.state === 'pass').every((check) => check.explanation === '')).toBe(true);
      expect(view!.checks.filter((check) => check.state === 'fail').every((check) => check.explanation !== '')).toBe(true);
    } finally {
      await pool.close();
    }
  });
});
