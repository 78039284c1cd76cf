import type { WriteCount } from '../db/client';
import type { ChangeFeed } from './change-feed';

/**
 * Read-your-writes within one process on PostgreSQL. A write's notification reaches the feed a
 * moment after its commit, on another connection; a request that comes in after this process
 * completed a write (its own, a job's, a test's) first waits for the feed to catch up, so no cache
 * answers it from before that write. One barrier covers every write completed before it was sent,
 * so waiting requests share them: at most one runs and one more is queued.
 */
export function ownWritesCatchUp(feed: ChangeFeed, writes: WriteCount): () => Promise<void> | undefined {
  let synced = 0;
  let running: { covers: number; done: Promise<void> } | null = null;
  let queued: Promise<void> | null = null;

  const start = () => {
    const covers = writes.completed;
    const done = feed.barrier().then(() => {
      synced = Math.max(synced, covers);
      if (running?.done === done) running = null;
    });
    running = { covers, done };
    return done;
  };

  return function catchUp() {
    if (synced >= writes.completed || !feed.live) return undefined;
    if (running && running.covers >= writes.completed) return running.done;
    if (queued) return queued;
    if (!running) return start();
    // The running barrier was sent before the latest writes completed: queue one after it.
    const next: Promise<void> = running.done.then(() => {
      queued = null;
      return start();
    });
    queued = next;
    return next;
  };
}
