import { createRoutesFromElements, Route } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ROUTES } from '../app';
import { clientRoutePatterns } from './route-patterns';

describe('clientRoutePatterns', () => {
  it('lists every route with a screen, layouts resolved, the catch-all left out', () => {
    const routes = createRoutesFromElements(
      <>
        <Route path="/" element={<p />} />
        <Route element={<p />}>
          <Route path="/guide" element={<p />} />
          <Route path="/guide/:slug" element={<p />} handle={{ existing: 'prerendered' }} />
        </Route>
        <Route path="/app" element={<p />}>
          <Route index element={<p />} />
          <Route path="audits/:id" element={<p />} />
          <Route path="files/*" element={<p />} />
        </Route>
        <Route path="*" element={<p />} handle={{ notFound: true }} />
      </>,
    );
    expect(clientRoutePatterns(routes, ['/', '/guide', '/guide/one', '/guide/two', '/other'])).toEqual(['/', '/guide', '/guide/one', '/guide/two', '/app', '/app/audits/:id', '/app/files/*']);
  });

  it('gives the app: public pages, pre-rendered articles only, and the signed-in areas', () => {
    const patterns = clientRoutePatterns(ROUTES, ['/', '/pricing', '/help-center/how-the-score-works', '/docs/introduction', '/docs/api-reference']);
    expect(patterns).toEqual(expect.arrayContaining(['/', '/pricing', '/documentation', '/docs/api-reference', '/help-center/how-the-score-works', '/docs/introduction', '/dashboard', '/invite', '/reset-password']));
    expect(patterns.some((pattern) => pattern.includes(':') || pattern.includes('*'))).toBe(false);
  });
});
