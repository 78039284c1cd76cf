import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { ConfigError } from '../config';

/**
 * A small Prometheus registry written against the text exposition format (0.0.4): counters and
 * histograms with labels, which is all Citable exports. No dependency, one registry per app.
 */
type Labels = Record<string, string>;

const escape = (value: string) => value.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/"/g, '\\"');
const labelText = (labels: Labels) => {
  const pairs = Object.entries(labels).map(([key, value]) => `${key}="${escape(value)}"`);
  return pairs.length ? `{${pairs.join(',')}}` : '';
};
// Label names in a fixed order, so the same labels given in another order are the same series.
const keyOf = (labels: Labels) =>
  Object.keys(labels)
    .sort()
    .map((name) => `${name}=${labels[name]}`)
    .join('\u0000');

class Counter {
  private readonly values = new Map<string, { labels: Labels; value: number }>();
  constructor(
    readonly name: string,
    readonly help: string,
  ) {}
  inc(labels: Labels, by = 1, key = keyOf(labels)): void {
    const entry = this.values.get(key) ?? { labels, value: 0 };
    entry.value += by;
    this.values.set(key, entry);
  }
  render(): string {
    const lines = [`# HELP ${this.name} ${this.help}`, `# TYPE ${this.name} counter`];
    for (const { labels, value } of this.values.values()) lines.push(`${this.name}${labelText(labels)} ${value}`);
    return lines.join('\n');
  }
}

class Histogram {
  private readonly values = new Map<string, { labels: Labels; counts: number[]; sum: number; count: number }>();
  constructor(
    readonly name: string,
    readonly help: string,
    readonly buckets: number[],
  ) {}
  observe(labels: Labels, value: number, key = keyOf(labels)): void {
    let entry = this.values.get(key);
    if (!entry) {
      entry = { labels, counts: this.buckets.map(() => 0), sum: 0, count: 0 };
      this.values.set(key, entry);
    }
    for (let index = 0; index < this.buckets.length; index += 1) if (value <= this.buckets[index]!) entry.counts[index]! += 1;
    entry.sum += value;
    entry.count += 1;
  }
  render(): string {
    const lines = [`# HELP ${this.name} ${this.help}`, `# TYPE ${this.name} histogram`];
    for (const { labels, counts, sum, count } of this.values.values()) {
      this.buckets.forEach((bound, index) => lines.push(`${this.name}_bucket${labelText({ ...labels, le: String(bound) })} ${counts[index]}`));
      lines.push(`${this.name}_bucket${labelText({ ...labels, le: '+Inf' })} ${count}`);
      lines.push(`${this.name}_sum${labelText(labels)} ${sum}`);
      lines.push(`${this.name}_count${labelText(labels)} ${count}`);
    }
    return lines.join('\n');
  }
}

const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
const JOB_BUCKETS = [0.05, 0.1, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600];
// A page audit takes seconds; a site audit of 500 pages with a Crawl-delay, up to hours.
const AUDIT_BUCKETS = [1, 2.5, 5, 10, 30, 60, 120, 300, 600, 1800, 3600, 7200];

export class Metrics {
  readonly httpRequests = new Counter('citable_http_requests_total', 'HTTP requests answered, by method, route pattern and status.');
  readonly httpDuration = new Histogram('citable_http_request_duration_seconds', 'HTTP request latency in seconds, by method, route pattern and status.', HTTP_BUCKETS);
  readonly jobs = new Counter('citable_jobs_total', 'Jobs handled by this process, by queue and outcome (completed or failed).');
  readonly jobDuration = new Histogram('citable_job_duration_seconds', 'Job handling time in seconds, by queue and outcome. Queue audit-run is a page audit\'s whole duration, but only the coordinator of a site audit (opening the crawl); each page of a site audit is timed under queue audit-page. A whole audit is timed by citable_audit_duration_seconds.', JOB_BUCKETS);
  readonly auditDuration = new Histogram(
    'citable_audit_duration_seconds',
    'Audit runs ended by this process, from the run created to its audit saved (outcome completed) or the run failed, in seconds, by scope (page or site). Each run is counted once, by the process that ended it (for a site audit, whichever process finished its last page): sum over processes.',
    AUDIT_BUCKETS,
  );
  private readonly started = Date.now();

  observeJob(queue: string, seconds: number, outcome: 'completed' | 'failed'): void {
    this.jobs.inc({ queue, outcome });
    this.jobDuration.observe({ queue, outcome }, seconds);
  }

  observeAudit(scope: string, outcome: 'completed' | 'failed', seconds: number): void {
    this.auditDuration.observe({ scope, outcome }, seconds);
  }

  render(extra: string[] = []): string {
    const memory = process.memoryUsage();
    const processLines = [
      '# HELP citable_process_uptime_seconds Seconds since this process built its app.',
      '# TYPE citable_process_uptime_seconds gauge',
      `citable_process_uptime_seconds ${(Date.now() - this.started) / 1000}`,
      '# HELP citable_process_resident_memory_bytes Resident set size in bytes.',
      '# TYPE citable_process_resident_memory_bytes gauge',
      `citable_process_resident_memory_bytes ${memory.rss}`,
    ];
    return [this.httpRequests.render(), this.httpDuration.render(), this.jobs.render(), this.jobDuration.render(), this.auditDuration.render(), ...processLines, ...extra].join('\n') + '\n';
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
  // Called on every response: one key for both series, and no promise.
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    const labels = { method: request.method, route, status: String(reply.statusCode) };
    const key = keyOf(labels);
    metrics.httpRequests.inc(labels, 1, key);
    metrics.httpDuration.observe(labels, reply.elapsedTime / 1000, key);
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
