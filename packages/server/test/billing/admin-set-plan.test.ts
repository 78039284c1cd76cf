import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { citableCommand } from '../support/citable-bundle';
import { api, createTestStorage, signIn, signUpVerified, startTestServer, STRONG_PASSWORD, uniqueEmail, type TestServer, type TestStorage } from '../helpers';

// The CLI from the test run's bundle (support/citable-bundle.ts); packages/cli/test covers its bin script.
const CITABLE = citableCommand('citable');

function citable(args: string[], env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  return new Promise((resolve, reject) => {
    const child = spawn(CITABLE.command, [...CITABLE.args, ...args], { env: { ...inherited, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
}

let storage: TestStorage;
let server: TestServer | undefined;
let email: string;
let databaseEnv: Record<string, string>;

beforeAll(async () => {
  storage = await createTestStorage();
  server = await startTestServer({ storage });
  email = uniqueEmail('admin');
  await signUpVerified(server.baseUrl, { name: 'Self Hoster', email, password: STRONG_PASSWORD });
  databaseEnv = { DATA_DIR: storage.dataDir, ...(storage.databaseUrl ? { DATABASE_URL: storage.databaseUrl } : {}) };
});
afterAll(async () => {
  await server?.close();
  await storage?.remove();
});

describe('citable admin set-plan', () => {
  it('refuses bad arguments with one line and exit 2', async () => {
    expect(await citable(['admin', 'set-plan', email, 'platinum'], databaseEnv)).toMatchObject({ code: 2, stderr: expect.stringContaining('unknown plan "platinum"') });
    expect(await citable(['admin', 'set-plan', email], databaseEnv)).toMatchObject({ code: 2 });
    expect(await citable(['admin', 'promote'], databaseEnv)).toMatchObject({ code: 2, stderr: expect.stringContaining('unknown admin command') });
  });

  it.runIf(!process.env.DATABASE_URL)('refuses while the server holds the embedded database, then works once it is stopped', async () => {
    const refused = await citable(['admin', 'set-plan', email, 'pro'], databaseEnv);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('Stop the server first, or run with DATABASE_URL');
    await server!.close();
    server = undefined;

    const done = await citable(['admin', 'set-plan', email.toUpperCase(), 'pro'], databaseEnv);
    expect(done).toMatchObject({ code: 0, stdout: `${email.toUpperCase()}: plan Free -> Pro\n` });
    expect(await citable(['admin', 'set-plan', 'nobody@example.com', 'pro'], databaseEnv)).toMatchObject({ code: 2, stderr: expect.stringContaining('no account with the e-mail address') });

    server = await startTestServer({ storage });
    const cookie = await signIn(server.baseUrl, email, STRONG_PASSWORD);
    expect((await api(server.baseUrl, '/api/profile', { cookie })).body).toMatchObject({ plan: 'pro', subscription_status: 'active' });
  });

  it.runIf(Boolean(process.env.DATABASE_URL))('works with DATABASE_URL while the server runs; the next request sees the plan', async () => {
    const cookie = await signIn(server!.baseUrl, email, STRONG_PASSWORD);
    expect(await citable(['admin', 'set-plan', email, 'agency'], databaseEnv)).toMatchObject({ code: 0 });
    expect((await api(server!.baseUrl, '/api/profile', { cookie })).body.plan).toBe('agency');
  });
});
