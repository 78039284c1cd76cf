import { parentPort, workerData } from 'node:worker_threads';
import type { SiteContext } from '@citable/contract';
import { aggregateSiteAudit, auditSnapshot } from '@citable/engine';
import type { AuditWorkerData, FromWorker, ToWorker } from './audit-messages';
import { toPageAudit } from './page-audit';

/**
 * Runs the engine off the crawler's event loop: one page in, its PageAudit out; and, at the end
 * of a crawl, the site aggregate, so the crawling thread never loads the engine.
 */
const port = parentPort;
if (!port) throw new Error('audit-worker runs as a worker thread');
const { now } = workerData as AuditWorkerData;
let site: SiteContext | null = null;

port.on('message', (message: ToWorker) => {
  if (message.type === 'site') {
    site = message.site;
    return;
  }
  let reply: FromWorker;
  try {
    reply =
      message.type === 'page'
        ? { id: message.id, audit: toPageAudit(auditSnapshot({ page: message.page, site }, { now })) }
        : { id: message.id, site: aggregateSiteAudit(message.audits) };
  } catch (error) {
    reply = { id: message.id, error: error instanceof Error ? error.message : String(error) };
  }
  port.postMessage(reply);
});
