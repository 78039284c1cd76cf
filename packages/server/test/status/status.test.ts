import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Maintenance, StatusGroup, StatusResponse } from '@citable/contract';
import type { Db } from '../../src/db/client';
import { buildApp } from '../../src/app';
import { ConfigError, loadConfig } from '../../src/config';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { billingCheck, databaseCheck, llmCheck, type HealthCheck } from '../../src/features/status/checks';
import { overallStatus, runChecks, sharedChecks } from '../../src/features/status/status-report';
import { api, createTestStorage, startTestServer, type TestServer } from '../helpers';

const dir = mkdtempSync(path.join(tmpdir(), 'citable-status-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function statusFile(name: string, text: string): string {
  const file = path.join(dir, name);
  writeFileSync(file, text);
  return file;
}

const INCIDENTS = `
incidents:
  - id: INC-2025-06-01
    title: Audits delayed
    status: monitoring
    started: 2025-06-01T14:30:00Z
    updates:
      - at: 2025-06-01T14:35:00Z
        message: A fix is deployed; we are watching the queue.
  - id: INC-2025-05-20
    title: Sign-in errors
    status: resolved
    started: 2025-05-20T08:00:00Z
    resolved: 2025-05-20T09:15:00Z
maintenance: []
`;

describe('GET /api/status', () => {
  let server: TestServer;
  let file: string;
  beforeAll(async () => {
    file = statusFile('status.yaml', INCIDENTS);
    server = await startTestServer({ env: { STATUS_FILE: file } });
  });
  afterAll(() => server?.close());

  const component = (body: StatusResponse, id: string) => body.groups.flatMap((group) => group.components).find((candidate) => candidate.id === id);

  it('reports the database as operational with a measured latency', async () => {
    const response = await api<StatusResponse>(server.baseUrl, '/api/status');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const database = component(response.body, 'database');
    expect(database?.status).toBe('operational');
    expect(typeof database?.latencyMs).toBe('number');
    expect(database!.latencyMs!).toBeGreaterThanOrEqual(0);
    expect(component(response.body, 'api')?.status).toBe('operational');
    expect(component(response.body, 'jobs')?.status).toBe('operational');
    expect(component(response.body, 'mail')).toMatchObject({ status: 'operational', detail: expect.stringContaining('outbox') });
    // The test server has no built web app, and says so.
    expect(component(response.body, 'web')?.status).toBe('major_outage');
    expect(response.body.overall).toBe('major_outage');
    expect(Date.parse(response.body.checkedAt)).not.toBeNaN();
  });

  it('lists only configured optional providers', async () => {
    const response = await api<StatusResponse>(server.baseUrl, '/api/status');
    const ids = response.body.groups.flatMap((group) => group.components.map((candidate) => candidate.id));
    if (!process.env.LLM_PROVIDER) expect(ids).not.toContain('llm');
    if (!process.env.LEMONSQUEEZY_API_KEY) expect(ids).not.toContain('billing');
  });

  it('returns the incidents of the status file, re-read on each request, and reports a file broken after start-up', async () => {
    const first = await api<StatusResponse>(server.baseUrl, '/api/status');
    expect(first.body.fileError).toBeNull();
    expect(first.body.incidents.map((incident) => incident.id)).toEqual(['INC-2025-06-01', 'INC-2025-05-20']);
    expect(first.body.incidents[0]).toMatchObject({ resolved: null, updates: [{ at: '2025-06-01T14:35:00Z' }] });

    writeFileSync(file, 'incidents:\n  - id: broken\n');
    const broken = await api<StatusResponse>(server.baseUrl, '/api/status');
    expect(broken.status).toBe(200);
    expect(broken.body.incidents).toEqual([]);
    expect(broken.body.fileError).toContain(file);
    expect(broken.body.fileError).toContain('incidents[0].id');

    writeFileSync(file, INCIDENTS);
    const fixed = await api<StatusResponse>(server.baseUrl, '/api/status');
    expect(fixed.body.fileError).toBeNull();
  });
});

describe('status start-up', () => {
  // The file is validated before the database opens, so no storage is needed to see the refusal.
  const configWith = (file: string) => loadConfig({ NODE_ENV: 'test', PORT: '0', DATA_DIR: path.join(dir, 'data'), STATUS_FILE: file });

  it.each([
    ['not YAML', 'incidents: [\n', 'is not valid YAML'],
    ['of the wrong shape', 'incidents:\n  - id: INC-2025-06-01\n    title: x\n    status: exploded\n    started: 2025-06-01T14:30:00Z\n', 'incidents[0].status'],
    ['with a date without a zone', 'maintenance:\n  - id: M1\n    title: x\n    status: scheduled\n    start: 2025-06-10 02:00\n    end: 2025-06-10T03:00:00Z\n', 'maintenance[0].start'],
    ['with an unknown key', 'incident: []\n', 'incident'],
  ])('refuses to start with a status file %s, naming the file and the problem', async (_label, text, problem) => {
    const file = statusFile(`broken-${problem.replace(/\W/g, '')}.yaml`, text);
    const error = await buildApp(configWith(file), { logger: false }).then(
      () => undefined,
      (caught: unknown) => caught,
    );
    // A ConfigError is what server.ts prints as "Citable cannot start: ...".
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toContain(file);
    expect((error as Error).message).toContain(problem);
  });

  it('refuses to start when the status file is missing', async () => {
    const missing = path.join(dir, 'missing.yaml');
    await expect(buildApp(configWith(missing), { logger: false })).rejects.toThrow(`Status file ${missing}: the file does not exist`);
  });
});

describe('health checks', () => {
  const failingDb = new Proxy({}, { get: () => () => Promise.reject(new Error('connection refused')) }) as unknown as Db;

  it('reports a database that does not answer as a major outage of that component alone', async () => {
    const healthy: HealthCheck = { id: 'api', name: 'API', group: 'Platform', timed: true, run: async () => ({ status: 'operational', detail: 'fine' }) };
    const groups = await runChecks([healthy, databaseCheck(failingDb)]);
    expect(groups).toEqual([
      { name: 'Platform', status: 'operational', components: [expect.objectContaining({ id: 'api', status: 'operational' })] },
      { name: 'Data and jobs', status: 'major_outage', components: [expect.objectContaining({ id: 'database', status: 'major_outage', latencyMs: null, detail: 'Check failed: connection refused' })] },
    ]);
  });

  it('gives up on a check after the timeout', async () => {
    const hanging: HealthCheck = { id: 'slow', name: 'Slow', group: 'Platform', timed: true, run: () => new Promise(() => undefined) };
    const [group] = await runChecks([hanging], 50);
    expect(group.components[0]).toMatchObject({ status: 'major_outage', detail: 'Check failed: no answer within 0.05 s' });
  });

  it('shares one run of the checks between requests within the maximum age', async () => {
    let runs = 0;
    const counted: HealthCheck = { id: 'c', name: 'C', group: 'G', timed: false, run: async () => ((runs += 1), { status: 'operational', detail: '' }) };
    let clock = 0;
    const live = sharedChecks([counted], 1000, () => clock);
    await Promise.all([live(), live()]);
    clock = 999;
    await live();
    expect(runs).toBe(1);
    clock = 1000;
    await live();
    expect(runs).toBe(2);
  });

  it('serves an injected failing database check through the API', async () => {
    const storage = await createTestStorage();
    const config = loadConfig({ NODE_ENV: 'test', PORT: '0', DATA_DIR: storage.dataDir, WEB_DIST_DIR: path.join(storage.dataDir, 'none'), ...(storage.databaseUrl ? { DATABASE_URL: storage.databaseUrl } : {}) });
    const app = await buildApp(config, { logger: false, statusChecks: [databaseCheck(failingDb)] });
    try {
      const response = await app.inject({ method: 'GET', url: '/api/status' });
      expect(response.statusCode).toBe(200);
      const body = response.json() as StatusResponse;
      expect(body.overall).toBe('major_outage');
      expect(body.groups[0].components[0]).toMatchObject({ id: 'database', status: 'major_outage' });
    } finally {
      await app.close();
      await storage.remove();
    }
  }, 60_000);
});

describe('provider checks', () => {
  let provider: Server;
  let base: string;
  const seen: { url?: string; authorization?: string }[] = [];
  beforeAll(async () => {
    // Answers like a provider: 200 for the good key, 401 otherwise.
    provider = createServer((request, response) => {
      seen.push({ url: request.url, authorization: request.headers.authorization });
      response.writeHead(request.headers.authorization === 'Bearer good' ? 200 : 401, { 'content-type': 'application/json' }).end('{}');
    });
    await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(provider.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => provider.close(() => resolve())));

  it('exist only when configured', () => {
    expect(llmCheck({})).toBeUndefined();
    expect(billingCheck({})).toBeUndefined();
  });

  it('report a provider that accepts the key as operational, with its latency', async () => {
    const [group] = await runChecks([billingCheck({ LEMONSQUEEZY_API_KEY: 'good', LEMONSQUEEZY_API_URL: base })!]);
    expect(group.components[0]).toMatchObject({ id: 'billing', status: 'operational', latencyMs: expect.any(Number) });
    expect(seen.at(-1)).toEqual({ url: '/v1/users/me', authorization: 'Bearer good' });
  });

  it('report a refused key as a major outage', async () => {
    const [group] = await runChecks([llmCheck({ LLM_PROVIDER: 'ollama', LLM_BASE_URL: `${base}/v1`, LLM_API_KEY: 'bad' })!]);
    expect(group.components[0]).toMatchObject({ id: 'llm', status: 'major_outage', detail: expect.stringContaining('HTTP 401') });
    expect(seen.at(-1)?.url).toBe('/v1/models');
  });

  it('report a provider without an address as a major outage', async () => {
    const [group] = await runChecks([llmCheck({ LLM_PROVIDER: 'ollama' })!]);
    expect(group.components[0]).toMatchObject({ status: 'major_outage', detail: 'LLM_BASE_URL is not set for ollama.' });
  });
});

describe('overall status', () => {
  const group = (status: StatusGroup['status']): StatusGroup => ({ name: status, status, components: [] });
  const window = (status: Maintenance['status']): Maintenance => ({ id: 'M', title: 'M', status, start: '2025-06-10T02:00:00Z', end: '2025-06-10T03:00:00Z', description: '' });

  it.each([
    [['operational', 'operational'], 'operational'],
    [['operational', 'maintenance'], 'maintenance'],
    [['maintenance', 'partial_outage', 'operational'], 'partial_outage'],
    [['partial_outage', 'major_outage', 'maintenance'], 'major_outage'],
    [[], 'operational'],
  ] as const)('groups %j give %s', (statuses, expected) => {
    expect(overallStatus(statuses.map(group), [])).toBe(expected);
  });

  it('counts maintenance under way, not scheduled or completed windows', () => {
    expect(overallStatus([group('operational')], [window('scheduled'), window('completed')])).toBe('operational');
    expect(overallStatus([group('operational')], [window('in_progress')])).toBe('maintenance');
    expect(overallStatus([group('partial_outage')], [window('in_progress')])).toBe('partial_outage');
  });
});
