import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { auditHistory, auditRuns } from '../../src/db/schema';
import { setPlan } from '../../src/features/profile/profile';
import { startTestSite, type TestSite } from '../fixtures/audit-site';
import { citableCommand } from '../support/citable-bundle';
import { api, createTestStorage, signUpVerified, startTestServer, STRONG_PASSWORD, uniqueEmail, type TestServer, type TestStorage } from '../helpers';

/**
 * Many processes on one PostgreSQL: an API with JOBS=off sends audit jobs, separate `npm run worker`
 * processes handle them, and a re-delivered job (pg-boss retry) never writes a second audit row.
 */
const repoRoot = path.resolve(import.meta.dirname, '../../../..');

function startWorker(storage: TestStorage): { child: ChildProcess; output: () => string } {
  let output = '';
  const { command, args } = citableCommand('worker');
  const child = spawn(command, args, {
    cwd: repoRoot,
    env: { ...process.env, NODE_ENV: 'test', DATABASE_URL: storage.databaseUrl, DATA_DIR: storage.dataDir, FETCH_ALLOW_HOSTS: '127.0.0.1', JOBS: 'off' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  return { child, output: () => output };
}

async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('worker refuses PGlite', () => {
  it('exits with a clear message without DATABASE_URL', async () => {
    const { command, args } = citableCommand('worker');
    const child = spawn(command, args, { cwd: repoRoot, env: { ...process.env, DATABASE_URL: '', NODE_ENV: 'test' }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stderr!.on('data', (chunk) => (output += chunk));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(1);
    expect(output).toMatch(/a worker needs DATABASE_URL \(PostgreSQL\)/);
  });
});

describe.runIf(process.env.DATABASE_URL)('dedicated workers on PostgreSQL', () => {
  let storage: TestStorage;
  let server: TestServer;
  let site: TestSite;
  const workers: ReturnType<typeof startWorker>[] = [];
  afterAll(async () => {
    for (const worker of workers) worker.child.kill('SIGTERM');
    await Promise.all(workers.map((worker) => new Promise((resolve) => (worker.child.exitCode !== null ? resolve(null) : worker.child.on('exit', resolve)))));
    await server?.close();
    await site?.close();
    await storage?.remove();
  });

  it('runs audits sent by a JOBS=off API in worker processes, once per run even when the job is delivered again', { timeout: 180_000 }, async () => {
    site = await startTestSite();
    storage = await createTestStorage();
    server = await startTestServer({ storage, keepStorage: true, env: { JOBS: 'off', FETCH_ALLOW_HOSTS: '127.0.0.1' } });
    workers.push(startWorker(storage), startWorker(storage));
    await until('the workers', async () => (workers.every((worker) => /handling jobs/.test(worker.output())) ? true : undefined), 90_000);

    const cookie = await signUpVerified(server.baseUrl, { name: 'Worker', email: uniqueEmail('worker'), password: STRONG_PASSWORD });
    const userId = (await api(server.baseUrl, '/api/profile', { cookie })).body.user_id as string;
    await setPlan(server.db, userId, 'core');
    const onboarding = await api(server.baseUrl, '/api/profile/onboarding', {
      cookie,
      body: { websites: [{ name: 'Site', url: site.url }], industry: 'Technology & Software', competitors: [{ name: 'Rival', url: 'https://rival.example.com' }], goals: ['increase_citations'] },
    });
    expect(onboarding.status).toBe(200);
    const started = await api(server.baseUrl, '/api/audits', { cookie, body: { url: site.url, scope: 'page' } });
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    const runId = (started.body.id ?? started.body.runId) as string;
    await until('the audit', async () => {
      const run = await api(server.baseUrl, `/api/audits/${runId}`, { cookie });
      return run.body.status === 'completed' || run.body.status === 'failed' ? run.body : undefined;
    });
    expect((await api(server.baseUrl, `/api/audits/${runId}`, { cookie })).body.status).toBe('completed');

    // A redelivery after a worker died between saving and acknowledging: the run still says running.
    await server.db.update(auditRuns).set({ status: 'running' }).where(eq(auditRuns.id, runId));
    const redelivered = { id: 'audit-run', payload: z.object({ runId: z.string(), userId: z.string() }), handler: async () => undefined };
    const jobId = await server.app.jobs.send(redelivered, { runId, userId });
    await until('the redelivered job', async () => {
      const result = await server.db.execute<{ state: string }>(sql`select state from pgboss.job where id = ${jobId}`);
      const state = ((result as { rows?: { state: string }[] }).rows ?? (result as unknown as { state: string }[]))[0]?.state;
      return state === 'completed' || state === 'failed' ? state : undefined;
    });
    expect(await server.db.select().from(auditHistory).where(eq(auditHistory.id, runId))).toHaveLength(1);
  });
});
