import { parentPort } from 'node:worker_threads';
import type { SiteContext } from '@citable/contract';
import { auditContent, auditFetchedPage } from '@citable/engine';
import { SITES_KEPT_PER_WORKER, type EngineTask, type FromEngineWorker, type ToEngineWorker } from './engine-messages';

/**
 * An audit engine worker thread (engine-pool.ts): parses and checks what the server's threads
 * fetched, one task at a time, so the CPU work of an audit never holds up their event loop. It is
 * bundled with the engine into one script when the pool starts (engine-bundle.ts) and reads and
 * writes nothing but its messages.
 */
const port = parentPort;
if (!port) throw new Error('engine-worker runs as a worker thread');

/** Site contexts by key, oldest first; the pool keeps the same list for this worker (SiteRef). */
const sites = new Map<number, SiteContext>();

function siteOf(task: Extract<EngineTask, { type: 'page' }>): SiteContext | null {
  if (!task.site) return null;
  const { key, site } = task.site;
  if (site) {
    sites.delete(key);
    sites.set(key, site);
    if (sites.size > SITES_KEPT_PER_WORKER) sites.delete(sites.keys().next().value!);
    return site;
  }
  const kept = sites.get(key);
  if (!kept) throw new Error(`engine worker: site context ${key} was never sent to this worker`);
  // Used again: the newest, as the pool counts it.
  sites.delete(key);
  sites.set(key, kept);
  return kept;
}

function run(task: EngineTask) {
  if (task.type === 'page') return auditFetchedPage({ page: task.page, site: siteOf(task) }, { now: task.now });
  return auditContent(task.content, {}, { now: task.now });
}

port.on('message', ({ id, task }: ToEngineWorker) => {
  let reply: FromEngineWorker;
  try {
    reply = { id, result: run(task) };
  } catch (error) {
    const thrown = error instanceof Error ? error : new Error(String(error));
    reply = { id, error: { name: thrown.name, message: thrown.message, stack: thrown.stack } };
  }
  port.postMessage(reply);
});
