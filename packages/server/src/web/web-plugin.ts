import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';

const NOT_BUILT = 'The web app is not built. Run `npm run build` (or `npm start`) to build packages/web.';

/** `/pricing/` and `/pricing` both map to pages/pricing.html; `/` maps to pages/index.html. */
function pageFile(distDir: string, urlPath: string): string | undefined {
  let route: string;
  try {
    route = decodeURIComponent(urlPath).replace(/^\/+|\/+$/g, '') || 'index';
  } catch {
    return undefined;
  }
  if (!/^[a-z0-9][a-z0-9/_-]*$/i.test(route) || route.includes('..')) return undefined;
  const file = path.join(distDir, 'pages', `${route}.html`);
  return existsSync(file) ? file : undefined;
}

/**
 * Serves the built web app: real files from dist (hashed assets cached forever), pre-rendered
 * public pages for their routes, and the app shell for every other client route.
 */
export const webPlugin = fp<{ distDir: string }>(
  async (app, { distDir }) => {
    const built = existsSync(path.join(distDir, 'index.html'));

    if (built) {
      await app.register(fastifyStatic, {
        root: distDir,
        // A path that is not a file falls through to the not-found handler below, which picks page or shell.
        index: false,
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
      const file = pageFile(distDir, urlPath) ?? path.join(distDir, 'index.html');
      return reply.status(200).header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(readFileSync(file));
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
