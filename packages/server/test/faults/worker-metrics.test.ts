import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { api, createTestStorage, signUpVerified, startTestServer, STRONG_PASSWORD, uniqueEmail, type TestServer, type TestStorage } from '../helpers';
import { connectionRefused, freePort, killAll, spawnWorker, until } from './processes';

/**
 * A dedicated worker (`npm run worker`, a real process) serves its own job and audit metrics on
 * METRICS_PORT when METRICS_TOKEN is set: GET /metrics behind the token, in the API's format,
 * nothing else; the listener closes with the SIGTERM drain. The API beside it works no jobs
 * (JOBS=off), so the audit below is counted by the worker only.
 */

const TOKEN = 'worker-metrics-token-0123456789abcdef';

let storage: TestStorage | undefined;
let apiServer: TestServer | undefined;
let site: Server | undefined;
afterAll(async () => {
  await killAll();
  await apiServer?.close();
  await new Promise((resolve) => (site ? site.close(resolve) : resolve(undefined)));
  await storage?.remove();
});

/** A sample's value in the exposition text, 0 when the series is absent. */
function sample(text: string, series: string): number {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line ? Number(line.slice(line.lastIndexOf(' ') + 1)) : 0;
}


describe.runIf(process.env.DATABASE_URL)('a dedicated worker with METRICS_TOKEN', () => {
  it('serves GET /metrics only, behind the token, with the jobs and audits it ended; closes it on SIGTERM', { timeout: 240_000 }, async () => {
    site = createServer((request, response) => {
      if (request.url === '/robots.txt') return void response.writeHead(200, { 'content-type': 'text/plain' }).end('User-agent: *\nAllow: /\n');
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end('<!doctype html><html lang="en"><head><title>Lantern Tea</title></head><body><main><h1>Lantern Tea</h1><p>Sencha brews at 70 °C.</p></main></body></html>');
    });
    await new Promise<void>((resolve) => site!.listen(0, '127.0.0.1', resolve));
    const siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}/`;

    storage = await createTestStorage();
    apiServer = await startTestServer({ storage, env: { JOBS: 'off', FETCH_ALLOW_HOSTS: '127.0.0.1', METRICS_TOKEN: TOKEN } });
    const port = await freePort();
    const worker = await spawnWorker({ storage, env: { FETCH_ALLOW_HOSTS: '127.0.0.1', METRICS_TOKEN: TOKEN, METRICS_PORT: String(port), HOST: '127.0.0.1' } });
    expect(worker.output()).toContain(`metrics on port ${port}`);
    const metricsUrl = `http://127.0.0.1:${port}/metrics`;
    const scrape = (authorization?: string, url = metricsUrl, method = 'GET') => fetch(url, { method, headers: authorization ? { authorization } : {} });

    // The token is checked as the API checks it; nothing but GET /metrics is served.
    expect((await scrape()).status).toBe(401);
    expect((await scrape('Bearer not-the-token')).status).toBe(401);
    expect((await scrape(`Bearer ${TOKEN}`, `http://127.0.0.1:${port}/api/health`)).status).toBe(404);
    expect((await scrape(`Bearer ${TOKEN}`, metricsUrl, 'POST')).status).toBe(404);

    const cookie = await signUpVerified(apiServer.baseUrl, { name: 'Worker Metrics', email: uniqueEmail('worker-metrics'), password: STRONG_PASSWORD });
    const started = await api(apiServer.baseUrl, '/api/audits', { cookie, body: { url: siteUrl, scope: 'page' } });
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    await until('the audit to complete', async () => {
      const run = await api(apiServer!.baseUrl, `/api/audits/${started.body.id}`, { cookie });
      if (run.body.status === 'failed') throw new Error(JSON.stringify(run.body));
      return run.body.status === 'completed' ? true : undefined;
    });

    const answer = await scrape(`Bearer ${TOKEN}`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
    const text = await answer.text();
    expect(sample(text, 'citable_jobs_total{queue="audit-run",outcome="completed"}')).toBe(1);
    expect(sample(text, 'citable_audit_duration_seconds_count{scope="page",outcome="completed"}')).toBe(1);
    expect(text).toContain('citable_job_queue_jobs{queue="audit-run",state="total"}');
    // The API sent the job but ended nothing: the run is counted where it ended, once.
    const apiText = await (await fetch(`${apiServer.baseUrl}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })).text();
    expect(sample(apiText, 'citable_audit_duration_seconds_count{scope="page",outcome="completed"}')).toBe(0);

    worker.signal('SIGTERM');
    expect(await worker.waitForExit(60_000), worker.output()).toEqual({ code: 0, signal: null });
    expect(await connectionRefused(port)).toBe(true);
  });
});
