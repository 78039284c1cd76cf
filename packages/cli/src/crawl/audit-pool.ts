import { Worker } from 'node:worker_threads';
import type { PageInput, SiteAuditResult, SiteContext } from '@citable/contract';
import type { AuditWorkerData, FromWorker, ToWorker } from './audit-messages';
import { bundleAuditWorker } from './audit-worker-bundle';
import type { PageAudit } from './page-audit';

interface Job {
  resolve(result: PageAudit | SiteAuditResult): void;
  reject(error: Error): void;
}

interface PoolWorker {
  worker: Worker;
  jobs: Map<number, Job>;
}

/**
 * Audits pages on worker threads so the crawl's event loop only fetches and extracts links.
 * Each page goes to the worker with the fewest pages waiting; `whenBelow` lets the crawl loop
 * stop pulling pages while the workers are behind, which keeps memory flat.
 */
export class AuditPool {
  private workers: PoolWorker[];
  private nextId = 0;
  private pendingCount = 0;
  private waiters: { limit: number; resolve(): void }[] = [];

  private constructor(size: number, script: string, data: AuditWorkerData) {
    this.workers = Array.from({ length: Math.max(1, size) }, () => this.spawn(script, data));
  }

  static async start(size: number, data: AuditWorkerData): Promise<AuditPool> {
    return new AuditPool(size, await bundleAuditWorker(), data);
  }

  get pending(): number {
    return this.pendingCount;
  }

  /** The site context is the same for every page; each worker gets it once. */
  setSite(site: SiteContext): void {
    for (const { worker } of this.workers) worker.postMessage({ type: 'site', site } satisfies ToWorker);
  }

  audit(page: PageInput): Promise<PageAudit> {
    return this.send<PageAudit>((id) => ({ type: 'page', id, page }));
  }

  /** The site result of the crawl's page audits (aggregateSiteAudit, on a worker). */
  aggregate(audits: PageAudit[]): Promise<SiteAuditResult> {
    return this.send<SiteAuditResult>((id) => ({ type: 'aggregate', id, audits }));
  }

  /** Resolves once fewer than `limit` pages are waiting for an audit. */
  whenBelow(limit: number): Promise<void> {
    if (this.pendingCount < limit) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push({ limit, resolve }));
  }

  async close(): Promise<void> {
    await Promise.all(this.workers.map(({ worker }) => worker.terminate()));
  }

  /** Sends a job to the worker with the fewest jobs waiting. */
  private send<T extends PageAudit | SiteAuditResult>(message: (id: number) => ToWorker): Promise<T> {
    if (this.workers.length === 0) return Promise.reject(new Error('every audit worker has stopped'));
    const target = this.workers.reduce((best, w) => (w.jobs.size < best.jobs.size ? w : best));
    const id = this.nextId++;
    this.pendingCount += 1;
    return new Promise<T>((resolve, reject) => {
      target.jobs.set(id, { resolve: resolve as Job['resolve'], reject });
      target.worker.postMessage(message(id));
    });
  }

  private spawn(script: string, data: AuditWorkerData): PoolWorker {
    const worker = new Worker(script, { eval: true, workerData: data });
    const entry: PoolWorker = { worker, jobs: new Map() };
    worker.on('message', (message: FromWorker) => {
      const job = entry.jobs.get(message.id);
      if (!job) return;
      entry.jobs.delete(message.id);
      this.settled();
      if ('error' in message) job.reject(new Error(message.error));
      else job.resolve('audit' in message ? message.audit : message.site);
    });
    // A worker that dies (out of memory, a crash in the engine) fails its own pages only, and
    // the others take the rest of the crawl.
    const fail = (error: Error) => {
      this.workers = this.workers.filter((w) => w !== entry);
      for (const job of entry.jobs.values()) {
        this.settled();
        job.reject(error);
      }
      entry.jobs.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`audit worker exited with code ${code}`)));
    return entry;
  }

  private settled(): void {
    this.pendingCount -= 1;
    this.waiters = this.waiters.filter((waiter) => {
      if (this.pendingCount >= waiter.limit) return true;
      waiter.resolve();
      return false;
    });
  }
}
