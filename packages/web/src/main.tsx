// First: zod is made jitless before any schema is built (app/zod-jitless.ts).
import './app/zod-jitless';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter, matchRoutes } from 'react-router';
import { App, ROUTES } from './app/app';
import { createQueryClient } from './app/query-client';
import { preloadRoutes, type ClientRouteHandle } from './app/routes/route-patterns';
import './index.css';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

const app = (
  <StrictMode>
    <BrowserRouter>
      <App queryClient={createQueryClient()} />
    </BrowserRouter>
  </StrictMode>
);

const matches = matchRoutes(ROUTES, window.location) ?? [];

/**
 * Pre-rendered pages arrive with markup to adopt; the app shell's root holds only a comment. The
 * server sends the not-found page for every path no route answers, but a path like an unknown
 * help article renders its own "not found" in the client: that markup differs, so it is rendered
 * afresh rather than hydrated.
 */
function adoptsMarkup(): boolean {
  if (!container?.firstElementChild) return false;
  if (!container.hasAttribute('data-not-found')) return true;
  return (matches.at(-1)?.route.handle as ClientRouteHandle | undefined)?.notFound === true;
}

function start(loaded: boolean) {
  if (loaded && adoptsMarkup()) hydrateRoot(container as HTMLElement, app);
  else createRoot(container as HTMLElement).render(app);
}

// The page's own chunks and data (usually already fetched through the modulepreload links the
// pre-render wrote) are loaded before the first render, so it neither suspends nor differs from
// its markup. A chunk that failed to load is tried again by the page itself, rendered afresh.
preloadRoutes(matches).then(
  () => start(true),
  () => start(false),
);
