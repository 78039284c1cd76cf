import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { citableCommand } from '../support/citable-bundle';
import { api, createTestStorage, signIn, signUpVerified, startTestServer, STRONG_PASSWORD, uniqueEmail, type TestStorage } from '../helpers';

const repoRoot = path.resolve(import.meta.dirname, '../../../..');
const storages: TestStorage[] = [];
afterAll(async () => {
  for (const storage of storages) await storage.remove();
});

async function keptStorage(options?: Parameters<typeof createTestStorage>[0]): Promise<TestStorage> {
  const storage = await createTestStorage(options);
  storages.push(storage);
  return storage;
}

describe('persistence', () => {
  it('keeps users, sessions and profiles across a restart on the same storage', async () => {
    const storage = await keptStorage();
    const email = uniqueEmail('persist');
    const first = await startTestServer({ storage });
    const cookie = await signUpVerified(first.baseUrl, { name: 'Per Sist', email, password: STRONG_PASSWORD });
    const saved = await api(first.baseUrl, '/api/profile', { method: 'PATCH', cookie, body: { industry: 'Real Estate' } });
    expect(saved.status).toBe(200);
    await first.close();

    const second = await startTestServer({ storage });
    try {
      // The session cookie still works: the secret was persisted in DATA_DIR and sessions in the database.
      const me = await api(second.baseUrl, '/api/me', { cookie });
      expect(me.status).toBe(200);
      expect(me.body.profile.industry).toBe('Real Estate');
      expect(await signIn(second.baseUrl, email, STRONG_PASSWORD)).toContain('citable.session_token=');
    } finally {
      await second.close();
    }
  });
});

describe('auth rate limits in the database', () => {
  it('limits failed sign-ins per address and account with 429 and Retry-After, across app instances on one database', async () => {
    const storage = await keptStorage();
    const rateLimits = { signInFailuresPerIpAndEmail: { limit: 3, windowMs: 15 * 60_000 } };
    const email = uniqueEmail('limited');
    const first = await startTestServer({ storage, rateLimits });
    await signUpVerified(first.baseUrl, { name: 'Rate Limited', email, password: STRONG_PASSWORD });
    // signUpVerified's sign-in succeeded, so it is not counted: three failures fit in the limit.
    for (let i = 0; i < 3; i++) expect((await api(first.baseUrl, '/api/auth/sign-in/email', { body: { email, password: 'Wrong-Password-123' } })).status).toBe(401);
    const refused = await api(first.baseUrl, '/api/auth/sign-in/email', { body: { email: email.toUpperCase(), password: STRONG_PASSWORD } });
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ code: 'RATE_LIMITED' });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(800);

    // A second instance on the same database (PGlite allows one process per folder, so on PGlite it
    // runs after the first; on PostgreSQL both run at once) sees the same counters.
    const concurrent = Boolean(storage.databaseUrl);
    if (!concurrent) await first.close();
    const second = await startTestServer({ storage, rateLimits });
    try {
      const stillRefused = await api(second.baseUrl, '/api/auth/sign-in/email', { body: { email, password: STRONG_PASSWORD } });
      expect(stillRefused.status).toBe(429);
      const otherUser = await api(second.baseUrl, '/api/auth/sign-in/email', { body: { email: uniqueEmail('other'), password: STRONG_PASSWORD } });
      expect(otherUser.status).toBe(401);
    } finally {
      await second.close();
      if (concurrent) await first.close();
    }
  });

  it('limits sign-ups per IP with the spec message', async () => {
    const server = await startTestServer({ rateLimits: { signUpPerIp: { limit: 2, windowMs: 10 * 60_000 } } });
    try {
      for (let i = 0; i < 2; i++) {
        const ok = await api(server.baseUrl, '/api/auth/sign-up/email', { body: { name: 'Many', email: uniqueEmail('many'), password: STRONG_PASSWORD } });
        expect(ok.status).toBe(200);
      }
      const refused = await api(server.baseUrl, '/api/auth/sign-up/email', { body: { name: 'Many', email: uniqueEmail('many'), password: STRONG_PASSWORD } });
      expect(refused.status).toBe(429);
      expect(refused.body.error).toBe('Too many signup attempts. Please wait a few minutes before trying again.');
      expect(refused.headers.get('retry-after')).toBeTruthy();
    } finally {
      await server.close();
    }
  });
});

describe('jobs', () => {
  it('enqueues a job with a validated payload and runs its handler', async () => {
    const server = await startTestServer();
    try {
      const handled: string[] = [];
      const job = {
        id: 'test-echo',
        payload: z.strictObject({ message: z.string() }),
        handler: async (payload: { message: string }) => {
          handled.push(payload.message);
        },
      };
      await server.app.jobs.define(job);
      await expect(server.app.jobs.send(job, { message: 42 } as never)).rejects.toThrow();
      const id = await server.app.jobs.send(job, { message: 'hello' });
      expect(id).toBeTruthy();
      await expect.poll(() => handled, { timeout: 15_000, interval: 100 }).toEqual(['hello']);
    } finally {
      await server.close();
    }
  });
});

describe('data folder lock', () => {
  it('a second server process on the same DATA_DIR refuses to start, naming the folder and the pid', async () => {
    // The lock guards PGlite: force the embedded driver even when the suite runs on PostgreSQL (a
    // copy of the migrated template, as on PGlite: a fresh folder's initdb alone could take the test's 30 s).
    const storage = await keptStorage({ driver: 'pglite' });
    const first = await startTestServer({ storage });
    try {
      const { command, args } = citableCommand('server');
      const child = spawn(command, args, {
        cwd: repoRoot,
        env: { ...process.env, DATA_DIR: storage.dataDir, PORT: '0', HOST: '127.0.0.1', DATABASE_URL: '', NODE_ENV: 'development' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout.on('data', (chunk) => (output += chunk));
      child.stderr.on('data', (chunk) => (output += chunk));
      // Should the lock fail to stop it, the child would listen forever: end it and fail below.
      const guard = setTimeout(() => child.kill('SIGKILL'), 20_000);
      const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
      clearTimeout(guard);
      expect(code).not.toBe(0);
      expect(output).toContain(storage.dataDir);
      expect(output).toContain(`pid ${process.pid}`);
      expect((await api(first.baseUrl, '/api/health')).status).toBe(200);
    } finally {
      await first.close();
    }
  });
});
