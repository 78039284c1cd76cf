import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { readClientRoutes } from './client-routes';

const NOT_BUILT = 'The web app is not built. Run `npm run build` (or `npm start`) to build packages/web.';

/** `/pricing/` and `/pricing` both map to pages/pricing.html; `/` maps to pages/index.html. Relative to dist. */
function pageFile(distDir: string, route: string): string | undefined {
  const name = route.replace(/^\/+|\/+$/g, '') || 'index';
  if (!/^[a-z0-9][a-z0-9/_-]*$/i.test(name) || name.includes('..')) return undefined;
  const file = path.join('pages', `${name}.html`);
  return existsSync(path.join(distDir, file)) ? file : undefined;
}

function decodePath(urlPath: string): string | undefined {
  try {
    return decodeURIComponent(urlPath);
  } catch {
    return undefined;
  }
}

/**
 * Serves the built web app: real files from dist (hashed assets cached forever), pre-rendered
 * public pages for their routes, the app shell for the other client routes, and 404 with the
 * pre-rendered not-found page for any other path. Which client routes exist comes from the web
 * build (dist/routes.json, written from the web router's route table: client-routes.ts).
 *
 * Every file, pages included, goes out through @fastify/static with `preCompressed`: the .br or
 * .gz copy the build wrote beside it when the client accepts one (Vary: Accept-Encoding), with
 * ETag and Last-Modified, and HEAD and conditional requests handled.
 */
export const webPlugin = fp<{ distDir: string }>(
  async (app, { distDir }) => {
    const built = existsSync(path.join(distDir, 'index.html'));
    const clientRoutes = built ? readClientRoutes(distDir) : undefined;
    if (built && !clientRoutes) app.log.warn(`${path.join(distDir, 'routes.json')} is missing (a build from before it existed): every unknown path gets the app shell with 200. Rebuild the web app.`);

    if (built) {
      await app.register(fastifyStatic, {
        root: distDir,
        // A path that is not a file falls through to the not-found handler below, which picks page, shell or 404.
        index: false,
        preCompressed: true,
        setHeaders(res, filePath) {
          const relative = path.relative(distDir, filePath);
          if (relative.startsWith(`assets${path.sep}`)) res.header('cache-control', 'public, max-age=31536000, immutable');
          else res.header('cache-control', 'no-cache');
        },
      });
    }

    const plainText = (reply: FastifyReply, status: number, text: string) => reply.status(status).type('text/plain; charset=utf-8').send(text);

    function sendPageOrShell(urlPath: string, reply: FastifyReply) {
      if (!built) return plainText(reply, 404, NOT_BUILT);
      // A missing hashed asset is a stale client; HTML in its place would only fail to parse.
      if (urlPath.startsWith('/assets/')) return plainText(reply, 404, 'Not found');
      const route = decodePath(urlPath);
      if (route !== undefined && (!clientRoutes || clientRoutes.exists(route))) {
        return reply.status(200).sendFile(pageFile(distDir, route) ?? 'index.html');
      }
      // No client route renders this path: the not-found page, with the status that says so.
      const notFoundPage = clientRoutes?.notFoundPage;
      if (notFoundPage && existsSync(path.join(distDir, notFoundPage))) return reply.status(404).sendFile(notFoundPage);
      return plainText(reply, 404, 'Not found');
    }

    // @fastify/static answers a directory with 403, so the root needs its own route.
    app.get('/', (_request, reply) => sendPageOrShell('/', reply));

    app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
      const urlPath = request.url.split('?')[0];
      if (urlPath === '/api' || urlPath.startsWith('/api/')) return reply.status(404).send({ error: `No API route ${request.method} ${urlPath}` });
      if (request.method !== 'GET' && request.method !== 'HEAD') return plainText(reply, 404, 'Not found');
      return sendPageOrShell(urlPath, reply);
    });
  },
  { name: 'web' },
);
