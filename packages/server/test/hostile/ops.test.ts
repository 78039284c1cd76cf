import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { api, startTestServer } from '../helpers';
import { startHostileServer } from './hostile-fixtures';

/** Request ids, readiness, metrics, and an API process that leaves jobs to dedicated workers. */
const TOKEN = 'metrics-token-for-tests-0123456789';
const [{ server, alice }, sender] = await Promise.all([startHostileServer({ METRICS_TOKEN: TOKEN }), startTestServer({ env: { JOBS: 'off' } })]);
afterAll(() => Promise.all([server.close(), sender.close()]));
const base = server.baseUrl;

describe('request ids', () => {
  it('keeps an incoming X-Request-Id of safe shape and echoes it', async () => {
    const response = await fetch(`${base}/api/health`, { headers: { 'x-request-id': 'lb-7f3a.42:1' } });
    expect(response.headers.get('x-request-id')).toBe('lb-7f3a.42:1');
  });

  it('replaces an unsafe or missing one with a UUID', async () => {
    const cases: Record<string, string>[] = [{ 'x-request-id': 'bad id\twith "quotes"' }, { 'x-request-id': 'x'.repeat(200) }, {}];
    for (const headers of cases) {
      const response = await fetch(`${base}/api/health`, { headers });
      expect(response.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    }
  });
});

describe('probes', () => {
  it('answers ready when the database and the job queue answer', async () => {
    const response = await api(base, '/api/ready');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: 'ready', checks: { database: 'ok', jobs: 'ok' } });
  });
});

describe('metrics', () => {
  it('is 404 without METRICS_TOKEN and 401 with a wrong token', async () => {
    expect((await fetch(`${sender.baseUrl}/metrics`)).status).toBe(404);
    expect((await fetch(`${base}/metrics`)).status).toBe(401);
    expect((await fetch(`${base}/metrics`, { headers: { authorization: 'Bearer wrong' } })).status).toBe(401);
  });

  it('exposes request rate and latency by route pattern and status, and job counts and durations by queue', async () => {
    await api(base, `/api/activity/${crypto.randomUUID()}`, { cookie: alice.cookie });
    const job = { id: 'hostile-metrics', payload: z.object({ n: z.number() }), handler: async () => undefined };
    await server.app.jobs.define(job);
    await server.app.jobs.send(job, { n: 1 });
    const deadline = Date.now() + 90_000;
    let text = '';
    for (;;) {
      const response = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
      text = await response.text();
      if (/citable_jobs_total\{[^}]*queue="hostile-metrics"/.test(text) || Date.now() > deadline) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(text).toContain('citable_http_requests_total{method="GET",route="/api/activity/:id",status="404"} 1');
    expect(text).toMatch(/citable_http_request_duration_seconds_bucket\{method="GET",route="\/api\/activity\/:id",status="404",le="\+Inf"\} 1/);
    expect(text).toMatch(/citable_jobs_total\{queue="hostile-metrics",outcome="(completed|failed)"\} 1/);
    expect(text).toMatch(/citable_job_duration_seconds_count\{queue="hostile-metrics",outcome="(completed|failed)"\} 1/);
    expect(text).toMatch(/citable_job_queue_jobs\{queue="hostile-metrics",state="total"\} \d+/);
    // Site audits are split into page jobs: the help must not call audit-run the audit duration.
    const help = text.split('\n').find((line) => line.startsWith('# HELP citable_job_duration_seconds '));
    expect(help).toContain('only the coordinator of a site audit');
    expect(help).toContain('queue audit-page');
  });
});

describe('JOBS=off', () => {
  it('sends jobs but handles none, leaving them to dedicated workers', async () => {
    let handled = 0;
    const job = {
      id: 'hostile-probe',
      payload: z.object({ n: z.number() }),
      handler: async () => {
        handled += 1;
      },
    };
    await sender.app.jobs.define(job);
    await sender.app.jobs.send(job, { n: 1 });
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(handled).toBe(0);
  });
});
