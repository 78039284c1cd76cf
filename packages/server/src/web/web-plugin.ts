import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { readClientRoutes } from './client-routes';
import { createSiteTexts, sendSiteText } from './site-texts';

const NOT_BUILT = 'The web app is not built. Run `npm run build` (or `npm start`) to build packages/web.';
const HTML = 'text/html; charset=utf-8';

/**
 * Citable's own site files, written by the web build into dist/site with the placeholder origin
 * (packages/web/scripts/prerender.ts) and sent with the public URL in its place, so every link in
 * them is absolute and names the address users reach.
 */
const SITE_FILES: Record<string, { file: string; type: string }> = {
  '/llms.txt': { file: 'site/llms.txt', type: 'text/plain; charset=utf-8' },
  '/llms-full.txt': { file: 'site/llms-full.txt', type: 'text/plain; charset=utf-8' },
  '/robots.txt': { file: 'site/robots.txt', type: 'text/plain; charset=utf-8' },
  '/sitemap.xml': { file: 'site/sitemap.xml', type: 'application/xml; charset=utf-8' },
};

/**
 * Build files that are not the public's: those that name the placeholder origin are only sent
 * rewritten (pages through their routes, site files through theirs), never as they are, nor their
 * stale .br/.gz copies; and the build's own bookkeeping, which the server reads from disk itself
 * (routes.json: client-routes.ts; .vite/manifest.json: the pre-renderer's asset map), is never
 * sent at all. They get the not-found page instead.
 */
const NOT_SENT_AS_IS = /^\/(?:(?:pages|site|\.vite)\/|routes\.json(?:\.br|\.gz)?$)/i;

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
 * pre-rendered not-found page for any other path; and the site files /llms.txt, /llms-full.txt,
 * /robots.txt and /sitemap.xml. Which client routes exist comes from the web build
 * (dist/routes.json, written from the web router's route table: client-routes.ts).
 *
 * Files go out through @fastify/static with `preCompressed`: the .br or .gz copy the build wrote
 * beside it when the client accepts one (Vary: Accept-Encoding), with ETag and Last-Modified, and
 * HEAD and conditional requests handled. Pre-rendered pages and site files name the public
 * address, known only at run time (`app.publicUrl()`): they are rewritten when sent
 * (site-texts.ts) and compressed per request by compress-plugin.ts.
 */
export const webPlugin = fp<{ distDir: string }>(
  async (app, { distDir }) => {
    const built = existsSync(path.join(distDir, 'index.html'));
    const clientRoutes = built ? readClientRoutes(distDir) : undefined;
    if (built && !clientRoutes) app.log.warn(`${path.join(distDir, 'routes.json')} is missing (a build from before it existed): every unknown path gets the app shell with 200. Rebuild the web app.`);
    const siteTexts = createSiteTexts(distDir, clientRoutes?.placeholderOrigin);

    if (built) {
      await app.register(fastifyStatic, {
        root: distDir,
        // A path that is not a file falls through to the not-found handler below, which picks page, shell or 404.
        index: false,
        preCompressed: true,
        allowedPath: (pathname) => !NOT_SENT_AS_IS.test(pathname),
        setHeaders(res, filePath) {
          const relative = path.relative(distDir, filePath);
          if (relative.startsWith(`assets${path.sep}`)) res.header('cache-control', 'public, max-age=31536000, immutable');
          else res.header('cache-control', 'no-cache');
        },
      });
    }

    const plainText = (reply: FastifyReply, status: number, text: string) => reply.status(status).type('text/plain; charset=utf-8').send(text);

    /** A pre-rendered page (relative to dist) with the public URL in it; undefined if the file is gone. */
    const readPage = (file: string | undefined) => (file ? siteTexts.read(file, app.publicUrl()) : Promise.resolve(undefined));

    // A page is read first and sent after, never `await`ed as a sent reply: a FastifyReply is a
    // thenable that resolves to undefined once the response has gone out, so "the page was sent,
    // else the shell" read the sent page as missing and sent the shell again, which Fastify logged
    // as FST_ERR_REP_ALREADY_SENT with status 500 on every pre-rendered page load.

    async function sendPageOrShell(request: FastifyRequest, urlPath: string, reply: FastifyReply) {
      if (!built) return plainText(reply, 404, NOT_BUILT);
      // A missing hashed asset is a stale client; HTML in its place would only fail to parse.
      if (urlPath.startsWith('/assets/')) return plainText(reply, 404, 'Not found');
      const route = decodePath(urlPath);
      if (route !== undefined && (!clientRoutes || clientRoutes.exists(route))) {
        const page = await readPage(pageFile(distDir, route));
        return page ? sendSiteText(request, reply, 200, HTML, page) : reply.status(200).sendFile('index.html');
      }
      // No client route renders this path: the not-found page, with the status that says so.
      const notFoundPage = await readPage(clientRoutes?.notFoundPage);
      return notFoundPage ? sendSiteText(request, reply, 404, HTML, notFoundPage) : plainText(reply, 404, 'Not found');
    }

    // Declared routes, so they win over @fastify/static's wildcard and the not-found handler. HEAD
    // is handled as GET (Node drops the body), not by Fastify's HEAD route, which would drop the
    // body before compress-plugin.ts sets the Content-Encoding a GET gets.
    const getAndHead = { method: ['GET', 'HEAD'] as ('GET' | 'HEAD')[], exposeHeadRoute: false };
    for (const [url, { file, type }] of Object.entries(SITE_FILES)) {
      app.route({
        ...getAndHead,
        url,
        handler: async (request, reply) => {
          if (!built) return plainText(reply, 404, NOT_BUILT);
          const text = await siteTexts.read(file, app.publicUrl());
          return text ? sendSiteText(request, reply, 200, type, text) : plainText(reply, 404, 'Not found');
        },
      });
    }

    // @fastify/static answers a directory with 403, so the root needs its own route.
    app.route({ ...getAndHead, url: '/', handler: (request, reply) => sendPageOrShell(request, '/', reply) });

    app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
      const urlPath = request.url.split('?')[0];
      if (urlPath === '/api' || urlPath.startsWith('/api/')) return reply.status(404).send({ error: `No API route ${request.method} ${urlPath}` });
      if (request.method !== 'GET' && request.method !== 'HEAD') return plainText(reply, 404, 'Not found');
      return sendPageOrShell(request, urlPath, reply);
    });
  },
  { name: 'web', dependencies: ['public-url'] },
);
