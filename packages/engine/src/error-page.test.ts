import { describe, expect, it } from 'vitest';
import type { SiteSnapshot } from '@citable/contract';
import { auditFetchedPage, errorPageReason, modelFetchedPage, SOFT_404_MAX_WORDS } from './error-page';
import { buildPageModel } from './model/build-page-model';
import { aggregateSiteAudit } from './scoring/aggregate-site-audit';

function html(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head><body><nav><a href="/">Home</a> <a href="/shop">Shop</a></nav><main>${body}</main><footer>© Lantern Tea</footer></body></html>`;
}

function model(status: number | undefined, title: string, body: string) {
  return buildPageModel({ url: 'https://tea.example.com/x', status, body: html(title, body), format: 'html' });
}

const words = (n: number) => Array.from({ length: n }, (_, i) => ['sencha', 'leaves', 'steep', 'water', 'kettle', 'farm'][i % 6]).join(' ');
const article = `<h1>How to fix 404 errors on your site</h1>${Array.from({ length: 6 }, () => `<p>${words(60)}. Broken links send readers to pages that no longer exist.</p>`).join('')}`;
const shortNotFound = '<h1>Page not found</h1><p>Sorry, we could not find that page. Try the home page.</p>';

describe('errorPageReason: the status', () => {
  it('makes every 4xx and 5xx answer an error page, named with its status', () => {
    expect(errorPageReason(404)).toEqual({ status: 404, reason: 'answered 404 Not Found', soft: false });
    expect(errorPageReason(410)).toEqual({ status: 410, reason: 'answered 410 Gone', soft: false });
    expect(errorPageReason(500)).toEqual({ status: 500, reason: 'answered 500 Internal Server Error', soft: false });
    expect(errorPageReason(403)?.reason).toBe('answered 403 Forbidden');
    expect(errorPageReason(499)?.reason).toBe('answered 499 Client Error');
    expect(errorPageReason(999)?.reason).toBe('answered 999');
  });

  it('is an error page whatever the body says, even a rich article', () => {
    expect(errorPageReason(404, model(404, 'Brewing guide', article))).toMatchObject({ status: 404, soft: false });
    expect(errorPageReason(503, model(503, 'Brewing guide', article))).toMatchObject({ status: 503, soft: false });
  });

  it('leaves success statuses and pasted content alone', () => {
    for (const status of [200, 203, 204, 301, 304, undefined, null]) expect(errorPageReason(status)).toBeNull();
    // Pasted content has no HTTP answer, so "Page not found" in it is only text.
    const pasted = buildPageModel({ url: null, body: html('Page not found', shortNotFound), format: 'html' });
    expect(errorPageReason(pasted.status, pasted)).toBeNull();
  });
});

describe('errorPageReason: soft 404s', () => {
  it('tells a 200 page whose title says "Page not found" and says little else', () => {
    const verdict = errorPageReason(200, model(200, 'Page not found | Lantern Tea', '<p>Sorry, we could not find that page.</p>'));
    expect(verdict).toEqual({ status: 200, reason: 'answered 200 OK but says "Page not found" (a soft 404)', soft: true });
  });

  it('tells the common wordings, by title or level-1 heading, in several languages', () => {
    const cases: [string, string][] = [
      ['404 - Not Found', '<p>Nothing here.</p>'],
      ['Error 404: Page not found', '<p>Go back.</p>'],
      ['Lantern Tea', '<h1>Oops! That page can’t be found.</h1><p>It looks like nothing was found at this location.</p>'],
      ['Lantern Tea', '<h1>404</h1><p>This page does not exist.</p>'],
      ['The page you are looking for doesn’t exist | Lantern Tea', '<p>Try the search.</p>'],
      ['Seite nicht gefunden – Lantern Tee', '<p>Zurück zur Startseite.</p>'],
      ['Page introuvable | Thé Lanterne', '<p>Retour à l’accueil.</p>'],
      ['Página no encontrada - Té Linterna', '<p>Volver al inicio.</p>'],
      ['Pagina non trovata', '<p>Torna alla home.</p>'],
      ['Página não encontrada', '<p>Voltar.</p>'],
    ];
    for (const [title, body] of cases) expect(errorPageReason(200, model(200, title, body))?.soft, title).toBe(true);
  });

  it('does not take a page about 404 errors for one', () => {
    // A topic, not a verdict: the title mentions 404 errors, and the page has plenty to say.
    expect(errorPageReason(200, model(200, 'How to fix 404 errors | SEO Blog', article))).toBeNull();
    expect(errorPageReason(200, model(200, '404 errors: what they cost you', '<h1>404 errors: what they cost you</h1><p>Broken links lose readers.</p>'))).toBeNull();
    // A short glossary entry named after the status talks about status codes.
    expect(errorPageReason(200, model(200, '404 Not Found - HTTP | Web Docs', '<h1>404 Not Found</h1><p>The HTTP 404 Not Found client error response status code indicates that the server cannot find the requested resource.</p>'))).toBeNull();
    // A site named "404" is not an error in the site name's place.
    expect(errorPageReason(200, model(200, 'About | 404', '<h1>About us</h1><p>We are a small design studio.</p>'))).toBeNull();
    // Titles that merely contain the words.
    expect(errorPageReason(200, model(200, 'Not found in stores: our online-only teas', '<p>Only online.</p>'))).toBeNull();
    expect(errorPageReason(200, model(200, 'Lost & Found', '<p>Items left at the tea room.</p>'))).toBeNull();
  });

  it('does not take a long page for one, even with a not-found title', () => {
    const long = `<h1>Page not found</h1>${Array.from({ length: 4 }, () => `<p>${words(60)}.</p>`).join('')}`;
    const built = model(200, 'Page not found', long);
    expect(built.wordCount).toBeGreaterThan(SOFT_404_MAX_WORDS);
    expect(errorPageReason(200, built)).toBeNull();
  });

  it('only applies to success statuses', () => {
    expect(errorPageReason(404, model(404, 'Page not found', shortNotFound))?.soft).toBe(false);
    expect(errorPageReason(undefined, model(undefined, 'Page not found', shortNotFound))).toBeNull();
  });
});

describe('modelFetchedPage', () => {
  it('models a real page and refuses an error page, with its URL, status and reason', () => {
    const real = modelFetchedPage({ url: 'https://tea.example.com/guide', status: 200, body: html('Brewing guide', article), format: 'html' });
    expect(real.type === 'content' && real.model.url).toBe('https://tea.example.com/guide');
    expect(real.type === 'content' && real.model.title).toBe('Brewing guide');
    // The status tells whatever the page says; a soft 404 is told by its model.
    expect(modelFetchedPage({ url: 'https://tea.example.com/old', status: 410, body: html('Brewing guide', article), format: 'html' })).toEqual({
      type: 'error-page',
      errorPage: { url: 'https://tea.example.com/old', status: 410, reason: 'answered 410 Gone' },
    });
    expect(modelFetchedPage({ url: 'https://tea.example.com/gone', status: 200, body: html('Page not found', shortNotFound), format: 'html' })).toEqual({
      type: 'error-page',
      errorPage: { url: 'https://tea.example.com/gone', status: 200, reason: 'answered 200 OK but says "Page not found" (a soft 404)' },
    });
  });
});

describe('auditFetchedPage', () => {
  const site: SiteSnapshot['site'] = null;

  it('audits a real page and refuses an error page, with its URL, status and reason', () => {
    const real = auditFetchedPage({ page: { url: 'https://tea.example.com/guide', status: 200, body: html('Brewing guide', article), format: 'html' }, site }, { now: '2025-07-01' });
    expect(real.type).toBe('audited');
    const missing = auditFetchedPage({ page: { url: 'https://tea.example.com/missing', status: 404, body: html('Brewing guide', article), format: 'html' }, site });
    expect(missing).toEqual({ type: 'error-page', errorPage: { url: 'https://tea.example.com/missing', status: 404, reason: 'answered 404 Not Found' } });
    const soft = auditFetchedPage({ page: { url: 'https://tea.example.com/gone', status: 200, body: html('Page not found', shortNotFound), format: 'html' }, site });
    expect(soft).toMatchObject({ type: 'error-page', errorPage: { url: 'https://tea.example.com/gone', status: 200 } });
  });

  it('keeps error pages out of the site score and its "N of M pages" counts', () => {
    const pages = ['/a', '/b'].map((path) => auditFetchedPage({ page: { url: `https://tea.example.com${path}`, status: 200, body: html('Brewing guide', article), format: 'html' }, site }, { now: '2025-07-01' }));
    const results = pages.flatMap((page) => (page.type === 'audited' ? [page.result] : []));
    const errorPages = [{ url: 'https://tea.example.com/gone', status: 404, reason: 'answered 404 Not Found' }];
    const aggregated = aggregateSiteAudit(results, errorPages);
    expect(aggregated.pageCount).toBe(2);
    expect(aggregated.errorPages).toEqual(errorPages);
    expect(aggregated.overallScore).toBe(aggregateSiteAudit(results).overallScore);
    for (const recommendation of aggregated.recommendations) expect(recommendation).toMatch(/\(\d of 2 pages\)$/);
  });
});
