import { Worker } from 'node:worker_threads';
import type { AuditResult, PageInput, SiteContext } from '@citable/contract';
import type { FetchedPageAudit } from '@citable/engine';
import { AuditFailure } from '../audit-failure';
import { engineWorkerScript } from './engine-bundle';
import { SITES_KEPT_PER_WORKER, type EngineTask, type FromEngineWorker, type SiteRef, type ThrownInWorker } from './engine-messages';

/** The engine threw while auditing (a bug in a check, the parser...): logged, the user reads the generic message. */
export class AuditEngineError extends Error {
  constructor(thrown: ThrownInWorker) {
    super(thrown.message);
    this.name = 'AuditEngineError';
    // The worker's stack says where the engine failed; this one would only name the message handler.
    if (thrown.stack) this.stack = `AuditEngineError: ${thrown.stack.replace(/^[^\n]*\n?/, `${thrown.name}: ${thrown.message}\n`)}`;
  }
}

/** The worker auditing the task stopped (it crashed, or the pool closed): an internal error; the pool replaces the worker. */
export class AuditEngineCrash extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'AuditEngineCrash';
  }
}

/**
 * The pool closed (the process is stopping) before the task was done. Not the audit's failure: its
 * job was handed back to the queue at the drain deadline and runs again after the restart, so the
 * callers rethrow it rather than fail the run.
 */
export class AuditEngineClosed extends Error {
  constructor(message = 'the audit engine was closed before this audit was done') {
    super(message);
    this.name = 'AuditEngineClosed';
  }
}

export const ENGINE_OUT_OF_MEMORY_MESSAGE = 'The page could not be audited: auditing it needed more memory than an audit may use.';

/** The worker ran out of its heap (AUDIT_WORKER_HEAP_MB) on this input: the audit fails with a message for the user; the pool replaces the worker. */
export class AuditEngineOutOfMemory extends AuditFailure {
  constructor(options?: ErrorOptions) {
    super(ENGINE_OUT_OF_MEMORY_MESSAGE, options);
    this.name = 'AuditEngineOutOfMemory';
  }
}

export interface EnginePoolOptions {
  /** Worker threads at most; each is started when work finds no idle one, and kept until close. */
  threads: number;
  /** Each worker's V8 old-generation ceiling in MB: a page that needs more fails alone (AuditEngineOutOfMemory). */
  heapMb: number;
  /** The workers' code (tests give their own); by default the engine worker, bundled on first use. */
  script?: () => Promise<string>;
}

interface Pending {
  id: number;
  task: EngineTask;
  /** The page's site context, sent to a worker only if it does not hold it yet. */
  site: SiteContext | null;
  resolve(value: unknown): void;
  reject(error: Error): void;
  /** Settles (never rejects) when the task does. */
  done: Promise<void>;
}

interface Slot {
  worker: Worker;
  task: Pending | null;
  /** The keys of the site contexts the worker holds, oldest first (its own list, engine-worker.ts). */
  sites: number[];
}

/**
 * A fixed-size pool of engine worker threads with a first-in first-out queue. Each worker audits
 * one task at a time (the engine is synchronous); a task waits for the first idle worker. Workers
 * are unreferenced while idle, so an open pool never keeps a process alive. A worker that dies
 * (out of memory, a crash) fails only the task it held, and the next task starts a new one.
 *
 * node:worker_threads rather than piscina: the workers run a script built in memory (eval), which
 * piscina cannot load (it imports a file), and piscina locates its own worker file from
 * `__dirname`, which the tests' ESM bundle of the server does not have. What is needed is small:
 * a queue, a size, replacement of dead workers, the mapping of their failures, and close.
 */
export class EnginePool {
  private readonly slots = new Set<Slot>();
  private readonly queue: Pending[] = [];
  private readonly siteKeys = new WeakMap<SiteContext, number>();
  private nextSiteKey = 1;
  private nextId = 1;
  private starting = 0;
  private closed = false;
  private completedTasks = 0;

  constructor(readonly options: EnginePoolOptions) {
    if (!Number.isInteger(options.threads) || options.threads < 1) throw new RangeError(`an engine pool needs at least one thread, got ${options.threads}`);
  }

  /** Workers running, tasks being audited, tasks waiting for a worker, tasks settled since the pool opened. */
  get stats(): { threads: number; busy: number; queued: number; completed: number } {
    const busy = [...this.slots].filter((slot) => slot.task !== null).length;
    return { threads: this.slots.size, busy, queued: this.queue.length, completed: this.completedTasks };
  }

  /** Audits a fetched page (`auditFetchedPage`) on a worker. */
  auditPage(page: PageInput, site: SiteContext | null, now: Date): Promise<FetchedPageAudit> {
    return this.run({ type: 'page', page, site: null, now: now.getTime() }, site) as Promise<FetchedPageAudit>;
  }

  /** Audits pasted content (`auditContent`) on a worker. */
  auditContent(content: string, now: Date): Promise<AuditResult> {
    return this.run({ type: 'content', content, now: now.getTime() }, null) as Promise<AuditResult>;
  }

  /** A task as it is posted (tests use it with their own worker script); `site` goes with a page task. */
  run(task: EngineTask, site: SiteContext | null = null): Promise<unknown> {
    if (this.closed) return Promise.reject(new AuditEngineClosed('the audit engine is closed'));
    return new Promise((resolve, reject) => {
      let settled: () => void = () => {};
      const done = new Promise<void>((resolve) => (settled = resolve));
      this.queue.push({
        id: this.nextId++,
        task,
        site,
        resolve: (value) => (settled(), resolve(value)),
        reject: (error) => (settled(), reject(error)),
        done,
      });
      this.pump();
    });
  }

  /** Starts a worker now if none runs or is starting, so the first audit does not wait for one (a failure to start waits for that audit). */
  warm(): void {
    if (this.closed || this.slots.size + this.starting > 0) return;
    void this.startWorker();
  }

  /**
   * Stops the pool: the tasks still waiting fail (AuditEngineClosed), the ones being audited may
   * finish for up to `graceMs`, then every worker is stopped (what is left fails the same way).
   */
  async close(graceMs = 10_000): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    for (const pending of this.queue.splice(0)) pending.reject(new AuditEngineClosed());
    const inFlight = [...this.slots].flatMap((slot) => (slot.task ? [slot.task.done] : []));
    if (inFlight.length > 0) {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([Promise.all(inFlight), new Promise((resolve) => (timer = setTimeout(resolve, graceMs)))]);
      clearTimeout(timer);
    }
    await Promise.all([...this.slots].map((slot) => slot.worker.terminate()));
  }

  private pump(): void {
    for (const slot of this.slots) {
      if (this.queue.length === 0) return;
      if (slot.task === null) this.dispatch(slot, this.queue.shift()!);
    }
    if (this.closed) return;
    const wanted = Math.min(this.queue.length, this.options.threads - this.slots.size - this.starting);
    for (let i = 0; i < wanted; i += 1) void this.startWorker();
  }

  private async startWorker(): Promise<void> {
    this.starting += 1;
    let script: string;
    try {
      script = await (this.options.script ?? engineWorkerScript)();
    } catch (error) {
      this.starting -= 1;
      // No worker can start: the tasks waiting would wait for ever. Each fails with the reason; the next task tries again.
      const failure = new AuditEngineCrash(`the audit engine could not start: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
      for (const pending of this.queue.splice(0)) pending.reject(failure);
      return;
    }
    this.starting -= 1;
    if (this.closed) return;
    // The script is self-contained: none of the parent's loaders (tsx's --import) or its flags,
    // some of which a worker refuses (ERR_WORKER_INVALID_EXEC_ARGV).
    const worker = new Worker(script, { eval: true, execArgv: [], resourceLimits: { maxOldGenerationSizeMb: this.options.heapMb } });
    worker.unref();
    const slot: Slot = { worker, task: null, sites: [] };
    this.slots.add(slot);
    worker.on('message', (message: FromEngineWorker) => this.settle(slot, message));
    // 'error' (an uncaught exception, or ERR_WORKER_OUT_OF_MEMORY) is followed by 'exit'; the first one fails the task.
    worker.on('error', (error) => this.lose(slot, error));
    worker.on('exit', (code) => this.lose(slot, null, code));
    this.pump();
  }

  private dispatch(slot: Slot, pending: Pending): void {
    slot.task = pending;
    slot.worker.ref();
    let task = pending.task;
    if (task.type === 'page' && pending.site) task = { ...task, site: this.siteRef(slot, pending.site) };
    slot.worker.postMessage({ id: pending.id, task });
  }

  /** The site context by key if this worker holds it, else with it; the worker keeps the same list. */
  private siteRef(slot: Slot, site: SiteContext): SiteRef {
    let key = this.siteKeys.get(site);
    if (key === undefined) {
      key = this.nextSiteKey++;
      this.siteKeys.set(site, key);
    }
    const held = slot.sites.indexOf(key);
    if (held >= 0) slot.sites.splice(held, 1);
    slot.sites.push(key);
    if (slot.sites.length > SITES_KEPT_PER_WORKER) slot.sites.shift();
    return held >= 0 ? { key } : { key, site };
  }

  private settle(slot: Slot, message: FromEngineWorker): void {
    const pending = slot.task;
    if (!pending || pending.id !== message.id) return;
    slot.task = null;
    slot.worker.unref();
    this.completedTasks += 1;
    if ('error' in message) pending.reject(new AuditEngineError(message.error));
    else pending.resolve(message.result);
    this.pump();
  }

  private lose(slot: Slot, error: Error | null, code?: number): void {
    if (!this.slots.delete(slot)) return;
    const pending = slot.task;
    slot.task = null;
    if (pending) {
      this.completedTasks += 1;
      const outOfMemory = (error as { code?: string } | null)?.code === 'ERR_WORKER_OUT_OF_MEMORY';
      if (outOfMemory) pending.reject(new AuditEngineOutOfMemory({ cause: error }));
      else if (this.closed) pending.reject(new AuditEngineClosed());
      else pending.reject(new AuditEngineCrash(error ? `the audit engine's worker failed: ${error.message}` : `the audit engine's worker stopped (exit code ${code})`, { cause: error ?? undefined }));
    }
    // A dead worker may not exit on its own after 'error' (it does, but make sure it holds nothing).
    if (error) void slot.worker.terminate();
    this.pump();
  }
}
