// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { WORKSPACE_ERRORS, type AuditReport, type WorkspaceRole } from '@citable/contract';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { setClientId } from '../../../lib/client-scope';
import { AuditControls, defaultSitePages, parseSitePages } from './audit-controls';
import { CrawlErrors } from './crawl-errors';

const websites = [{ name: 'Lantern Tea', url: 'https://tea.example.com' }];
const USER = { id: 'user-1', email: 'milo@example.com', name: 'Milo', emailVerified: true };
const CLIENT_ID = '0b6f2f0e-4b7c-4d8e-9d3a-0a1b2c3d4e5f';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/**
 * The form in the browser over a cache holding the session and, with `role`, a workspace in which
 * that is the viewer's role (the pre-render is signed out, so the role only shows in the browser).
 */
const render = (plan: 'free' | 'pro' | 'agency', role?: WorkspaceRole) => {
  const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  queryClient.setQueryData(['session'], USER);
  queryClient.setQueryData(['workspaces', USER.id], role ? [{ id: 'ws-1', name: 'Olive Digital', role, requireTwoFactor: false }] : []);
  const container = document.createElement('div');
  const root = createRoot(container);
  act(() =>
    root.render(
      <QueryClientProvider client={queryClient}>
        <AuditControls websites={websites} plan={plan} running={false} onRun={() => undefined} onMissingWebsite={() => undefined} />
      </QueryClientProvider>,
    ),
  );
  const html = container.innerHTML;
  act(() => root.unmount());
  return html;
};

/** The pre-rendered form (signed out: no role applies). */
const renderStatic = (plan: 'free' | 'pro' | 'agency') =>
  renderToString(
    <QueryClientProvider client={new QueryClient()}>
      <AuditControls websites={websites} plan={plan} running={false} onRun={() => undefined} onMissingWebsite={() => undefined} />
    </QueryClientProvider>,
  ).replace(/<!-- -->/g, '');

afterEach(() => setClientId(null));

describe('the site audit form', () => {
  it('asks for the pages to audit, 25 by default, capped by the plan', () => {
    const pro = renderStatic('pro');
    expect(pro).toContain('Pages to audit');
    expect(pro).toMatch(/<input[^>]*type="number"[^>]*min="1"[^>]*max="100"[^>]*value="25"/);
    expect(pro).toContain('Up to 100 pages on your plan');
    expect(renderStatic('agency')).toMatch(/max="500"/);
    expect(defaultSitePages('free')).toBe(25);
  });

  it("offers Run Audit to every role that may run it, and to a client's read-only viewer disabled with the reason on it", () => {
    setClientId(CLIENT_ID);
    for (const role of ['owner', 'admin', 'member'] as const) {
      const html = render('agency', role);
      expect(html, role).toMatch(/<button type="submit"(?![^>]*disabled="")[^>]*data-testid="audit-run"/);
      expect(html, role).not.toContain(WORKSPACE_ERRORS.readOnly);
    }
    const client = render('agency', 'client');
    expect(client).toMatch(/<button type="submit"[^>]*disabled=""[^>]*title="Your role has read-only access."[^>]*aria-describedby="([^"]+)"[^>]*data-testid="audit-run"/);
    const describedBy = /aria-describedby="([^"]+)"[^>]*data-testid="audit-run"/.exec(client)![1];
    expect(client).toContain(`<p id="${describedBy}"`);
    expect(client).toContain(WORKSPACE_ERRORS.readOnly);
    // On their own account the same person runs their own audits.
    setClientId(null);
    expect(render('free', 'client')).not.toContain(WORKSPACE_ERRORS.readOnly);
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
