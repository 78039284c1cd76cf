import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { buildApp } from '../../packages/server/src/app';
import { loadConfig } from '../../packages/server/src/config';

/** The dashboard's read endpoints: what a signed-in user's home page requests. */
export const DASHBOARD_READS = ['/api/profile', '/api/audits', '/api/history', '/api/alerts', '/api/insights', '/api/activity?limit=10', '/api/history/trends'];

export interface LoadtestOptions {
  users: number;
  auditsPerUser: number;
  connections: number;
  durationSeconds: number;
  log?: (line: string) => void;
}

export interface LoadResult {
  label: string;
  requests: number;
  errors: number;
  non2xx: number;
  throughput: number;
  p50: number;
  p95: number;
  p99: number;
}

interface AutocannonInstance {
  on(event: 'response', listener: (client: unknown, statusCode: number, bytes: number, responseTime: number) => void): void;
  then: Promise<{ requests: { total: number }; errors: number; timeouts: number; non2xx: number }>['then'];
}
type Autocannon = (options: Record<string, unknown>) => AutocannonInstance;

const percentile = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : 0);

async function hammer(label: string, baseUrl: string, paths: string[], cookies: string[], options: LoadtestOptions): Promise<LoadResult> {
  const autocannon = (await import('autocannon' as string)).default as Autocannon;
  const times: number[] = [];
  let statusErrors = 0;
  // One request list per cookie, spread over the connections: every user reads their own dashboard.
  const requests = cookies.flatMap((cookie) => paths.map((pathname) => ({ method: 'GET', path: pathname, headers: { cookie } })));
  const instance = autocannon({ url: baseUrl, connections: options.connections, duration: options.durationSeconds, requests, timeout: 10 });
  instance.on('response', (_client, statusCode, _bytes, responseTime) => {
    times.push(responseTime);
    if (statusCode >= 400) statusErrors += 1;
  });
  const result = await instance;
  times.sort((a, b) => a - b);
  return {
    label,
    requests: result.requests.total,
    errors: result.errors + result.timeouts,
    non2xx: statusErrors,
    throughput: result.requests.total / options.durationSeconds,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
  };
}

async function json(baseUrl: string, pathname: string, init: { body?: unknown; cookie?: string } = {}) {
  const response = await fetch(`${baseUrl}${pathname}`, {
    method: init.body === undefined ? 'GET' : 'POST',
    headers: { origin: baseUrl, 'content-type': 'application/json', ...(init.cookie ? { cookie: init.cookie } : {}) },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
    redirect: 'manual',
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : null };
}

/** Users signed up and verified through the API, each with content audits through the audit function. */
async function seed(baseUrl: string, options: LoadtestOptions): Promise<string[]> {
  const cookies: string[] = [];
  const password = 'Lantern-Orchard-42-Quill';
  for (let i = 0; i < options.users; i += 1) {
    const email = `load-${i}-${Date.now()}@example.com`;
    const signUp = await json(baseUrl, '/api/auth/sign-up/email', { body: { name: `Load ${i}`, email, password } });
    if (signUp.status !== 200) throw new Error(`sign-up failed: ${signUp.status}`);
    const outbox = await json(baseUrl, `/api/dev/outbox?to=${encodeURIComponent(email)}`);
    const link = (outbox.body.messages as { links: string[] }[]).flatMap((message) => message.links).find((candidate) => candidate.includes('/verify-email'));
    await fetch(link!, { redirect: 'manual' });
    const signIn = await json(baseUrl, '/api/auth/sign-in/email', { body: { email, password } });
    const cookie = signIn.headers.getSetCookie().map((value) => value.split(';')[0]).filter((pair) => !pair.endsWith('=')).join('; ');
    await json(baseUrl, '/api/profile/onboarding', {
      cookie,
      body: { websites: [{ name: 'Site', url: `https://site-${i}.example.com` }], industry: 'Technology & Software', competitors: [{ name: 'Rival', url: 'https://rival.example.com' }], goals: ['increase_citations'] },
    });
    for (let a = 0; a < options.auditsPerUser; a += 1) {
      const content = `# Page ${a} of site ${i}\n\n${'Citable measures how answer engines read, retrieve and cite a website. '.repeat(10 + a)}`;
      const audit = await json(baseUrl, '/api/functions/ai-visibility-audit', { cookie, body: { content } });
      if (audit.status !== 200) throw new Error(`seed audit failed: ${audit.status} ${JSON.stringify(audit.body).slice(0, 200)}`);
    }
    cookies.push(cookie);
    if ((i + 1) % 10 === 0) options.log?.(`seeded ${i + 1}/${options.users} users`);
  }
  return cookies;
}

/**
 * Starts a server on a fresh database (PGlite in a temp folder, or DATABASE_URL), seeds it, then
 * measures the dashboard's reads against a bare route (/api/health) on the same server.
 */
export async function runLoadtest(options: LoadtestOptions): Promise<{ dashboard: LoadResult; baseline: LoadResult; seedSeconds: number }> {
  const log = options.log ?? (() => undefined);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'citable-loadtest-'));
  // PUBLIC_URL must name the port (better-auth checks Origin against it), so it is chosen first.
  const port = await freePort();
  const database = process.env.DATABASE_URL ? await freshDatabase(process.env.DATABASE_URL) : undefined;
  const config = loadConfig({
    ...process.env,
    DATABASE_URL: database?.url ?? '',
    NODE_ENV: 'development',
    PORT: String(port),
    DATA_DIR: dataDir,
    WEB_DIST_DIR: path.join(dataDir, 'none'),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    // The load is one client machine: the per-user/IP limiter would measure itself.
    RATE_LIMIT_PER_MINUTE: '0',
    RATE_LIMIT_EXPENSIVE_PER_MINUTE: '0',
  });
  const app = await buildApp(config, { logger: false, rateLimits: { signUpPerIp: { limit: 1_000_000, windowMs: 60_000 }, signInPerIp: { limit: 1_000_000, windowMs: 60_000 } } });
  try {
    await app.listen({ port, host: '127.0.0.1' });
    const baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const seedStarted = Date.now();
    log(`seeding ${options.users} users × ${options.auditsPerUser} audits`);
    const cookies = await seed(baseUrl, options);
    const seedSeconds = (Date.now() - seedStarted) / 1000;
    log(`seeded in ${seedSeconds.toFixed(1)} s; ${options.connections} connections for ${options.durationSeconds} s`);
    const baseline = await hammer('bare route /api/health', baseUrl, ['/api/health'], [''], options);
    const dashboard = await hammer('dashboard reads', baseUrl, DASHBOARD_READS, cookies, options);
    return { dashboard, baseline, seedSeconds };
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
    await database?.drop();
  }
}

/** On PostgreSQL the load test gets a database of its own, dropped afterwards: never the one named. */
async function freshDatabase(serverUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `citable_loadtest_${randomBytes(6).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`drop database if exists ${name} with (force)`) };
}

async function freePort(): Promise<number> {
  const { createServer } = await import('node:net');
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}
