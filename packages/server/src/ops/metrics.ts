import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import perfHooks from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { ConfigError } from '../config';

/**
 * The app's Prometheus registry (prom-client, text exposition format 0.0.4): Citable's own series
 * (HTTP requests, jobs, audit runs, process uptime and memory) and prom-client's default process
 * and Node runtime metrics (`process_*` CPU, memory, file descriptors and start time;
 * `nodejs_*` event-loop lag, heap, GC, handles, version). One registry per app, never
 * prom-client's global one, so several apps in one process (the tests) each have their own.
 */
type Labels = Record<string, string>;

/**
 * A prom-client histogram whose `_bucket` samples list `le` after the series' labels
 * (`{method="GET",route="/",status="200",le="0.1"}`), as /metrics always has; prom-client puts it
 * first. Prometheus ignores label order, but dashboards' and tests' text searches do not.
 * prom-client's registry renders a histogram through `getForPromString` (internal to 15.x; the
 * test of /metrics checks the order, so an upgrade that changes it fails there).
 */
interface PromSample {
  labels: Record<string, string | number>;
  sharedLabels?: Record<string, string | number>;
}
const promString = (Histogram.prototype as unknown as { getForPromString(this: Histogram): Promise<{ values: PromSample[] }> }).getForPromString;
class SeriesHistogram<T extends string> extends Histogram<T> {
  async getForPromString(): Promise<{ values: PromSample[] }> {
    const data = await promString.call(this);
    return { ...data, values: data.values.map(({ labels, sharedLabels = {}, ...rest }) => ({ ...rest, labels: { ...sharedLabels, ...labels }, sharedLabels: {} })) };
  }
}

/**
 * `collectDefaultMetrics({ register })`, returning what stops it. prom-client starts an event-loop
 * delay monitor (`perf_hooks.monitorEventLoopDelay`, a 10 ms timer) and a GC `PerformanceObserver`
 * for each registry and never stops them: an app built and closed in a long-lived process (every
 * test) would leave both running. Neither is reachable afterwards, so both constructors are
 * wrapped while prom-client's synchronous set-up runs (nothing else runs meanwhile; restored in
 * `finally`) to keep hold of what it creates.
 */
function collectStoppableDefaultMetrics(register: Registry): () => void {
  const stops: Array<() => void> = [];
  const { monitorEventLoopDelay, PerformanceObserver } = perfHooks;
  perfHooks.monitorEventLoopDelay = (options) => {
    const histogram = monitorEventLoopDelay(options);
    stops.push(() => histogram.disable());
    return histogram;
  };
  perfHooks.PerformanceObserver = class extends PerformanceObserver {
    constructor(callback: ConstructorParameters<typeof PerformanceObserver>[0]) {
      super(callback);
      stops.push(() => this.disconnect());
    }
  };
  try {
    collectDefaultMetrics({ register });
  } finally {
    perfHooks.monitorEventLoopDelay = monitorEventLoopDelay;
    perfHooks.PerformanceObserver = PerformanceObserver;
  }
  return () => {
    for (const stop of stops.splice(0)) stop();
  };
}

const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
const JOB_BUCKETS = [0.05, 0.1, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600];
// A page audit takes seconds; a site audit of 500 pages with a Crawl-delay, up to hours.
const AUDIT_BUCKETS = [1, 2.5, 5, 10, 30, 60, 120, 300, 600, 1800, 3600, 7200];

export class Metrics {
  readonly registry = new Registry();
  private readonly registers = [this.registry];
  readonly httpRequests = new Counter({ name: 'citable_http_requests_total', help: 'HTTP requests answered, by method, route pattern and status.', labelNames: ['method', 'route', 'status'], registers: this.registers });
  readonly httpDuration = new SeriesHistogram({
    name: 'citable_http_request_duration_seconds',
    help: 'HTTP request latency in seconds, by method, route pattern and status.',
    labelNames: ['method', 'route', 'status'],
    buckets: HTTP_BUCKETS,
    registers: this.registers,
  });
  readonly jobs = new Counter({ name: 'citable_jobs_total', help: 'Jobs handled by this process, by queue and outcome (completed or failed).', labelNames: ['queue', 'outcome'], registers: this.registers });
  readonly jobDuration = new SeriesHistogram({
    name: 'citable_job_duration_seconds',
    help: 'Job handling time in seconds, by queue and outcome. Queue audit-run is a page audit\'s whole duration, but only the coordinator of a site audit (opening the crawl); each page of a site audit is timed under queue audit-page. A whole audit is timed by citable_audit_duration_seconds.',
    labelNames: ['queue', 'outcome'],
    buckets: JOB_BUCKETS,
    registers: this.registers,
  });
  readonly auditDuration = new SeriesHistogram({
    name: 'citable_audit_duration_seconds',
    help: 'Audit runs ended by this process, from the run created to its audit saved (outcome completed) or the run failed, in seconds, by scope (page or site). Each run is counted once, by the process that ended it (for a site audit, whichever process finished its last page): sum over processes.',
    labelNames: ['scope', 'outcome'],
    buckets: AUDIT_BUCKETS,
    registers: this.registers,
  });
  private readonly started = Date.now();
  private readonly stopDefaultMetrics: () => void;

  constructor() {
    const started = this.started;
    new Gauge({
      name: 'citable_process_uptime_seconds',
      help: 'Seconds since this process built its app.',
      registers: this.registers,
      collect() {
        this.set((Date.now() - started) / 1000);
      },
    });
    new Gauge({
      name: 'citable_process_resident_memory_bytes',
      help: 'Resident set size in bytes.',
      registers: this.registers,
      collect() {
        this.set(process.memoryUsage.rss());
      },
    });
    this.stopDefaultMetrics = collectStoppableDefaultMetrics(this.registry);
  }

  observeJob(queue: string, seconds: number, outcome: 'completed' | 'failed'): void {
    const labels = { queue, outcome };
    this.jobs.inc(labels);
    this.jobDuration.observe(labels, seconds);
  }

  observeAudit(scope: string, outcome: 'completed' | 'failed', seconds: number): void {
    this.auditDuration.observe({ scope, outcome }, seconds);
  }

  observeRequest(labels: Labels & { method: string; route: string; status: string }, seconds: number): void {
    this.httpRequests.inc(labels);
    this.httpDuration.observe(labels, seconds);
  }

  /** The registry in Prometheus text, then `extra` lines (series kept outside it: job queue counts, read caches). */
  async render(extra: string[] = []): Promise<string> {
    const text = await this.registry.metrics();
    return extra.length ? `${text}${extra.join('\n')}\n` : text;
  }

  /** Stops the event-loop monitor and the GC observer; the series stay readable. Called when the app closes. */
  close(): void {
    this.stopDefaultMetrics();
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Metrics;
  }
}

/**
 * Decorates `app.metrics` and times every request by its route pattern (never the raw URL: bounded
 * label values). The audits feature reports the runs it ends (`observeAuditRuns`).
 */
export function collectMetrics(app: FastifyInstance): Metrics {
  const metrics = new Metrics();
  app.decorate('metrics', metrics);
  app.addHook('onClose', (_instance, done) => {
    metrics.close();
    done();
  });
  // Called on every response, with no promise.
  app.addHook('onResponse', (request, reply, done) => {
    metrics.observeRequest({ method: request.method, route: request.routeOptions.url ?? 'unmatched', status: String(reply.statusCode) }, reply.elapsedTime / 1000);
    done();
  });
  return metrics;
}

/**
 * A dedicated worker's metrics (`npm run worker` serves no HTTP, yet its jobs and the audits it
 * ends are counted only in its own registry): a listener answering GET /metrics and nothing else
 * (404). Each scrape is handed to the app's own /metrics route (ops/ops-routes.ts), so the bearer
 * token check, the registry and the text format are exactly the API's. The listener closes as soon
 * as the app starts closing (the SIGTERM drain), so the port is free while jobs finish. Call
 * before `app.ready()` (it adds a hook); resolves once listening.
 */
export async function listenForMetrics(app: FastifyInstance, options: { port: number; host: string }): Promise<AddressInfo> {
  const listener = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    if (request.method !== 'GET' || path !== '/metrics') {
      response.writeHead(404, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify({ error: 'Not found' }));
      return;
    }
    const authorization = request.headers.authorization;
    app.inject({ method: 'GET', url: '/metrics', headers: authorization === undefined ? {} : { authorization } }).then(
      (answer) => {
        const contentType = answer.headers['content-type'];
        response.writeHead(answer.statusCode, contentType === undefined ? {} : { 'content-type': contentType }).end(answer.rawPayload);
      },
      (error: unknown) => {
        app.log.error({ err: error }, 'metrics listener could not render /metrics');
        response.writeHead(500, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify({ error: 'Metrics unavailable' }));
      },
    );
  });
  app.addHook('preClose', async () => {
    // A scrape cut here is retried by Prometheus against another target; the drain must not wait on it.
    const closed = new Promise<void>((resolve) => listener.close(() => resolve()));
    listener.closeAllConnections();
    await closed;
  });
  await new Promise<void>((resolve, reject) => {
    listener.once('error', (error: NodeJS.ErrnoException) =>
      reject(error.code === 'EADDRINUSE' ? new ConfigError(`METRICS_PORT ${options.port} is already in use on ${options.host}: give each worker on a machine its own METRICS_PORT`) : error),
    );
    listener.listen(options.port, options.host, () => resolve());
  });
  return listener.address() as AddressInfo;
}
