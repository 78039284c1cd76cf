import perfHooks from 'node:perf_hooks';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { collectMetrics } from '../../src/ops/metrics';
import { startTestServer, type TestServer } from '../helpers';

/**
 * GET /metrics: Citable's own series, exactly as before (names, labels and their order, help texts,
 * buckets), beside prom-client's process and Node runtime metrics, in one registry per app whose
 * event-loop monitor and GC observer stop when the app closes.
 */

const TOKEN = 'metrics-token-for-ops-tests-0123456789';

let first: TestServer;
let second: TestServer;
beforeAll(async () => {
  [first, second] = await Promise.all([startTestServer({ env: { METRICS_TOKEN: TOKEN } }), startTestServer({ env: { METRICS_TOKEN: TOKEN } })]);
});
afterAll(() => Promise.all([first?.close(), second?.close()]));

async function scrape(server: TestServer): Promise<string> {
  const response = await fetch(`${server.baseUrl}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
  return response.text();
}

interface Family {
  type: string;
  help: string;
  samples: { name: string; labels: [string, string][]; value: number }[];
}

const NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/;
const SAMPLE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{((?:[a-zA-Z_][a-zA-Z0-9_]*="(?:[^"\\\n]|\\[\\"n])*",?)*)\})? (\S+)(?: -?\d+)?$/;
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\\n]|\\[\\"n])*)"/g;
const SUFFIXES: Record<string, string[]> = { counter: [''], gauge: [''], untyped: [''], histogram: ['_bucket', '_sum', '_count'], summary: ['', '_sum', '_count'] };

function parseValue(text: string): number {
  if (/^[+-]?inf$/i.test(text)) return text.startsWith('-') ? -Infinity : Infinity;
  if (/^nan$/i.test(text)) return Number.NaN;
  if (!/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(text)) throw new Error(`not a sample value: ${text}`);
  return Number(text);
}

/**
 * A strict reading of the Prometheus text format 0.0.4, as Prometheus and promtool read it: HELP and
 * TYPE at most once per family and before its samples, each family's samples together, names and
 * labels well formed, no duplicate series, histograms with cumulative buckets ending in +Inf = count.
 */
function parseExposition(text: string): Map<string, Family> {
  expect(text.endsWith('\n')).toBe(true);
  const families = new Map<string, Family>();
  const seen = new Set<string>();
  let current: string | undefined;
  const familyOf = (name: string, create: boolean): string => {
    for (const [family, { type }] of families) if ((SUFFIXES[type] ?? ['']).some((suffix) => name === family + suffix)) return family;
    if (!create) throw new Error(`sample ${name} belongs to no declared family`);
    return name;
  };
  const open = (name: string) => {
    if (current !== name && families.has(name)) throw new Error(`family ${name} is split`);
    if (!families.has(name)) families.set(name, { type: 'untyped', help: '', samples: [] });
    current = name;
    return families.get(name)!;
  };
  for (const line of text.split('\n')) {
    if (line === '') continue;
    const comment = /^# (HELP|TYPE) (\S+) ?(.*)$/.exec(line);
    if (comment) {
      const [, kind, name, rest] = comment;
      expect(name, line).toMatch(NAME);
      const family = open(name!);
      if (kind === 'TYPE') {
        expect(family.samples, `TYPE after samples: ${line}`).toHaveLength(0);
        expect(Object.keys(SUFFIXES), line).toContain(rest);
        family.type = rest!;
      } else {
        expect(family.help, `second HELP: ${line}`).toBe('');
        family.help = rest!;
      }
      continue;
    }
    if (line.startsWith('#')) continue;
    const match = SAMPLE.exec(line);
    if (!match) throw new Error(`not a sample line: ${JSON.stringify(line)}`);
    const [, name, labelText = '', valueText] = match;
    const labels = [...labelText.matchAll(LABEL)].map(([, key, value]) => [key!, value!] as [string, string]);
    expect(new Set(labels.map(([key]) => key)).size, `duplicate label: ${line}`).toBe(labels.length);
    const series = `${name}{${labels.map(([key, value]) => `${key}=${value}`).sort().join(',')}}`;
    expect(seen.has(series), `duplicate series: ${line}`).toBe(false);
    seen.add(series);
    const family = open(familyOf(name!, current === undefined || !families.has(current)));
    family.samples.push({ name: name!, labels, value: parseValue(valueText!) });
  }
  for (const [name, family] of families) {
    if (family.type !== 'histogram') continue;
    const bySeries = new Map<string, { buckets: [number, number][]; count?: number }>();
    for (const sample of family.samples) {
      const key = sample.labels.filter(([label]) => label !== 'le').map(([label, value]) => `${label}=${value}`).join(',');
      const entry = bySeries.get(key) ?? { buckets: [] };
      bySeries.set(key, entry);
      if (sample.name === `${name}_bucket`) entry.buckets.push([parseValue(sample.labels.find(([label]) => label === 'le')![1]), sample.value]);
      if (sample.name === `${name}_count`) entry.count = sample.value;
    }
    for (const [key, { buckets, count }] of bySeries) {
      expect(buckets.at(-1)?.[0], `${name}{${key}} ends in +Inf`).toBe(Infinity);
      expect(buckets.at(-1)?.[1], `${name}{${key}} +Inf = count`).toBe(count);
      for (let index = 1; index < buckets.length; index += 1) {
        expect(buckets[index]![0]).toBeGreaterThan(buckets[index - 1]![0]);
        expect(buckets[index]![1]).toBeGreaterThanOrEqual(buckets[index - 1]![1]);
      }
    }
  }
  return families;
}

const bucketsOf = (family: Family | undefined) => [...new Set(family?.samples.filter((sample) => sample.name.endsWith('_bucket')).map((sample) => sample.labels.find(([label]) => label === 'le')![1]))];

describe('/metrics', () => {
  it('serves Citable’s series as before and the process and Node runtime metrics, as valid Prometheus text', async () => {
    await fetch(`${first.baseUrl}/api/health`);
    first.app.metrics.observeJob('ops-metrics', 0.2, 'completed');
    first.app.metrics.observeAudit('page', 'failed', 3);
    const text = await scrape(first);
    const families = parseExposition(text);

    // Today's series: names, types, help texts, label names in order, bucket boundaries.
    expect(text).toMatch(/^citable_http_requests_total\{method="GET",route="\/api\/health",status="200"\} [1-9]\d*$/m);
    expect(text).toMatch(/^citable_http_request_duration_seconds_bucket\{method="GET",route="\/api\/health",status="200",le="0\.005"\} \d+$/m);
    expect(text).toMatch(/^citable_http_request_duration_seconds_bucket\{method="GET",route="\/api\/health",status="200",le="\+Inf"\} [1-9]\d*$/m);
    expect(text).toMatch(/^citable_http_request_duration_seconds_sum\{method="GET",route="\/api\/health",status="200"\} \S+$/m);
    expect(text).toContain('citable_jobs_total{queue="ops-metrics",outcome="completed"} 1\n');
    expect(text).toContain('citable_job_duration_seconds_bucket{queue="ops-metrics",outcome="completed",le="0.1"} 0\n');
    expect(text).toContain('citable_job_duration_seconds_bucket{queue="ops-metrics",outcome="completed",le="0.5"} 1\n');
    expect(text).toContain('citable_job_duration_seconds_count{queue="ops-metrics",outcome="completed"} 1\n');
    expect(text).toContain('citable_audit_duration_seconds_bucket{scope="page",outcome="failed",le="5"} 1\n');
    expect(text).toContain('citable_audit_duration_seconds_sum{scope="page",outcome="failed"} 3\n');
    expect(text).toMatch(/^citable_job_queue_jobs\{queue="[^"]+",state="total"\} \d+$/m);
    expect(text).toMatch(/^citable_read_cache_lookups_total\{cache="[a-z]+",outcome="hit"\} \d+$/m);
    expect(text).toMatch(/^citable_process_uptime_seconds \d+(\.\d+)?$/m);
    expect(text).toMatch(/^citable_process_resident_memory_bytes [1-9]\d*$/m);
    const helps = Object.fromEntries([...families].filter(([name]) => name.startsWith('citable_')).map(([name, family]) => [name, `${family.type}: ${family.help}`]));
    expect(helps).toMatchObject({
      citable_http_requests_total: 'counter: HTTP requests answered, by method, route pattern and status.',
      citable_http_request_duration_seconds: 'histogram: HTTP request latency in seconds, by method, route pattern and status.',
      citable_jobs_total: 'counter: Jobs handled by this process, by queue and outcome (completed or failed).',
      citable_job_duration_seconds:
        "histogram: Job handling time in seconds, by queue and outcome. Queue audit-run is a page audit's whole duration, but only the coordinator of a site audit (opening the crawl); each page of a site audit is timed under queue audit-page. A whole audit is timed by citable_audit_duration_seconds.",
      citable_audit_duration_seconds:
        'histogram: Audit runs ended by this process, from the run created to its audit saved (outcome completed) or the run failed, in seconds, by scope (page or site). Each run is counted once, by the process that ended it (for a site audit, whichever process finished its last page): sum over processes.',
      citable_process_uptime_seconds: 'gauge: Seconds since this process built its app.',
      citable_process_resident_memory_bytes: 'gauge: Resident set size in bytes.',
      citable_job_queue_jobs: 'gauge: Jobs in each pg-boss queue by state (shared by every process on this database).',
    });
    expect(bucketsOf(families.get('citable_http_request_duration_seconds'))).toEqual(['0.005', '0.01', '0.025', '0.05', '0.1', '0.25', '0.5', '1', '2.5', '5', '10', '30', '+Inf']);
    expect(bucketsOf(families.get('citable_job_duration_seconds'))).toEqual(['0.05', '0.1', '0.5', '1', '2.5', '5', '10', '30', '60', '120', '300', '600', '+Inf']);
    expect(bucketsOf(families.get('citable_audit_duration_seconds'))).toEqual(['1', '2.5', '5', '10', '30', '60', '120', '300', '600', '1800', '3600', '7200', '+Inf']);

    // prom-client's default process and runtime metrics.
    expect(families.get('process_cpu_user_seconds_total')?.type).toBe('counter');
    expect(families.get('process_cpu_system_seconds_total')?.type).toBe('counter');
    expect(families.get('process_start_time_seconds')?.samples[0]?.value).toBe(Math.round(Date.now() / 1000 - process.uptime()));
    expect(families.get('process_resident_memory_bytes')?.samples[0]?.value).toBeGreaterThan(0);
    expect(families.get('nodejs_eventloop_lag_seconds')?.type).toBe('gauge');
    expect(families.get('nodejs_eventloop_lag_p99_seconds')?.samples[0]?.value).toBeGreaterThanOrEqual(0);
    expect(families.get('nodejs_heap_size_used_bytes')?.samples[0]?.value).toBeGreaterThan(0);
    expect(families.get('nodejs_heap_size_total_bytes')?.samples[0]?.value).toBeGreaterThan(0);
    expect(families.get('nodejs_gc_duration_seconds')?.type).toBe('histogram');
    expect(families.get('nodejs_version_info')?.samples[0]?.labels).toContainEqual(['version', process.version]);
  });

  it('times garbage collections', async () => {
    // Waits on the event (a collection observed), not on a clock: allocating is what brings one on.
    let garbage: unknown[] = [];
    for (let round = 0; round < 1_000; round += 1) {
      for (let index = 0; index < 10_000; index += 1) garbage.push({ index, text: `garbage ${index}` });
      garbage = [];
      await new Promise((resolve) => setImmediate(resolve));
      const collected = parseExposition(await scrape(first)).get('nodejs_gc_duration_seconds')?.samples.find((sample) => sample.name === 'nodejs_gc_duration_seconds_count');
      if (collected && collected.value > 0) return;
    }
    throw new Error('no garbage collection was observed');
  });

  it('keeps one registry per app: two apps in one process count their own requests and both expose the runtime metrics', async () => {
    const route = (text: string) => Number(/^citable_http_requests_total\{method="GET",route="\/api\/config",status="200"\} (\d+)$/m.exec(text)?.[1] ?? 0);
    const [beforeFirst, beforeSecond] = [route(await scrape(first)), route(await scrape(second))];
    await fetch(`${second.baseUrl}/api/config`);
    await fetch(`${second.baseUrl}/api/config`);
    const [afterFirst, afterSecond] = [await scrape(first), await scrape(second)];
    expect(route(afterFirst) - beforeFirst).toBe(0);
    expect(route(afterSecond) - beforeSecond).toBe(2);
    for (const text of [afterFirst, afterSecond]) {
      const families = parseExposition(text);
      for (const name of ['process_cpu_user_seconds_total', 'process_start_time_seconds', 'nodejs_eventloop_lag_p99_seconds', 'nodejs_heap_size_used_bytes', 'nodejs_gc_duration_seconds']) expect(families.has(name), name).toBe(true);
    }
    expect(first.app.metrics.registry).not.toBe(second.app.metrics.registry);
  });
});

describe('closing an app', () => {
  it('stops its event-loop monitor and GC observer, and leaves another app’s running', async () => {
    const realMonitor = perfHooks.monitorEventLoopDelay;
    const monitors: ReturnType<typeof perfHooks.monitorEventLoopDelay>[] = [];
    const monitor = vi.spyOn(perfHooks, 'monitorEventLoopDelay').mockImplementation((options) => {
      const histogram = realMonitor(options);
      monitors.push(histogram);
      return histogram;
    });
    const disconnect = vi.spyOn(perfHooks.PerformanceObserver.prototype, 'disconnect');
    const apps = [Fastify(), Fastify()];
    try {
      for (const app of apps) collectMetrics(app);
      // prom-client's constructors are back as they were once its set-up is done.
      expect(perfHooks.monitorEventLoopDelay).toBe(monitor);
      expect(monitors).toHaveLength(2);
      await apps[0]!.close();
      expect(disconnect).toHaveBeenCalledTimes(1);
      // disable() answers false when the monitor was already disabled, enable() when already enabled.
      expect(monitors[0]!.disable()).toBe(false);
      expect(monitors[1]!.enable()).toBe(false);
      expect(await apps[1]!.metrics.render()).toContain('nodejs_eventloop_lag_p99_seconds');
      await apps[1]!.close();
      expect(monitors[1]!.disable()).toBe(false);
      expect(disconnect).toHaveBeenCalledTimes(2);
    } finally {
      await Promise.all(apps.map((app) => app.close()));
      monitor.mockRestore();
      disconnect.mockRestore();
    }
  });
});
