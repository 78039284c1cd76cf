import { matchPath, type Params, type RouteObject } from 'react-router';
import { lazyPageOf } from './lazy-page';

/** What a route of the table (app.tsx) tells the server, the pre-render and the browser entry. */
export interface ClientRouteHandle {
  /** `prerendered`: a parameterised route whose only existing pages are its pre-rendered ones. */
  existing?: 'prerendered';
  /** The catch-all that renders the not-found page: it answers no path that exists. */
  notFound?: true;
  /** Loads what the page shows for these parameters, beyond its own code (a docs article's content). */
  preload?: (params: Params) => Promise<unknown>;
  /** What `preload` loads, as the Vite manifest names its chunks (for the pre-render's modulepreload links). */
  modules?: (params: Params) => string[];
}

/** A route the address matched, with its parameters (react-router's `matchRoutes`). */
export interface MatchedRoute {
  route: RouteObject;
  params: Params;
}

/**
 * Everything the matched routes' pages need before they render: their lazy chunks and their data.
 * The pre-render awaits it before rendering, the browser before hydrating, so both render the
 * same markup at once.
 */
export function preloadRoutes(matches: readonly MatchedRoute[]): Promise<unknown> {
  return Promise.all(matches.flatMap((match) => [lazyPageOf(match.route.element)?.preload(), handleOf(match.route).preload?.(match.params)]));
}

/** The Vite manifest's names of what `preloadRoutes` loads. */
export function routeModules(matches: readonly MatchedRoute[]): string[] {
  return matches.flatMap((match) => {
    const source = lazyPageOf(match.route.element)?.source;
    return [...(source ? [source] : []), ...(handleOf(match.route).modules?.(match.params) ?? [])];
  });
}

/**
 * dist/routes.json, written by scripts/prerender.ts and read by the server
 * (server/src/web/client-routes.ts): a path that matches none of `routes` is answered with 404
 * and `notFoundPage`.
 */
export interface RouteManifest {
  /** Path patterns as react-router writes them: `/docs/:slug`, `/app/*`; case-insensitive. */
  routes: string[];
  /** The pre-rendered not-found page, relative to dist. */
  notFoundPage: string;
}

const handleOf = (route: RouteObject): ClientRouteHandle => (route.handle ?? {}) as ClientRouteHandle;

function joinPaths(parent: string, path: string): string {
  if (path.startsWith('/')) return path;
  return `${parent.replace(/\/+$/, '')}/${path}`;
}

/**
 * The path patterns of every route that renders a screen, layouts resolved; a route marked
 * `existing: 'prerendered'` is listed as the pre-rendered paths it matches instead of its pattern.
 */
export function clientRoutePatterns(routes: readonly RouteObject[], prerendered: readonly string[], parent = '/'): string[] {
  const patterns: string[] = [];
  for (const route of routes) {
    const handle = handleOf(route);
    if (handle.notFound) continue;
    const path = route.path === undefined ? parent : joinPaths(parent, route.path);
    if (route.children?.length) patterns.push(...clientRoutePatterns(route.children, prerendered, path));
    // A layout without a path of its own renders nothing by itself.
    if (route.path === undefined && !route.index) continue;
    if (handle.existing === 'prerendered') patterns.push(...prerendered.filter((candidate) => matchPath({ path, caseSensitive: false }, candidate)));
    else patterns.push(path);
  }
  return [...new Set(patterns)];
}
