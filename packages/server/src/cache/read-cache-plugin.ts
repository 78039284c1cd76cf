import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { CLIENT_SCOPE_HEADER } from '@citable/contract';
import { openChangeFeed, type ChangeFeed } from './change-feed';
import { ownWritesCatchUp } from './own-writes';
import { UserCache, type Ticket } from './user-cache';
import type { CachedSession } from '../auth/session-lookup';

/** A dashboard answer as it was sent: the serialised body and the headers the route set. */
export interface CachedResponse {
  body: string;
  headers: Record<string, string>;
}

export interface ReadCaches {
  /** Sessions by token (auth/session-lookup.ts); null when caching is off. */
  sessions: UserCache<CachedSession> | null;
  /** Answers of the routes marked `cachedRead`, by session and URL. */
  responses: UserCache<CachedResponse> | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    readCache: ReadCaches;
  }
  interface FastifyContextConfig {
    /**
     * The route's GET answer may be served again to the same session until the user's rows change
     * (or READ_CACHE_SECONDS pass). Only for answers that depend on nothing but the caller's own
     * rows and the URL; a handler whose answer also depends on the time calls skipReadCache.
     */
    cachedRead?: boolean | ((request: FastifyRequest) => boolean);
  }
  interface FastifyRequest {
    /** Set when this request's answer may be stored (see the preHandler below). */
    readCacheSlot?: { ticket: Ticket; userId: string; key: string; until?: number };
  }
}

/** This process's read caches in Prometheus text: lookups by outcome, and entries held. */
export function readCacheMetricLines(caches: ReadCaches): string[] {
  const named = [
    ['sessions', caches.sessions],
    ['responses', caches.responses],
  ] as const;
  const lines = ['# HELP citable_read_cache_lookups_total Read-cache lookups in this process, by cache and outcome (hit or miss).', '# TYPE citable_read_cache_lookups_total counter'];
  for (const [cache, store] of named) {
    if (store) lines.push(`citable_read_cache_lookups_total{cache="${cache}",outcome="hit"} ${store.hits}`, `citable_read_cache_lookups_total{cache="${cache}",outcome="miss"} ${store.misses}`);
  }
  lines.push('# HELP citable_read_cache_entries Entries held by each read cache of this process.', '# TYPE citable_read_cache_entries gauge');
  for (const [cache, store] of named) if (store) lines.push(`citable_read_cache_entries{cache="${cache}"} ${store.count}`);
  return lines;
}

/** The answer being built depends on more than the user's rows: it is not stored. */
export function skipReadCache(request: FastifyRequest): void {
  request.readCacheSlot = undefined;
}

/**
 * The answer being built changes by the clock alone at `time` (ms since the epoch; e.g. a run in
 * flight counts as abandoned then): it is not served from the cache past it.
 */
export function keepReadCacheUntil(request: FastifyRequest, time: number): void {
  const slot = request.readCacheSlot;
  if (slot) slot.until = Math.min(slot.until ?? Infinity, time);
}

// The headers a cached answer repeats; everything else (security headers, rate limits, request
// id) is set afresh by the hooks that run before the cache answers.
const KEPT_HEADERS = ['content-type', 'cache-control', 'pragma'];
const MAX_SESSIONS = 50_000;
const MAX_RESPONSES = 20_000;
// In UTF-16 code units of the serialised bodies: about 64 MB of text at most.
const MAX_RESPONSE_TEXT = 32 * 1024 * 1024;

/**
 * In-process caches of sessions and of the dashboard's answers, invalidated by the database's
 * change feed (migration 0017, src/cache/change-feed.ts). Registered after the database and before
 * the auth plugin, which reads sessions through it, and before the routes, so its hooks see them.
 */
export const readCachePlugin = fp<{ maxAgeSeconds: number }>(
  async (app, options) => {
    if (options.maxAgeSeconds === 0) {
      app.decorate('readCache', { sessions: null, responses: null });
      return;
    }
    const feed: ChangeFeed = await openChangeFeed(app.dbHandle, { log: (message) => app.log.warn(message) });
    const live = () => feed.live;
    const maxAgeMs = options.maxAgeSeconds * 1000;
    const sessions = new UserCache<CachedSession>({ maxAgeMs, maxEntries: MAX_SESSIONS }, live);
    const responses = new UserCache<CachedResponse>({ maxAgeMs, maxEntries: MAX_RESPONSES, maxSize: MAX_RESPONSE_TEXT }, live);
    feed.onChange((userId) => {
      sessions.changed(userId);
      responses.changed(userId);
    });
    feed.onReset(() => {
      sessions.reset();
      responses.reset();
    });
    app.decorate('readCache', { sessions, responses });
    app.addHook('onClose', () => feed.close());

    // Sessions are read from the cache by any signed-in request: each one first catches up with
    // the writes this process completed (PostgreSQL only; PGlite's feed is synchronous).
    const catchUp = app.dbHandle.writes ? ownWritesCatchUp(feed, app.dbHandle.writes) : null;
    if (catchUp) {
      app.addHook('onRequest', async (request) => {
        if (request.headers.cookie) await catchUp();
      });
    }

    app.addHook('preHandler', async (request, reply) => {
      const marked = request.routeOptions.config.cachedRead;
      if (request.method !== 'GET' || !marked || (typeof marked === 'function' && !marked(request))) return;
      // A workspace client's scope depends on memberships and sharing: always resolved afresh.
      if (request.headers[CLIENT_SCOPE_HEADER] !== undefined) return;
      // Taken before the session is read: an answer may be built from the profile read with it.
      const ticket = responses.ticket();
      const session = await app.currentSession(request);
      if (!session) return;
      const key = `${session.sessionId}\n${request.url}`;
      const hit = responses.get(key);
      if (hit) return reply.status(200).headers(hit.headers).send(hit.body);
      request.readCacheSlot = { ticket, userId: session.user.id, key };
    });

    app.addHook('onSend', async (request, reply, payload) => {
      const slot = request.readCacheSlot;
      if (slot && reply.statusCode === 200 && typeof payload === 'string' && !reply.hasHeader('set-cookie')) {
        const headers: Record<string, string> = {};
        for (const name of KEPT_HEADERS) {
          const value = reply.getHeader(name);
          if (value !== undefined) headers[name] = String(value);
        }
        const maxAgeMs = slot.until === undefined ? undefined : slot.until - Date.now();
        responses.store(slot.ticket, slot.userId, slot.key, { body: payload, headers }, payload.length, maxAgeMs);
      }
      return payload;
    });
  },
  { name: 'read-cache', dependencies: ['db'] },
);
