import type { AuditReport } from '@citable/contract';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { AuditControls, defaultSitePages, parseSitePages } from './audit-controls';
import { CrawlErrors } from './crawl-errors';

const websites = [{ name: 'Lantern Tea', url: 'https://tea.example.com' }];
const render = (plan: 'free' | 'pro' | 'agency') =>
  renderToString(<AuditControls websites={websites} plan={plan} running={false} onRun={() => undefined} onMissingWebsite={() => undefined} />).replace(/<!-- -->/g, '');

describe('the site audit form', () => {
  it('asks for the pages to audit, 25 by default, capped by the plan', () => {
    const pro = render('pro');
    expect(pro).toContain('Pages to audit');
    expect(pro).toMatch(/<input[^>]*type="number"[^>]*min="1"[^>]*max="100"[^>]*value="25"/);
    expect(pro).toContain('Up to 100 pages on your plan');
    expect(render('agency')).toMatch(/max="500"/);
    expect(defaultSitePages('free')).toBe(25);
  });

  it('accepts a whole number within the plan, and names the cap otherwise', () => {
    expect(parseSitePages('60', 'pro')).toEqual({ pages: 60 });
    expect(parseSitePages('500', 'agency')).toEqual({ pages: 500 });
    expect(parseSitePages('101', 'pro')).toEqual({ error: 'Your plan audits up to 100 pages per site.' });
    for (const value of ['', '0', '-3', '2.5', 'ten']) expect(parseSitePages(value, 'pro')).toEqual({ error: 'Enter a whole number of pages from 1 to 100.' });
  });
});

describe('CrawlErrors', () => {
  const report: AuditReport = {
    kind: 'site',
    overallScore: 70,
    recommendations: [],
    pageCount: 9,
    detail: 'full',
    errorPages: [
      { url: 'https://tea.example.com/old', status: 404, reason: 'answered 404 Not Found' },
      { url: 'https://tea.example.com/soft', status: 200, reason: 'answered 200 OK but says "Page not found" (a soft 404)' },
    ],
    failedPages: [{ url: 'https://tea.example.com/slow', error: 'did not answer within 10 s' }],
  };

  it('lists error pages with their status and failed pages, outside the pages audited', () => {
    const html = renderToString(<CrawlErrors report={report} />).replace(/<!-- -->/g, '');
    expect(html).toContain('Crawl errors (3)');
    expect(html).toContain('cover the 9 pages audited');
    expect(html.match(/data-testid="crawl-error"/g)).toHaveLength(3);
    expect(html).toContain('404</span>');
    expect(html).toContain('https://tea.example.com/old');
    expect(html).toContain('did not answer within 10 s');
  });

  it('shows nothing without crawl errors', () => {
    expect(renderToString(<CrawlErrors report={{ ...report, errorPages: undefined, failedPages: [] }} />)).toBe('');
  });
});
