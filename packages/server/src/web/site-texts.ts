import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** A build file with the public URL in place of the build's placeholder origin. */
export interface SiteText {
  body: string;
  /** A strong validator of `body` (it changes with the file and with the public URL). */
  etag: string;
}

export interface SiteTexts {
  /** `file` (relative to dist) for `origin`; undefined when the build has no such file. */
  read(file: string, origin: string): Promise<SiteText | undefined>;
}

/**
 * The pre-rendered pages and the site files (llms.txt, sitemap, robots.txt) name the public
 * address, which the build cannot know: it writes `placeholderOrigin` (dist/routes.json) and the
 * server puts the effective public URL in its place when it sends them. Each file is rewritten
 * once per content and origin; a file the build (or a test) replaces is read again.
 */
export function createSiteTexts(distDir: string, placeholderOrigin: string | undefined): SiteTexts {
  const cache = new Map<string, { key: string; text: SiteText }>();
  return {
    async read(file, origin) {
      const full = path.join(distDir, file);
      const info = await stat(full).catch(() => undefined);
      if (!info?.isFile()) return undefined;
      const key = `${info.mtimeMs}:${info.size}:${origin}`;
      const cached = cache.get(file);
      if (cached?.key === key) return cached.text;
      const raw = await readFile(full, 'utf8');
      const body = placeholderOrigin ? raw.replaceAll(placeholderOrigin, origin) : raw;
      const text = { body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"` };
      cache.set(file, { key, text });
      return text;
    },
  };
}

/** Whether the request's If-None-Match names `etag` (weak comparison, as RFC 9110 asks for GET). */
function matches(request: FastifyRequest, etag: string): boolean {
  const header = request.headers['if-none-match'];
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/**
 * Sends a site text as the build's static files go out: no-cache with an ETag, 304 to a matching
 * conditional GET. It is compressed per request by compress-plugin.ts (the build's .br/.gz copies
 * name the placeholder, so they are never sent).
 */
export function sendSiteText(request: FastifyRequest, reply: FastifyReply, status: number, type: string, text: SiteText): FastifyReply {
  reply.header('cache-control', 'no-cache').header('etag', text.etag).type(type);
  if (status === 200 && matches(request, text.etag)) return reply.status(304).send();
  return reply.status(status).send(text.body);
}
