// @vitest-environment jsdom
import { QueryClient } from '@tanstack/react-query';
import { act, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { BrowserRouter, matchRoutes, StaticRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { queryKeys } from '../lib/query-keys';
import { App, ROUTES } from './app';
import { preloadRoutes } from './routes/route-patterns';

// Issue #30: a signed-in visitor's first load of a pre-rendered public page failed hydration
// (React error #418). The pre-render renders signed out; React hydrates a Suspense boundary's
// content (every lazy page, which holds the header) in a later pass, after the shell has committed
// and sent the session query, so a fast answer was already in the cache when the header hydrated.
// Here the session is in the cache before hydration starts: the worst case, made certain.

const USER = { id: 'user-1', email: 'rosa@example.com', name: 'Rosa Reader', emailVerified: true };
const PROFILE = { full_name: 'Rosa Reader', onboarding_completed_at: '2026-01-01T00:00:00.000Z', websites: [], competitors: [], goals: [], plan: 'pro' };
const PATH = '/pricing';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
// jsdom lays nothing out and has no scrollIntoView; /pricing scrolls to its section on mount.
Element.prototype.scrollIntoView = () => {};

/** A client that sends nothing: each test's cache holds what it puts there, fresh for good. */
const cacheOnly = () => new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity, refetchOnMount: false } } });

let container: HTMLElement | undefined;

beforeAll(async () => {
  // As the pre-render and the browser entry do: the page's chunk is loaded before either renders.
  await preloadRoutes(matchRoutes(ROUTES, PATH) ?? []);
});
afterEach(() => container?.remove());

describe('a pre-rendered public page, hydrated for a signed-in visitor', () => {
  it('adopts the signed-out markup without a mismatch, then shows the signed-in header', async () => {
    const markup = renderToString(
      <StrictMode>
        <StaticRouter location={PATH}>
          <App queryClient={cacheOnly()} />
        </StaticRouter>
      </StrictMode>,
    );
    expect(markup).toContain('Sign In');

    window.history.replaceState(null, '', PATH);
    container = document.createElement('div');
    container.innerHTML = markup;
    document.body.append(container);
    const signedIn = cacheOnly();
    signedIn.setQueryData(queryKeys.session, USER);
    signedIn.setQueryData(queryKeys.profile(USER.id), PROFILE);

    const recoverable: unknown[] = [];
    const root = await act(async () =>
      hydrateRoot(
        container!,
        <StrictMode>
          <BrowserRouter>
            <App queryClient={signedIn} />
          </BrowserRouter>
        </StrictMode>,
        { onRecoverableError: (error) => recoverable.push(error) },
      ),
    );

    expect(recoverable.map(String)).toEqual([]);
    expect(container.querySelector('[data-testid="header-user-name"]')?.textContent).toBe('Rosa Reader');
    expect(container.querySelector('header')?.textContent).not.toContain('Sign In');
    await act(async () => root.unmount());
  });
});
