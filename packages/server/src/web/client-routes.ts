import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * dist/routes.json, written by the web build (packages/web/scripts/prerender.ts) from the web
 * router's own table (packages/web/src/app/app.tsx): the client routes that exist, as path
 * patterns (`/dashboard`, `/docs/:slug`, `/app/*`), and the pre-rendered not-found page.
 */
export interface RouteManifest {
  routes: string[];
  notFoundPage: string;
  /**
   * The origin the build wrote where the public address belongs (canonical, og:url, JSON-LD,
   * llms.txt, the sitemap); the server puts the effective public URL in its place. Absent in
   * builds from before it existed, whose files are sent as they are.
   */
  placeholderOrigin?: string;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A react-router path pattern as a regular expression over a URL path: `:name` is one segment,
 * `:name?` and `segment?` optional ones, a trailing `*` anything below (or nothing). Matching is
 * case-insensitive and ignores a trailing slash, as react-router's is.
 */
export function compileRoutePattern(pattern: string): RegExp {
  let source = '';
  for (const segment of pattern.split('/').filter(Boolean)) {
    if (segment === '*') {
      source += '(?:/.*)?';
      continue;
    }
    const optional = segment.endsWith('?');
    const name = optional ? segment.slice(0, -1) : segment;
    const part = name.startsWith(':') ? '/[^/]+' : `/${escapeRegExp(name)}`;
    source += optional ? `(?:${part})?` : part;
  }
  return new RegExp(`^${source}/?$`, 'i');
}

export interface ClientRoutes {
  /** Whether a decoded URL path (no query) is one the web app answers with a screen. */
  exists(urlPath: string): boolean;
  /** The not-found page, relative to dist. */
  notFoundPage: string;
  placeholderOrigin: string | undefined;
}

/** Reads dist/routes.json; undefined when the build has none (built before it existed). */
export function readClientRoutes(distDir: string): ClientRoutes | undefined {
  const file = path.join(distDir, 'routes.json');
  if (!existsSync(file)) return undefined;
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as RouteManifest;
  if (!Array.isArray(manifest.routes) || typeof manifest.notFoundPage !== 'string') throw new Error(`${file} is not a route manifest (routes, notFoundPage)`);
  if (manifest.placeholderOrigin !== undefined && (typeof manifest.placeholderOrigin !== 'string' || !URL.canParse(manifest.placeholderOrigin))) throw new Error(`${file} has a placeholderOrigin that is not a URL`);
  const literal = new Set<string>();
  const patterns: RegExp[] = [];
  for (const route of manifest.routes) {
    if (/[:*?]/.test(route)) patterns.push(compileRoutePattern(route));
    else literal.add(normalise(route));
  }
  return {
    exists: (urlPath) => literal.has(normalise(urlPath)) || patterns.some((pattern) => pattern.test(urlPath)),
    notFoundPage: manifest.notFoundPage,
    placeholderOrigin: manifest.placeholderOrigin,
  };
}

/** `/Pricing/` and `/pricing` are one route. */
function normalise(urlPath: string): string {
  return `/${urlPath.replace(/^\/+|\/+$/g, '')}`.toLowerCase();
}
