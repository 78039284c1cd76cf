import type { PGlite } from '@electric-sql/pglite';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { DbHandle } from '../db/client';

/** The channel migration 0017's triggers notify on, with the id of the user whose rows changed. */
export const CHANGES_CHANNEL = 'citable_changes';

/**
 * Which users' rows changed, as the database commits them, for the in-process caches.
 *
 * A cache may only answer while the feed is `live`: from the moment the feed stops hearing the
 * database (a lost connection, a restart) until it listens again, a change could pass unheard, so
 * `onReset` listeners drop everything and the caches answer nothing until `live` is true again.
 */
export interface ChangeFeed {
  readonly live: boolean;
  /** Called with the user id of every committed change (several times for one change is fine). */
  onChange(listener: (userId: string) => void): void;
  /** Called when changes may have been missed: every cached entry must go. */
  onReset(listener: () => void): void;
  /**
   * Resolves once every change committed before the call has reached the listeners (see
   * own-writes.ts: how a process reads its own writes).
   */
  barrier(): Promise<void>;
  close(): Promise<void>;
}

interface Listeners {
  change: ((userId: string) => void)[];
  reset: (() => void)[];
}

const emitChange = (listeners: Listeners, userId: string) => {
  if (userId) for (const listener of listeners.change) listener(userId);
};
const emitReset = (listeners: Listeners) => {
  for (const listener of listeners.reset) listener();
};

/**
 * PGlite: one connection in one process, and its notification callbacks run before the statement
 * that committed resolves (test/cache/read-cache.test.ts checks it), so the feed is always live and
 * the barrier has nothing to wait for.
 */
async function pgliteFeed(pglite: PGlite): Promise<ChangeFeed> {
  const listeners: Listeners = { change: [], reset: [] };
  const unsubscribe = await pglite.listen(CHANGES_CHANNEL, (payload) => emitChange(listeners, payload));
  return {
    live: true,
    onChange: (listener) => void listeners.change.push(listener),
    onReset: (listener) => void listeners.reset.push(listener),
    barrier: async () => undefined,
    close: () => unsubscribe(),
  };
}

export interface PostgresFeedOptions {
  /** How long a barrier may wait on the listening connection before the feed counts as lost. */
  barrierTimeoutMs?: number;
  /** Delay before listening again after the connection was lost (doubles up to 10 s). */
  retryMs?: number;
  log?: (message: string) => void;
}

/**
 * PostgreSQL: a dedicated connection LISTENs on the changes channel and on a channel of its own.
 *
 * The barrier sends a numbered notification on that own channel and waits for it to come back.
 * PostgreSQL keeps one notification queue in commit order and each listener reads it in order, so
 * once the barrier's notification arrives every change committed before it has arrived too. (A
 * plain `select 1` round trip is not enough: a listener busy when a commit signals it may answer
 * the query first and send the notification just after, which CI saw once under load.)
 */
async function postgresFeed(databaseUrl: string, options: PostgresFeedOptions = {}): Promise<ChangeFeed> {
  const listeners: Listeners = { change: [], reset: [] };
  const barrierTimeoutMs = options.barrierTimeoutMs ?? 2_000;
  const firstRetryMs = options.retryMs ?? 500;
  let client: pg.Client | null = null;
  let live = false;
  let closed = false;
  let retryMs = firstRetryMs;
  let retryTimer: NodeJS.Timeout | undefined;
  // Only this connection listens here, so other processes never hear this feed's barriers.
  const barrierChannel = `citable_feed_${randomBytes(8).toString('hex')}`;
  let barrierSequence = 0;
  const barriersWaiting = new Map<string, () => void>();

  const lose = (current: pg.Client, reason: string) => {
    if (client !== current) return;
    client = null;
    if (live) options.log?.(`Change feed lost (${reason}): read caches are off until it is back.`);
    live = false;
    emitReset(listeners);
    // The caches are empty and off now: a barrier waiting on this connection has nothing to wait for.
    for (const release of barriersWaiting.values()) release();
    current.removeAllListeners('notification');
    current.end().catch(() => undefined);
    if (!closed) {
      retryTimer = setTimeout(connect, retryMs);
      retryTimer.unref();
      retryMs = Math.min(retryMs * 2, 10_000);
    }
  };

  async function connect(): Promise<void> {
    if (closed) return;
    const current = new pg.Client({ connectionString: databaseUrl, application_name: 'citable-change-feed' });
    client = current;
    current.on('notification', (message) => {
      if (message.channel === CHANGES_CHANNEL && message.payload) emitChange(listeners, message.payload);
      else if (message.channel === barrierChannel && message.payload) barriersWaiting.get(message.payload)?.();
    });
    current.on('error', (error) => lose(current, error.message));
    current.on('end', () => lose(current, 'connection closed'));
    try {
      await current.connect();
      await current.query(`LISTEN ${CHANGES_CHANNEL}`);
      await current.query(`LISTEN ${barrierChannel}`);
    } catch (error) {
      lose(current, (error as Error).message);
      return;
    }
    if (client !== current || closed) return;
    // Whatever was cached before this point may have missed changes while nobody listened.
    emitReset(listeners);
    live = true;
    retryMs = firstRetryMs;
  }

  await connect();
  return {
    get live() {
      return live;
    },
    onChange: (listener) => void listeners.change.push(listener),
    onReset: (listener) => void listeners.reset.push(listener),
    async barrier() {
      const current = client;
      if (!current || !live) return;
      const token = String((barrierSequence += 1));
      let timer: NodeJS.Timeout | undefined;
      const timedOut = new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), barrierTimeoutMs)));
      const heard = new Promise<'ok'>((resolve) => barriersWaiting.set(token, () => resolve('ok')));
      try {
        await current.query('select pg_notify($1, $2)', [barrierChannel, token]);
        const outcome = await Promise.race([heard, timedOut]);
        if (outcome === 'timeout') lose(current, 'no answer to the barrier');
      } catch (error) {
        lose(current, (error as Error).message);
      } finally {
        clearTimeout(timer);
        barriersWaiting.delete(token);
      }
    },
    async close() {
      closed = true;
      clearTimeout(retryTimer);
      const current = client;
      client = null;
      live = false;
      await current?.end().catch(() => undefined);
    },
  };
}

/** The feed of the database the handle opened. */
export function openChangeFeed(handle: DbHandle, options: PostgresFeedOptions = {}): Promise<ChangeFeed> {
  if (handle.pglite) return pgliteFeed(handle.pglite);
  if (handle.databaseUrl) return postgresFeed(handle.databaseUrl, options);
  throw new Error('openChangeFeed: the database handle names neither PGlite nor a PostgreSQL URL');
}
