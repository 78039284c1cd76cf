import './app/zod-jitless';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { matchRoutes, StaticRouter } from 'react-router';
import { App, ROUTES } from './app/app';
import { createQueryClient } from './app/query-client';
import { clientRoutePatterns, preloadRoutes, routeModules, type RouteManifest } from './app/routes/route-patterns';
import { DOC_ROUTES, docsPageMeta } from './features/docs/data/docs';
import { HELP_ARTICLE_ROUTES, helpArticleMeta } from './features/help-center/data/articles';
import { headTags } from './features/landing/seo/head-tags';

/** Public routes that are pre-rendered at build time (scripts/prerender.ts). */
export const PRERENDERED_ROUTES = [
  '/',
  '/pricing',
  '/features',
  '/integrations',
  '/help-center',
  '/contact-us',
  '/status',
  '/privacy-policy',
  '/terms-of-service',
  '/cookie-policy',
  ...HELP_ARTICLE_ROUTES,
  ...DOC_ROUTES,
];

/** Where the not-found page is written, relative to dist; the server sends it with every 404 of a page. */
export const NOT_FOUND_PAGE = 'pages/404.html';
/** A path no route answers, rendered as the not-found page. */
const NOT_FOUND_PATH = '/404';

/** dist/routes.json: the client routes that exist, for the server's 404s. */
export function routeManifest(): RouteManifest {
  return { routes: clientRoutePatterns(ROUTES, PRERENDERED_ROUTES), notFoundPage: NOT_FOUND_PAGE };
}

/** The modules a route's page loads beyond the shell (its chunks, its data), as the Vite manifest names them. */
export function pageModules(url: string): string[] {
  return routeModules(matchRoutes(ROUTES, url) ?? []);
}

/** Loads what `url`'s page needs, so that the render below has it in place of a loading state. */
export async function preload(url: string): Promise<void> {
  await preloadRoutes(matchRoutes(ROUTES, url) ?? []);
}

function renderApp(url: string): string {
  return renderToString(
    <StrictMode>
      <StaticRouter location={url}>
        <App queryClient={createQueryClient()} />
      </StaticRouter>
    </StrictMode>,
  );
}

/** Renders one public route to HTML, signed out, as the pre-render step needs it (after `preload(url)`). */
export function render(url: string, origin: string): { html: string; head: string } {
  return { html: renderApp(url), head: headTags(url, origin, helpArticleMeta(url) ?? docsPageMeta(url)) };
}

/** The not-found page: the catch-all route's markup, not indexed, no canonical address. */
export function renderNotFound(): { html: string; head: string } {
  const head = ['<title>Page not found | Citable</title>', '<meta name="description" content="The page you are looking for does not exist or has moved." />'].join('\n    ');
  return { html: renderApp(NOT_FOUND_PATH), head };
}
