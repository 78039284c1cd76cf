import fp from 'fastify-plugin';
import { fromPglite, PgBoss, type Queue } from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type {} from '../ops/metrics';

export interface JobDefinition<S extends z.ZodType> {
  /** Queue name, kebab-case (e.g. `site-audit`). */
  id: string;
  payload: S;
  handler: (payload: z.infer<S>, meta: { jobId: string }) => Promise<unknown>;
  /** Retries, backoff and dead letters; defaults to three retries with exponential backoff. */
  queue?: Omit<Queue, 'name'>;
  /** Run on a cron schedule (minute granularity) with this payload, as well as on demand. */
  schedule?: { cron: string; payload: z.input<S> };
  /** Jobs handled at once per process and how often an idle worker polls; default one, every 2 s. */
  work?: { localConcurrency?: number; pollingIntervalSeconds?: number };
}

export interface JobRegistryOptions {
  /** False: define queues and send jobs, but handle none (the API process next to dedicated workers). */
  work?: boolean;
  /** False: no cron schedules; scheduled work then runs only when sent or called directly. */
  schedules?: boolean;
  /** Told each handled job's duration in seconds and outcome (metrics). */
  observe?: (queue: string, seconds: number, outcome: 'completed' | 'failed') => void;
}

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

  async start(): Promise<void> {
    this.started = true;
    for (const definition of this.definitions.values()) await this.startWorker(definition);
  }

  private async startWorker(definition: JobDefinition<z.ZodType>): Promise<void> {
    await this.boss.createQueue(definition.id, { ...DEFAULT_QUEUE, ...definition.queue });
    if (definition.schedule && this.options.schedules !== false) await this.boss.schedule(definition.id, definition.schedule.cron, definition.payload.parse(definition.schedule.payload) as object);
    // JOBS=off: this process only sends; dedicated workers (src/worker.ts) handle the queues.
    if (this.options.work === false) return;
    await this.boss.work(definition.id, { batchSize: 1, ...definition.work }, async (jobs) => {
      for (const job of jobs) {
        const payload = definition.payload.parse(job.data);
        const started = performance.now();
        try {
          await definition.handler(payload, { jobId: job.id });
          this.options.observe?.(definition.id, (performance.now() - started) / 1000, 'completed');
        } catch (error) {
          this.options.observe?.(definition.id, (performance.now() - started) / 1000, 'failed');
          this.log.error({ err: error, job: definition.id, jobId: job.id }, 'job failed');
          throw error;
        }
      }
    });
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    jobs: JobRegistry;
  }
}

/** pg-boss on the app's own database: PGlite's single connection, or a pool of its own on PostgreSQL. */
export const jobsPlugin = fp<{ work?: boolean; schedules?: boolean }>(
  async (app, options) => {
    const { pglite, databaseUrl } = app.dbHandle;
    const boss = pglite ? new PgBoss({ db: fromPglite(pglite), backend: 'pglite' }) : new PgBoss({ connectionString: databaseUrl, max: 5 });
    boss.on('error', (error) => app.log.error({ err: error }, 'pg-boss error'));
    await boss.start();
    const observe: JobRegistryOptions['observe'] = app.hasDecorator('metrics') ? (queue, seconds, outcome) => app.metrics.observeJob(queue, seconds, outcome) : undefined;
    const registry = new JobRegistry(boss, app.log, { work: options.work, schedules: options.schedules, observe });
    app.decorate('jobs', registry);
    // Workers start once every feature has had its chance to define jobs.
    app.addHook('onReady', () => registry.start());
    // Before the database closes: let running jobs finish, then stop polling.
    app.addHook('preClose', async () => {
      await boss.stop({ graceful: true, timeout: 10_000 });
    });
  },
  { name: 'jobs', dependencies: ['db'] },
);
