import { parentPort, workerData } from 'node:worker_threads';
import type { SiteContext } from '@citable/contract';
import { aggregateSiteAudit, auditFetchedPage } from '@citable/engine';
import type { AuditWorkerData, FromWorker, ToWorker, WorkerReply } from './audit-messages';
import { scoringConfigWithout } from '../gates/scoring-config';
import { pageViewOf } from '../report/page-view';
import { toPageAudit, type PageAudit } from './page-audit';

/**
 * Runs the engine off the crawler's event loop. The worker keeps what it audited, so page
 * results never travel to the crawling thread, which also never loads the engine: at the end
 * one worker receives the others' audits and returns the site aggregate.
 */
const port = parentPort;
if (!port) throw new Error('audit-worker runs as a worker thread');
const { now, skip = [], keepPages = false } = workerData as AuditWorkerData;
const config = scoringConfigWithout(skip);
let site: SiteContext | null = null;
let audits: PageAudit[] = [];

function handle(message: Exclude<ToWorker, { type: 'site' }>): WorkerReply {
  switch (message.type) {
    case 'page': {
      // Error pages (4xx, 5xx, soft 404s) are not scored: the crawl lists them as crawl errors.
      const audited = auditFetchedPage({ page: message.page, site }, { now, config });
      if (audited.type === 'error-page') return { errorPage: audited.errorPage };
      audits.push(toPageAudit(audited.result));
      if (!keepPages) return { audited: true };
      const { result } = audited;
      const status = message.page.status;
      return { audited: true, view: pageViewOf(status === undefined ? result : { ...result, page: { ...result.page, httpStatus: status } }) };
    }
    case 'collect': {
      const collected = audits;
      audits = [];
      return { audits: collected };
    }
    case 'aggregate': {
      const all = [...audits, ...message.audits];
      audits = [];
      // Worst pages first, then by URL, so the result does not depend on which worker audited what.
      all.sort((a, b) => a.overallScore - b.overallScore || (a.page.url ?? '').localeCompare(b.page.url ?? ''));
      return { site: aggregateSiteAudit(all, message.errorPages) };
    }
  }
}

port.on('message', (message: ToWorker) => {
  if (message.type === 'site') {
    site = message.site;
    return;
  }
  let reply: FromWorker;
  try {
    reply = { id: message.id, reply: handle(message) };
  } catch (error) {
    reply = { id: message.id, error: error instanceof Error ? error.message : String(error) };
  }
  port.postMessage(reply);
});
