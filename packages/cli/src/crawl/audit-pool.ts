import { Worker } from 'node:worker_threads';
import type { ErrorPage, PageInput, SiteAuditResult, SiteContext } from '@citable/contract';
import type { AuditWorkerData, FromWorker, ToWorker, WorkerReply } from './audit-messages';
import type { PageView } from '../report/page-view';
import { bundleAuditWorker } from './audit-worker-bundle';

/**
 * The heap ceiling of an audit worker, in MB. V8 sizes a heap's growth by its ceiling: under
 * Node's default (a quarter of the machine's memory, up to 4 GB) it lets dead objects grow to four
 * times the live heap before a full collection, and a worker's live heap is small (the page in
 * hand and the summaries kept, 15-20 MB on the benchmark crawl) while every page it audits leaves
 * its model behind: ~60 MB of garbage per worker. Under 1 GB V8 collects at about 1.6 times the
 * live heap. 1 GB is three times what the worst page the fetcher accepts needs (5 MB of dense
 * markup: ~340 MB), so no page is refused for it.
 */
export const AUDIT_WORKER_HEAP_MB = 1024;

/** What became of a page given to the pool. */
export type PageAnswer = { type: 'audited'; view?: PageView } | { type: 'error-page'; errorPage: ErrorPage };

interface Job {
  resolve(reply: WorkerReply): void;
  reject(error: Error): void;
}

interface PoolWorker {
  worker: Worker;
  jobs: Map<number, Job>;
  /** Page results the worker holds. */
  audited: number;
}

/**
 * Audits pages on worker threads so the crawl's event loop only fetches and extracts links.
 * Each page goes to the worker with the fewest pages waiting (the crawl holds a page's slot until
 * its audit is done, so the workers are never sent more than its concurrency). The workers keep
 * the page results until `aggregate`.
 */
export class AuditPool {
  private workers: PoolWorker[];
  private nextId = 0;
  private lost = 0;

  private constructor(size: number, script: string, data: AuditWorkerData) {
    this.workers = Array.from({ length: Math.max(1, size) }, () => this.spawn(script, data));
  }

  static async start(size: number, data: AuditWorkerData): Promise<AuditPool> {
    return new AuditPool(size, await bundleAuditWorker(), data);
  }

  /** Pages whose results were lost with a worker that stopped (a crash, out of memory). */
  get lostAudits(): number {
    return this.lost;
  }

  /** Each worker's heap ceiling in MB, as the worker runs with it. */
  heapLimitsMb(): number[] {
    return this.workers.map(({ worker }) => worker.resourceLimits?.maxOldGenerationSizeMb ?? 0);
  }

  /** The site context is the same for every page; each worker gets it once. */
  setSite(site: SiteContext): void {
    for (const { worker } of this.workers) worker.postMessage({ type: 'site', site } satisfies ToWorker);
  }

  /**
   * Audits a page on a worker; an error page (4xx, 5xx, soft 404) is not audited and comes back.
   * An audited page's view comes back when the pool was started with `keepPages`.
   */
  async audit(page: PageInput): Promise<PageAnswer> {
    const target = this.leastBusy();
    const reply = await this.send(target, (id) => ({ type: 'page', id, page }));
    if ('errorPage' in reply) return { type: 'error-page', errorPage: reply.errorPage };
    if (target) target.audited += 1;
    return { type: 'audited', view: 'view' in reply ? reply.view : undefined };
  }

  /** The site result of every page audited so far (aggregateSiteAudit, on a worker), with the crawl's error pages. */
  async aggregate(errorPages: ErrorPage[] = []): Promise<SiteAuditResult> {
    const [first, ...others] = this.workers;
    if (!first) throw new Error('every audit worker has stopped');
    const collected = await Promise.all(others.map((w) => this.send(w, (id) => ({ type: 'collect', id }))));
    const audits = collected.flatMap((reply) => ('audits' in reply ? reply.audits : []));
    const reply = await this.send(first, (id) => ({ type: 'aggregate', id, audits, errorPages }));
    if (!('site' in reply)) throw new Error('the audit worker did not return the site result');
    return reply.site;
  }

  async close(): Promise<void> {
    await Promise.all(this.workers.map(({ worker }) => worker.terminate()));
  }

  private leastBusy(): PoolWorker | undefined {
    return this.workers.reduce<PoolWorker | undefined>((best, w) => (best === undefined || w.jobs.size < best.jobs.size ? w : best), undefined);
  }

  private send(target: PoolWorker | undefined, message: (id: number) => ToWorker): Promise<WorkerReply> {
    if (!target) return Promise.reject(new Error('every audit worker has stopped'));
    const id = this.nextId++;
    return new Promise<WorkerReply>((resolve, reject) => {
      target.jobs.set(id, { resolve, reject });
      target.worker.postMessage(message(id));
    });
  }

  private spawn(script: string, data: AuditWorkerData): PoolWorker {
    const worker = new Worker(script, { eval: true, workerData: data, resourceLimits: { maxOldGenerationSizeMb: AUDIT_WORKER_HEAP_MB } });
    const entry: PoolWorker = { worker, jobs: new Map(), audited: 0 };
    worker.on('message', (message: FromWorker) => {
      const job = entry.jobs.get(message.id);
      if (!job) return;
      entry.jobs.delete(message.id);
      if ('error' in message) job.reject(new Error(message.error));
      else job.resolve(message.reply);
    });
    // A worker that dies (out of memory, a crash in the engine) fails the pages it was given and
    // loses the results it held (counted in lostAudits); the others take the rest of the crawl.
    const fail = (error: Error) => {
      if (!this.workers.includes(entry)) return;
      this.workers = this.workers.filter((w) => w !== entry);
      this.lost += entry.audited;
      for (const job of entry.jobs.values()) job.reject(error);
      entry.jobs.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`audit worker exited with code ${code}`)));
    return entry;
  }
}
