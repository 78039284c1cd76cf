import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { startFakeApi, sendJson, type FakeApi } from './fake-api';
import { closedPort } from './local-site';
import { runCitable } from './run-citable';

const KEY = 'ck_live_secretsecretsecret';
const PAGE = 'https://example.com/pricing';
let api: FakeApi | undefined;
afterEach(async () => {
  await api?.close();
  api = undefined;
});

function expectOneLine(run: { code: number | null; stdout: string; stderr: string }, code = 2): string {
  expect(run.code).toBe(code);
  expect(run.stdout).toBe('');
  expect(run.stderr.trimEnd().split('\n')).toHaveLength(1);
  // The key is never printed, whatever went wrong.
  expect(run.stderr).not.toContain('secret');
  return run.stderr;
}

describe('citable audit in remote mode: failures of the server or the way to it', () => {
  it('reads RFC 9457 problem details (detail over error) and says what to do for 401, 403 and 5xx', async () => {
    const problems: Record<string, [number, object]> = {
      '/401': [401, { type: 'about:blank', title: 'Unauthorized', status: 401, detail: 'Invalid or revoked API key.', error: 'old text' }],
      '/403': [403, { error: 'Your plan does not include this.' }],
      '/500': [500, { type: 'about:blank', title: 'Internal Server Error', status: 500 }],
    };
    api = await startFakeApi((request, response) => {
      const [status, body] = problems[request.url!.replace('/api/v1/audits', '')];
      sendJson(response, status, body);
    });
    const run = (base: string) => runCitable(['audit', PAGE, '--server', `${api!.origin}${base}`], { CITABLE_API_KEY: KEY });
    const [unauthorized, forbidden, crashed] = await Promise.all([run('/401'), run('/403'), run('/500')]);
    expect(expectOneLine(unauthorized)).toBe(`citable: the Citable server at ${api.origin}/401 refused the API key (401 Unauthorized: Invalid or revoked API key.); check CITABLE_API_KEY or create a key in Settings > API keys\n`);
    expect(expectOneLine(forbidden)).toBe(`citable: the Citable server at ${api.origin}/403 refused the audit (403 Forbidden: Your plan does not include this.)\n`);
    expect(expectOneLine(crashed)).toBe(`citable: the Citable server at ${api.origin}/500 failed (500 Internal Server Error); try again later\n`);
    // The key went as a Bearer token, to the public API's audits endpoint.
    expect(api.requests.map((request) => [request.method, request.authorization])).toEqual(Array(3).fill(['POST', `Bearer ${KEY}`]));
  });

  it('names Retry-After on a 429, and the address when the server cannot be reached', async () => {
    api = await startFakeApi((_request, response) => sendJson(response, 429, { error: 'Rate limit exceeded. Retry in 42 seconds.' }, { 'retry-after': '42' }));
    const limited = await runCitable(['audit', PAGE], { CITABLE_API_KEY: KEY, CITABLE_SERVER: api.origin });
    expect(expectOneLine(limited)).toBe(`citable: the Citable server at ${api.origin} is rate limiting this key (429 Too Many Requests: Rate limit exceeded. Retry in 42 seconds.); retry after 42 s\n`);
    const port = await closedPort();
    const down = await runCitable(['audit', PAGE], { CITABLE_API_KEY: KEY, CITABLE_SERVER: `http://127.0.0.1:${port}` });
    expect(expectOneLine(down)).toBe(`citable: could not reach the Citable server at http://127.0.0.1:${port} (ECONNREFUSED); check --server or CITABLE_SERVER\n`);
  });

  it('refuses what remote mode cannot do before calling the server', async () => {
    const [file, skip, badServer] = await Promise.all([
      runCitable(['audit', 'README.md', '--server', 'http://127.0.0.1:9'], { CITABLE_API_KEY: KEY }),
      runCitable(['audit', PAGE, '--skip', 'llms-txt', '--server', 'http://127.0.0.1:9'], { CITABLE_API_KEY: KEY }),
      runCitable(['audit', PAGE, '--server', 'citable.example.com'], { CITABLE_API_KEY: KEY }),
    ]);
    expect(expectOneLine(file)).toMatch(/^citable: remote mode audits URLs, not files \(.*README\.md\); unset CITABLE_API_KEY/);
    expect(expectOneLine(skip)).toContain('--skip does not apply in remote mode');
    expect(expectOneLine(badServer)).toBe('citable: --server must be an http(s) URL such as https://citable.example.com, not "citable.example.com"\n');
  });

  it('stops cleanly on Ctrl-C while the audit runs, saying where it carries on', async () => {
    api = await startFakeApi((request, response) => {
      const run = { id: 'run-1', status: 'running', scope: 'page', website_url: PAGE, progress: { done: 0, total: 1 }, created_at: new Date().toISOString() };
      sendJson(response, request.method === 'POST' ? 202 : 200, run);
    });
    const bin = fileURLToPath(new URL('../bin/citable.mjs', import.meta.url));
    const child = spawn(process.execPath, [bin, 'audit', PAGE], { env: { ...process.env, CITABLE_API_KEY: KEY, CITABLE_SERVER: api.origin }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const exited = new Promise<number | null>((resolve) => child.once('close', resolve));
    // Interrupted once it polls: the audit was queued and is being followed.
    await expect.poll(() => api!.requests.some((request) => request.method === 'GET'), { timeout: 60_000 }).toBe(true);
    child.kill('SIGINT');
    expect(expectOneLine({ code: await exited, stdout, stderr }, 130)).toBe(`citable: interrupted; audit run-1 of ${PAGE} carries on on the server and will be in the dashboard's history\n`);
    expect(api.requests[1]).toMatchObject({ method: 'GET', path: '/api/v1/audits/run-1' });
  });
});
