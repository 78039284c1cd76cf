import fp from 'fastify-plugin';
import { PgBoss, type Queue } from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type {} from '../ops/metrics';
import { requeueOrphanedJobs } from './job-orphans';
import { StorableJobClient, storablePgliteJobDb } from './storable-job-db';

export interface JobDefinition<S extends z.ZodType> {
  /** Queue name, kebab-case (e.g. `site-audit`). */
  id: string;
  payload: S;
  /** `retryCount`: earlier deliveries of this job (0 on the first), for a handler that gives up on the last. */
  handler: (payload: z.infer<S>, meta: { jobId: string; retryCount: number }) => Promise<unknown>;
  /** Retries, backoff and dead letters; defaults to three retries with exponential backoff. */
  queue?: Omit<Queue, 'name'>;
  /** Run on a cron schedule (minute granularity) with this payload, as well as on demand. */
  schedule?: { cron: string; payload: z.input<S> };
  /**
   * Jobs handled at once per process: `batchSize` jobs fetched together and run concurrently, each
   * settled on its own, and fetched again at once while batches come back full; `localConcurrency`
   * such loops. An idle loop polls every `pollingIntervalSeconds` (pg-boss's minimum is 0.5).
   * Default: one job, every 2 s. A queue with `queue.notify` is also woken the moment a job is sent,
   * in every process working it (pg-boss's LISTEN/NOTIFY, on PostgreSQL and PGlite alike); it then
   * polls only every `notifyPollingIntervalSeconds` (default 30) as a backstop, and falls back to
   * `pollingIntervalSeconds` while the listener is down. `fetchAgainAfterJob` (one job at a time
   * only): a loop that finished a job fetches again at once, until a fetch finds none, so a backlog
   * is worked through without waiting out a poll interval between jobs (pg-boss bursts only on
   * full batches of more than one, or on its cached count of ready jobs, up to a minute old).
   */
  work?: { batchSize?: number; localConcurrency?: number; pollingIntervalSeconds?: number; notifyPollingIntervalSeconds?: number; fetchAgainAfterJob?: boolean };
}

export interface JobRegistryOptions {
  /** False: define queues and send jobs, but handle none (the API process next to dedicated workers). */
  work?: boolean;
  /** False: no cron schedules; scheduled work then runs only when sent or called directly. */
  schedules?: boolean;
  /** Told each handled job's duration in seconds and outcome (metrics). */
  observe?: (queue: string, seconds: number, outcome: 'completed' | 'failed') => void;
  /** The heartbeat of every queue whose definition sets none (config.jobTiming); JOB_HEARTBEAT_SECONDS by default. */
  heartbeatSeconds?: number;
}

/**
 * Every job sends a heartbeat while it runs (pg-boss does it every heartbeatSeconds / 2): a job
 * whose process was killed stops beating and is failed back to the queue by the next supervise pass
 * (SUPERVISE_INTERVAL_SECONDS) of any live process, then retried, instead of waiting for its expiry.
 * Both are defaults; config.jobTiming (JOB_HEARTBEAT_SECONDS, JOB_SUPERVISE_INTERVAL_SECONDS) sets them.
 */
export const JOB_HEARTBEAT_SECONDS = 20;
const SUPERVISE_INTERVAL_SECONDS = 15;
const DEFAULT_QUEUE: Omit<Queue, 'name'> = { retryLimit: 3, retryDelay: 5, retryBackoff: true };

/**
 * The jobs features register. Definitions may be added before or after pg-boss starts; each gets
 * its queue and a worker once both exist. Payloads are validated when sent and again when handled,
 * since a stored job may predate a schema change.
 */
export class JobRegistry {
  private readonly definitions = new Map<string, JobDefinition<z.ZodType>>();
  private started = false;

  constructor(
    private readonly boss: PgBoss,
    private readonly log: FastifyBaseLogger,
    private readonly options: JobRegistryOptions = {},
  ) {}

  async define<S extends z.ZodType>(definition: JobDefinition<S>): Promise<void> {
    if (this.definitions.has(definition.id)) throw new Error(`Job "${definition.id}" is already defined`);
    this.definitions.set(definition.id, definition as unknown as JobDefinition<z.ZodType>);
    if (this.started) await this.startWorker(definition as unknown as JobDefinition<z.ZodType>);
  }

  async send<S extends z.ZodType>(definition: JobDefinition<S>, payload: z.input<S>): Promise<string> {
    if (!this.definitions.has(definition.id)) throw new Error(`Job "${definition.id}" is not defined`);
    const data = definition.payload.parse(payload) as object;
    const id = await this.boss.send(definition.id, data);
    if (!id) throw new Error(`pg-boss refused job "${definition.id}"`);
    return id;
  }

  private readonly drainedCallbacks: (() => Promise<unknown> | unknown)[] = [];

  /**
   * Runs `release` when the app closes, once running jobs have drained: for what handlers use (a
   * shared fetcher's connections), which an ordinary onClose hook could close under a job still running.
   */
  afterDrain(release: () => Promise<unknown> | unknown): void {
    this.drainedCallbacks.push(release);
  }

  /** Called by the plugin once pg-boss has stopped. */
  async runAfterDrain(): Promise<void> {
    for (const release of this.drainedCallbacks) await release();
  }

  async start(): Promise<void> {
    this.started = true;
    for (const definition of this.definitions.values()) await this.startWorker(definition);
  }

  private async startWorker(definition: JobDefinition<z.ZodType>): Promise<void> {
    const queue = { ...DEFAULT_QUEUE, heartbeatSeconds: this.options.heartbeatSeconds ?? JOB_HEARTBEAT_SECONDS, ...definition.queue };
    await this.boss.createQueue(definition.id, queue);
    // createQueue keeps an existing queue's settings: update them, so a changed definition (or a
    // database made before heartbeats) takes effect on the next start.
    const { policy: _policy, partition: _partition, ...updatable } = queue;
    await this.boss.updateQueue(definition.id, updatable);
    if (definition.schedule && this.options.schedules !== false) await this.boss.schedule(definition.id, definition.schedule.cron, definition.payload.parse(definition.schedule.payload) as object);
    // Schedules live in the database: with JOB_SCHEDULES=off, one stored by an earlier start (or
    // copied with the tests' PGlite template) would still fire, e.g. a monitor tick mid-test.
    else if (definition.schedule) await this.boss.unschedule(definition.id);
    // JOBS=off: this process only sends; dedicated workers (src/worker.ts) handle the queues.
    if (this.options.work === false) return;
    const handle = async (job: { id: string; data: unknown; retryCount: number }): Promise<void> => {
      const payload = definition.payload.parse(job.data);
      const started = performance.now();
      try {
        await definition.handler(payload, { jobId: job.id, retryCount: job.retryCount });
        this.options.observe?.(definition.id, (performance.now() - started) / 1000, 'completed');
      } catch (error) {
        this.options.observe?.(definition.id, (performance.now() - started) / 1000, 'failed');
        this.log.error({ err: error, job: definition.id, jobId: job.id }, 'job failed');
        throw error;
      }
    };
    const { batchSize = 1, fetchAgainAfterJob = false, ...work } = definition.work ?? {};
    if (batchSize === 1 && fetchAgainAfterJob) {
      // One pg-boss worker per loop, each woken by its own job's end: a woken loop skips its delay.
      const { localConcurrency = 1, ...single } = work;
      for (let loop = 0; loop < localConcurrency; loop += 1) {
        let workerId: string | undefined;
        workerId = await this.boss.work(definition.id, { ...single, batchSize: 1, localConcurrency: 1 }, async ([job]) => {
          try {
            await handle(job);
          } finally {
            if (workerId) this.boss.notifyWorker(workerId);
          }
        });
      }
      return;
    }
    if (batchSize === 1) {
      await this.boss.work(definition.id, { batchSize: 1, ...work }, async ([job]) => handle(job));
      return;
    }
    // Each job of a batch is completed or failed (and retried) on its own, not with its batch.
    await this.boss.work(definition.id, { batchSize, ...work, perJobResults: true, burstWhenBatchFull: true }, async (jobs) => {
      const settled = await Promise.allSettled(jobs.map(handle));
      return jobs.map((job, index) => {
        const outcome = settled[index];
        return outcome.status === 'fulfilled' ? { id: job.id, status: 'completed' as const } : { id: job.id, status: 'failed' as const, output: { message: outcome.reason instanceof Error ? outcome.reason.message : String(outcome.reason) } };
      });
    });
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    jobs: JobRegistry;
  }
}

/**
 * pg-boss on the app's own database: PGlite's single connection, or a pool of its own on PostgreSQL.
 * `drainTimeoutMs` bounds how long closing waits for running jobs (SHUTDOWN_TIMEOUT_SECONDS).
 */
export const jobsPlugin = fp<{ work?: boolean; schedules?: boolean; drainTimeoutMs?: number; heartbeatSeconds?: number; superviseIntervalSeconds?: number }>(
  async (app, options) => {
    const { pglite, databaseUrl } = app.dbHandle;
    const supervise = options.superviseIntervalSeconds ?? SUPERVISE_INTERVAL_SECONDS;
    // pg-boss fails back a job whose heartbeat stopped in its per-queue monitor pass, which runs at
    // most every monitorIntervalSeconds (60 by default) whatever the supervise interval: both are
    // set, or a dead process's jobs would wait up to a minute longer than JOB_SUPERVISE_INTERVAL_SECONDS says.
    const timing = { superviseIntervalSeconds: supervise, monitorIntervalSeconds: supervise };
    // LISTEN/NOTIFY wakes this process's workers when a job is sent to a queue that asks for it
    // (`queue.notify`: the audits), from any process; it takes one more connection on PostgreSQL
    // (none on PGlite), so only a process that works jobs listens. Sending notifies either way.
    const listen = { useListenNotify: options.work !== false };
    // Both through the storable-text boundary: a payload with a lone surrogate or a NUL is stored,
    // not refused. On PostgreSQL pg-boss hands its options to pg.Pool, whose `Client` option it does not declare.
    const storablePool = { Client: StorableJobClient };
    const boss = pglite
      ? new PgBoss({ db: storablePgliteJobDb(pglite), backend: 'pglite', ...timing, ...listen })
      : new PgBoss({ connectionString: databaseUrl, max: 5, ...storablePool, ...timing, ...listen });
    boss.on('error', (error) => app.log.error({ err: error }, 'pg-boss error'));
    await boss.start();
    // One process per PGlite folder (the data-folder lock): a job still active at start-up was held
    // by a process that died, so it goes back to the queue now rather than after its heartbeat.
    if (pglite && options.work !== false) await requeueOrphanedJobs(boss, pglite, app.log);
    const observe: JobRegistryOptions['observe'] = app.hasDecorator('metrics') ? (queue, seconds, outcome) => app.metrics.observeJob(queue, seconds, outcome) : undefined;
    const registry = new JobRegistry(boss, app.log, { work: options.work, schedules: options.schedules, observe, heartbeatSeconds: options.heartbeatSeconds });
    app.decorate('jobs', registry);
    // Workers start once every feature has had its chance to define jobs.
    app.addHook('onReady', () => registry.start());
    // Closing drains jobs and HTTP requests at the same time: preClose stops fetching at once and
    // lets running jobs finish (up to the deadline, after which pg-boss fails them back to the queue
    // for a retry) without holding up the HTTP server's close. The pool stays open until onClose,
    // since a request still in flight may send a job; onClose runs after the HTTP server has closed
    // and before the database plugin's, so the database outlives every job.
    let draining: Promise<void> | undefined;
    app.addHook('preClose', async () => {
      draining = boss.stop({ graceful: true, close: false, timeout: options.drainTimeoutMs ?? 25_000 }).catch((error: unknown) => {
        app.log.error({ err: error }, 'pg-boss did not stop cleanly');
      });
    });
    app.addHook('onClose', async () => {
      await draining;
      try {
        await registry.runAfterDrain();
      } finally {
        await boss.stop({ close: true });
      }
    });
  },
  { name: 'jobs', dependencies: ['db'] },
);
