import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import type { DevOutboxMessage } from '@citable/contract';
import { buildApp, type AppOptions } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import type { Db } from '../src/db/client';
import type { AuthRateLimits } from '../src/auth/auth-rate-limit';
import { pgliteTemplate, templateKey } from './support/pglite-template';

/** Where a test server keeps its data: a temp DATA_DIR, plus a fresh PostgreSQL database when DATABASE_URL is set. */
export interface TestStorage {
  dataDir: string;
  databaseUrl?: string;
  remove(): Promise<void>;
}

export interface TestServerOptions {
  /** Reuse another server's storage (restart tests); the caller then removes it. */
  storage?: TestStorage;
  /** Keep the storage when this server closes, to start another server on it. */
  keepStorage?: boolean;
  rateLimits?: Partial<AuthRateLimits>;
  /** Extra environment for loadConfig (NODE_ENV, WEB_DIST_DIR, ...). */
  env?: Record<string, string>;
  logger?: AppOptions['logger'];
}

export interface TestServer {
  baseUrl: string;
  app: FastifyInstance;
  db: Db;
  config: Config;
  storage: TestStorage;
  /** Mail kept in the dev outbox, newest first, optionally only to one address. */
  outbox(to?: string): Promise<DevOutboxMessage[]>;
  close(): Promise<void>;
}

const UNLIMITED = { limit: 1_000_000, windowMs: 60_000 };

/** Tests sign many users up from 127.0.0.1; only the rate-limit tests ask for real limits. */
export const GENEROUS_RATE_LIMITS: AuthRateLimits = {
  signInFailuresPerIpAndEmail: UNLIMITED,
  signInPerIp: UNLIMITED,
  signInSlowdown: { threshold: 1_000_000, windowMs: 60_000, stepMs: 0, maxDelayMs: 0 },
  signUpPerEmail: UNLIMITED,
  signUpPerIp: UNLIMITED,
  resetPerEmail: UNLIMITED,
  resetPerIp: UNLIMITED,
  verificationPerEmail: UNLIMITED,
  verificationPerIp: UNLIMITED,
  twoFactorPerIp: UNLIMITED,
};

// Any constant works; the same in every test worker, and distinct from the app's migration lock.
const POSTGRES_TEMPLATE_LOCK_KEY = 4_242_002;
let postgresTemplateName: Promise<string> | undefined;

/**
 * As the PGlite template (support/pglite-template.ts), on PostgreSQL: migrating an empty database and creating pg-boss's schema costs seconds
 * per test file (more on a busy machine), `create database ... template` a fraction of that. The
 * template database is built once per schema version on the server and kept across runs; the
 * templates of older versions are dropped when a new one is built.
 */
function postgresTemplate(serverUrl: string): Promise<string> {
  postgresTemplateName ??= buildPostgresTemplate(serverUrl).catch((error: unknown) => {
    postgresTemplateName = undefined;
    throw error;
  });
  return postgresTemplateName;
}

async function buildPostgresTemplate(serverUrl: string): Promise<string> {
  const name = `citable_template_${templateKey()}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    // Test files in parallel workers race for it: one builds, the others wait on the lock and find it built.
    await admin.query('select pg_advisory_lock($1)', [POSTGRES_TEMPLATE_LOCK_KEY]);
    const found = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) {
      const stale = await admin.query<{ datname: string }>(`select datname from pg_database where datname like 'citable\\_template\\_%'`);
      for (const { datname } of stale.rows) await admin.query(`drop database if exists ${datname} with (force)`);
      // Built under another name and renamed at the end, so an interrupted build is never taken for a template.
      const building = `citable_building_${randomBytes(6).toString('hex')}`;
      await admin.query(`create database ${building}`);
      try {
        const url = new URL(serverUrl);
        url.pathname = `/${building}`;
        const dataDir = mkdtempSync(path.join(tmpdir(), 'citable-postgres-building-'));
        try {
          const config = loadConfig({ NODE_ENV: 'test', PORT: '0', DATA_DIR: dataDir, WEB_DIST_DIR: path.join(dataDir, 'none'), JOB_SCHEDULES: 'off', DATABASE_URL: url.toString() });
          const app = await buildApp(config, { logger: false });
          await app.ready();
          await app.close();
        } finally {
          rmSync(dataDir, { recursive: true, force: true });
        }
        await admin.query(`alter database ${building} rename to ${name}`);
      } catch (error) {
        await admin.query(`drop database if exists ${building} with (force)`);
        throw error;
      }
    }
  } finally {
    await admin.query('select pg_advisory_unlock($1)', [POSTGRES_TEMPLATE_LOCK_KEY]).catch(() => undefined);
    await admin.end();
  }
  return name;
}

/** Storage on DATABASE_URL's server when it is set, or `driver: 'pglite'` for the embedded database whatever DATABASE_URL says. */
export async function createTestStorage(options: { driver?: 'pglite' } = {}): Promise<TestStorage> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'citable-test-'));
  const serverUrl = options.driver === 'pglite' ? undefined : process.env.DATABASE_URL;
  if (!serverUrl) {
    cpSync(await pgliteTemplate(), path.join(dataDir, 'pglite'), { recursive: true });
    return { dataDir, remove: async () => rmSync(dataDir, { recursive: true, force: true }) };
  }
  const template = await postgresTemplate(serverUrl);
  const name = `citable_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name} template ${template}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    dataDir,
    databaseUrl: url.toString(),
    async remove() {
      rmSync(dataDir, { recursive: true, force: true });
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/** A real server listening on 127.0.0.1 on a free port, with its own storage. */
export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const storage = options.storage ?? (await createTestStorage());
  const ownsStorage = !options.storage && !options.keepStorage;
  let app: FastifyInstance | undefined;
  try {
    // PUBLIC_URL must name the listening port (better-auth builds links and checks Origin with it),
    // so a free port is found before the app is built.
    const port = await freePort();
    const config = loadConfig({
      NODE_ENV: 'test',
      PORT: String(port),
      DATA_DIR: storage.dataDir,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      // API tests must not depend on whether packages/web has been built.
      WEB_DIST_DIR: path.join(storage.dataDir, 'no-web-dist'),
      // Cron would start monitoring audits in the middle of unrelated tests; tests tick it themselves.
      JOB_SCHEDULES: 'off',
      ...(storage.databaseUrl ? { DATABASE_URL: storage.databaseUrl } : {}),
      ...options.env,
    });
    app = await buildApp(config, { logger: options.logger ?? false, rateLimits: { ...GENEROUS_RATE_LIMITS, ...options.rateLimits } });
    await app.listen({ port, host: '127.0.0.1' });
    const baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const started = app;
    return {
      baseUrl,
      app: started,
      db: started.db,
      config,
      storage,
      async outbox(to) {
        const response = await fetch(`${baseUrl}/api/dev/outbox${to ? `?to=${encodeURIComponent(to)}` : ''}`);
        return ((await response.json()) as { messages: DevOutboxMessage[] }).messages;
      },
      async close() {
        await started.close();
        if (ownsStorage) await storage.remove();
      },
    };
  } catch (error) {
    await app?.close();
    if (ownsStorage) await storage.remove();
    throw error;
  }
}

/**
 * A port that is free now, for a server that is built before it listens (PUBLIC_URL names the
 * port). Chosen below Linux's ephemeral range (32768-60999): a port the kernel hands out for
 * `listen(0)` is also handed to outgoing connections, and one of those (another test's fetch,
 * a database connection) took it during the seconds the app takes to build (EADDRINUSE seen in
 * a full run beside other suites).
 */
export async function freePort(): Promise<number> {
  const { createServer } = await import('node:net');
  const tryPort = (port: number) =>
    new Promise<boolean>((resolve) => {
      const server = createServer();
      server.once('error', () => resolve(false));
      server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
    });
  for (let attempt = 0; attempt < 100; attempt++) {
    const port = 20_000 + Math.floor(Math.random() * 12_000);
    if (await tryPort(port)) return port;
  }
  throw new Error('no free port found between 20000 and 32000');
}

export interface JsonResponse<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

/** fetch with JSON in and out, the session cookie, and the Origin header better-auth's CSRF check wants. */
export async function api<T = any>(
  baseUrl: string,
  pathname: string,
  init: { method?: string; body?: unknown; rawBody?: string; cookie?: string; headers?: Record<string, string> } = {},
): Promise<JsonResponse<T>> {
  const headers: Record<string, string> = { origin: baseUrl, ...init.headers };
  if (init.cookie) headers.cookie = init.cookie;
  let body: string | undefined;
  if (init.rawBody !== undefined) body = init.rawBody;
  else if (init.body !== undefined) body = JSON.stringify(init.body);
  if (body !== undefined && !headers['content-type']) headers['content-type'] = 'application/json';
  const response = await fetch(`${baseUrl}${pathname}`, { method: init.method ?? (body === undefined ? 'GET' : 'POST'), headers, body, redirect: 'manual' });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    // Not JSON (HTML page, plain text): the raw text is the body.
  }
  return { status: response.status, body: parsed as T, headers: response.headers };
}

/** The `name=value` pairs of a response's Set-Cookie headers, as a Cookie request header. */
export function cookieHeader(headers: Headers): string {
  return headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .filter((pair) => !pair.endsWith('='))
    .join('; ');
}

export async function signIn(baseUrl: string, email: string, password: string): Promise<string> {
  const response = await api(baseUrl, '/api/auth/sign-in/email', { body: { email, password } });
  if (response.status !== 200) throw new Error(`sign-in failed: ${response.status} ${JSON.stringify(response.body)}`);
  return cookieHeader(response.headers);
}

export async function latestLink(baseUrl: string, to: string, pathPart: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/dev/outbox?to=${encodeURIComponent(to)}`);
  const { messages } = (await response.json()) as { messages: DevOutboxMessage[] };
  const link = messages.flatMap((message) => message.links).find((candidate) => candidate.includes(pathPart));
  if (!link) throw new Error(`no ${pathPart} link in the outbox for ${to}`);
  return link;
}

/** Signs a user up, follows the verification link from the dev outbox, signs in: the session's Cookie header. */
export async function signUpVerified(baseUrl: string, user: { name: string; email: string; password: string }): Promise<string> {
  const signUp = await api(baseUrl, '/api/auth/sign-up/email', { body: user });
  if (signUp.status !== 200) throw new Error(`sign-up failed: ${signUp.status} ${JSON.stringify(signUp.body)}`);
  const link = await latestLink(baseUrl, user.email, '/verify-email');
  const verified = await fetch(link, { redirect: 'manual' });
  if (verified.status >= 400) throw new Error(`verification failed: ${verified.status}`);
  return signIn(baseUrl, user.email, user.password);
}

let counter = 0;
/** A unique e-mail address per call, so tests sharing a server never collide. */
export function uniqueEmail(label = 'user'): string {
  counter += 1;
  return `${label}-${counter}-${randomBytes(3).toString('hex')}@example.com`;
}

export const STRONG_PASSWORD = 'Lantern-Orchard-42-Quill';
