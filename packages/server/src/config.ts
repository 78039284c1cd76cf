import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { readApiAnonymousRateLimit, readApiRateLimit } from './settings/api-rate-limit';
import { readCitationSourceSettings, type CitationSourceSettings } from './settings/citation-sources';
import { readLlmSettings, type LlmSettings } from './settings/llm';
import { loadBillingConfig, type BillingConfig } from './settings/billing';
import { readReportStorageSettings, type ReportStorageSettings } from './settings/report-storage';
import { resolveCredentialsKey } from './settings/cms-credentials-key';
import { readCmsApiSettings, type CmsApiSettings } from './settings/cms-apis';
import { readRateLimitSettings, type RateLimitSettings } from './ops/rate-limit';
import { readWebhookSettings, type WebhookSettings } from './settings/webhooks';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  /**
   * The address users reach: PUBLIC_URL, or else the origin the server listens on
   * (`listeningOrigin(host, port)`). Before `listen()` with PORT=0 the port is not known yet:
   * server.ts picks the port first, and the public site reads the effective value at request
   * time (`app.publicUrl()`, web/public-url.ts).
   */
  publicUrl: string;
  /** Whether PUBLIC_URL was set; when not, publicUrl follows the address the server listens on. */
  publicUrlSet: boolean;
  authSecret: string;
  nodeEnv: string;
  isProduction: boolean;
  /** Client IPs (for rate limits) come from X-Forwarded-For only behind a trusted proxy. */
  trustProxy: boolean | string;
  /** Folder of the built web app; absent in API-only runs. */
  webDistDir: string;
  /** Lemon Squeezy (LEMONSQUEEZY_*); every field unset means no billing provider. */
  billing: BillingConfig;
  /** Private hosts audits may reach anyway (FETCH_ALLOW_HOSTS, e.g. `127.0.0.1` for local development and tests). */
  fetchAllowHosts: string[];
  /** Where contact-form messages are sent (CONTACT_EMAIL); unset, they are only stored. */
  contactEmail: string | undefined;
  /** The operator's incidents and maintenance for /status (STATUS_FILE, default status.yaml at the repository root). */
  statusFile: string;
  /** The optional LLM provider (LLM_PROVIDER, LLM_MODEL, LLM_API_KEY, LLM_BASE_URL); null means built-in engine only. */
  llm: LlmSettings | null;
  /** The Citation Tracker's sources (PERPLEXITY_API_KEY, HN_SEARCH_URL, REDDIT_SEARCH_URL, BRAVE_API_KEY, ...). */
  citationSources: CitationSourceSettings;
  /** Report files: DATA_DIR/reports, or S3 (S3_BUCKET, S3_ENDPOINT, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, S3_REGION). */
  reportStorage: ReportStorageSettings;
  /** AES-256 key of stored CMS credentials (CREDENTIALS_KEY; generated into DATA_DIR outside production). */
  credentialsKey: Buffer;
  /** Webflow's and Contentful's API addresses (WEBFLOW_API_URL, CONTENTFUL_API_URL): a proxy, or a fake in tests. */
  cmsApis: CmsApiSettings;
  /** Requests per minute of each public API key (API_RATE_LIMIT_PER_MINUTE, default 60). */
  apiRateLimitPerMinute: number;
  /** Requests per minute per address to /api/v1 and /api/mcp without a valid key (API_ANONYMOUS_PER_MINUTE, default 60; 0 = off). */
  apiAnonymousPerMinute: number;
  /** Per user/IP request limits of the API (RATE_LIMIT_PER_MINUTE, RATE_LIMIT_EXPENSIVE_PER_MINUTE; ops/rate-limit). */
  rateLimit: RateLimitSettings;
  /** JOBS=off: this process sends jobs but handles none, for an API next to dedicated workers (npm run worker). */
  jobsEnabled: boolean;
  /** JOB_SCHEDULES=off: no cron schedules (tests drive scheduled work themselves, on an injected clock). */
  schedulesEnabled: boolean;
  /** Bearer token of GET /metrics (METRICS_TOKEN); unset, /metrics answers 404. */
  metricsToken: string | undefined;
  /** Port of a dedicated worker's metrics-only listener (METRICS_PORT, default 9464), opened when METRICS_TOKEN is set; the API serves /metrics on PORT. */
  metricsPort: number;
  /** How long SIGTERM waits for in-flight requests and running jobs (SHUTDOWN_TIMEOUT_SECONDS, default 25). */
  shutdownTimeoutMs: number;
  /**
   * How long the in-process caches of sessions and dashboard answers may serve an entry that no
   * change invalidated (READ_CACHE_SECONDS, default 60; 0 turns them off). Changes invalidate at
   * once; the age only bounds what time alone changes (src/cache).
   */
  readCacheSeconds: number;
  /**
   * How soon the jobs of a process that died come back to the queue: a running job beats every
   * heartbeatSeconds / 2 (JOB_HEARTBEAT_SECONDS, default 20, pg-boss's minimum is 10), and a job
   * whose beat stopped is failed back by the next supervise pass (JOB_SUPERVISE_INTERVAL_SECONDS,
   * default 15). The fault tests shorten both so a kill is recovered from in seconds.
   */
  jobTiming: JobTiming;
  /** The audit engine's worker threads and how many audit jobs a process runs at once (AUDIT_THREADS, AUDIT_JOB_CONCURRENCY, AUDIT_WORKER_HEAP_MB). */
  auditEngine: AuditEngineSettings;
  /** Outgoing webhooks' retry delay (WEBHOOK_RETRY_DELAY_SECONDS). */
  webhooks: WebhookSettings;
}

/**
 * Audits (features/audits/engine). The engine's CPU work (parsing and checking a fetched page or
 * pasted content) runs on a pool of worker threads in each process, so the event loop that answers
 * requests only fetches and saves; the jobs around it are mostly network waits.
 *
 * - `threads` (AUDIT_THREADS, 1-64): engine worker threads, one started with the app and the rest
 *   when audits wait for one. Default: the cores (os.availableParallelism) less one for the event
 *   loop, between 1 and 4 (as the CLI's crawl).
 * - `jobConcurrency` (AUDIT_JOB_CONCURRENCY, 1-256): `audit-run` jobs one process runs at once, and
 *   about as many `audit-page` jobs (batches of 4). Default: twice the cores, between 2 and 16: a
 *   job mostly waits on the site, so more jobs than cores keep the engine threads fed, while each
 *   holds a page (up to 5 MB) and a few connections.
 * - `heapMb` (AUDIT_WORKER_HEAP_MB, 64-16384, default 1024): each engine thread's heap ceiling. A page
 *   that needs more fails alone ("needed more memory than an audit may use") and the thread is
 *   replaced; the largest page the fetcher accepts (5 MB of dense markup) needs about 340 MB.
 */
export interface AuditEngineSettings {
  threads: number;
  jobConcurrency: number;
  heapMb: number;
}

/** AUDIT_THREADS' default: the cores less one, between 1 and 4. */
export function defaultAuditThreads(cores = availableParallelism()): number {
  return Math.max(1, Math.min(4, cores - 1));
}

/** AUDIT_JOB_CONCURRENCY's default: twice the cores, between 2 and 16. */
export function defaultAuditJobConcurrency(cores = availableParallelism()): number {
  return Math.max(2, Math.min(16, cores * 2));
}

export const DEFAULT_AUDIT_WORKER_HEAP_MB = 1024;

export interface JobTiming {
  heartbeatSeconds: number;
  superviseIntervalSeconds: number;
}

export class ConfigError extends Error {}

type Env = Record<string, string | undefined>;

const repoRoot = path.resolve(import.meta.dirname, '../../..');

function parsePort(value: string | undefined, name = 'PORT'): number {
  if (value === undefined || value === '') return 3000;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new ConfigError(`${name} must be an integer between 0 and 65535, got "${value}"`);
  return port;
}

/**
 * 25 s fits inside Kubernetes' default 30 s between SIGTERM and SIGKILL, with a margin for closing
 * the database (`docker stop` waits only 10 s unless given `-t`).
 */
function parseShutdownTimeout(value: string | undefined): number {
  if (value === undefined || value === '') return 25_000;
  const seconds = Number(value);
  if (!Number.isFinite(seconds) || seconds < 1 || seconds > 3600) throw new ConfigError(`SHUTDOWN_TIMEOUT_SECONDS must be a number of seconds between 1 and 3600, got "${value}"`);
  return Math.round(seconds * 1000);
}

function parseReadCacheSeconds(value: string | undefined): number {
  if (value === undefined || value === '') return 60;
  const seconds = Number(value);
  if (!Number.isInteger(seconds) || seconds < 0 || seconds > 3600) throw new ConfigError(`READ_CACHE_SECONDS must be a whole number of seconds between 0 and 3600, got "${value}"`);
  return seconds;
}

function parseJobTiming(env: Env): JobTiming {
  const read = (name: string, fallback: number, min: number, max: number): number => {
    const value = env[name];
    if (value === undefined || value === '') return fallback;
    const seconds = Number(value);
    if (!Number.isInteger(seconds) || seconds < min || seconds > max) throw new ConfigError(`${name} must be a whole number of seconds between ${min} and ${max}, got "${value}"`);
    return seconds;
  };
  return { heartbeatSeconds: read('JOB_HEARTBEAT_SECONDS', 20, 10, 3600), superviseIntervalSeconds: read('JOB_SUPERVISE_INTERVAL_SECONDS', 15, 1, 3600) };
}

function parseAuditEngine(env: Env): AuditEngineSettings {
  const read = (name: string, fallback: number, min: number, max: number): number => {
    const value = env[name];
    if (value === undefined || value === '') return fallback;
    const number = Number(value);
    if (!Number.isInteger(number) || number < min || number > max) throw new ConfigError(`${name} must be a whole number between ${min} and ${max}, got "${value}"`);
    return number;
  };
  return {
    threads: read('AUDIT_THREADS', defaultAuditThreads(), 1, 64),
    jobConcurrency: read('AUDIT_JOB_CONCURRENCY', defaultAuditJobConcurrency(), 1, 256),
    heapMb: read('AUDIT_WORKER_HEAP_MB', DEFAULT_AUDIT_WORKER_HEAP_MB, 64, 16_384),
  };
}

/**
 * Outside production a missing secret is generated once and kept in the data folder, so sessions
 * survive restarts without any set-up; production must be configured explicitly.
 */
function resolveSecret(env: Env, dataDir: string, isProduction: boolean): string {
  const fromEnv = env.BETTER_AUTH_SECRET;
  if (fromEnv) {
    if (fromEnv.length < 32) throw new ConfigError('BETTER_AUTH_SECRET must be at least 32 characters long.');
    return fromEnv;
  }
  if (isProduction) {
    throw new ConfigError('BETTER_AUTH_SECRET is not set. Set it to a random string of at least 32 characters (e.g. `openssl rand -base64 32`) before starting in production.');
  }
  const file = path.join(dataDir, 'secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret + '\n', { mode: 0o600 });
  return secret;
}

/** Reads the environment once; every other module receives the resulting object. */
export function loadConfig(env: Env = process.env): Config {
  const nodeEnv = env.NODE_ENV || 'development';
  const isProduction = nodeEnv === 'production';
  const port = parsePort(env.PORT);
  const dataDir = path.resolve(env.DATA_DIR || './data');
  // TRUST_PROXY=true trusts any proxy; a comma-separated list of addresses/CIDRs trusts only those.
  const proxy = env.TRUST_PROXY ?? '';
  const host = env.HOST || '0.0.0.0';
  const publicUrl = (env.PUBLIC_URL || listeningOrigin(host, port)).replace(/\/+$/, '');
  if (!URL.canParse(publicUrl) || !/^https?:$/.test(new URL(publicUrl).protocol)) {
    throw new ConfigError(`PUBLIC_URL must be an absolute http(s) URL such as https://citable.example.com, got "${publicUrl}"`);
  }
  const contactEmail = env.CONTACT_EMAIL?.trim() || undefined;
  if (contactEmail && !/^[^\s@]+@[^\s@]+$/.test(contactEmail)) throw new ConfigError(`CONTACT_EMAIL must be an e-mail address, got "${contactEmail}"`);
  return {
    port,
    host,
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || 'Citable <no-reply@localhost>',
    publicUrl,
    publicUrlSet: Boolean(env.PUBLIC_URL),
    authSecret: resolveSecret(env, dataDir, isProduction),
    nodeEnv,
    isProduction,
    trustProxy: proxy === '' || proxy === 'false' ? false : proxy === 'true' ? true : proxy,
    webDistDir: env.WEB_DIST_DIR ? path.resolve(env.WEB_DIST_DIR) : path.join(repoRoot, 'packages/web/dist'),
    billing: loadBillingConfig(env, isProduction, (message) => new ConfigError(message)),
    fetchAllowHosts: (env.FETCH_ALLOW_HOSTS ?? '').split(/[\s,]+/).filter((host) => host !== ''),
    contactEmail,
    statusFile: env.STATUS_FILE ? path.resolve(env.STATUS_FILE) : path.join(repoRoot, 'status.yaml'),
    llm: readLlmSettings(env, (message) => new ConfigError(message)),
    citationSources: readCitationSourceSettings(env, publicUrl, (message) => new ConfigError(message)),
    reportStorage: readReportStorageSettings(env, dataDir, (message) => new ConfigError(message)),
    credentialsKey: resolveCredentialsKey(env, dataDir, isProduction, (message) => new ConfigError(message)),
    cmsApis: readCmsApiSettings(env, (message) => new ConfigError(message)),
    apiRateLimitPerMinute: readApiRateLimit(env, (message) => new ConfigError(message)),
    apiAnonymousPerMinute: readApiAnonymousRateLimit(env, nodeEnv, (message) => new ConfigError(message)),
    rateLimit: readRateLimitSettings(env, nodeEnv, (message) => new ConfigError(message)),
    jobsEnabled: !/^(off|false|0|no)$/i.test(env.JOBS ?? ''),
    schedulesEnabled: !/^(off|false|0|no)$/i.test(env.JOB_SCHEDULES ?? ''),
    metricsToken: env.METRICS_TOKEN || undefined,
    metricsPort: env.METRICS_PORT ? parsePort(env.METRICS_PORT, 'METRICS_PORT') : 9464,
    shutdownTimeoutMs: parseShutdownTimeout(env.SHUTDOWN_TIMEOUT_SECONDS),
    jobTiming: parseJobTiming(env),
    auditEngine: parseAuditEngine(env),
    readCacheSeconds: parseReadCacheSeconds(env.READ_CACHE_SECONDS),
    webhooks: readWebhookSettings(env, (message) => new ConfigError(message)),
  };
}

/**
 * The origin a server bound to `host` on `port` is reached at, PUBLIC_URL's default: a wildcard
 * bind (0.0.0.0, ::) is reached on this machine as localhost, any other host (127.0.0.1, ::1, a
 * name) by that host, an IPv6 address in brackets.
 */
export function listeningOrigin(host: string, port: number): string {
  const name = host === '' || host === '0.0.0.0' || host === '::' || host === '[::]' ? 'localhost' : host;
  const bracketed = name.includes(':') && !name.startsWith('[') ? `[${name}]` : name;
  return `http://${bracketed}:${port}`;
}

/**
 * The origins the app's own pages are served from, trusted by the CSRF guard and by better-auth
 * (its Origin check and its redirectTo/callbackURL checks). In production only PUBLIC_URL: a
 * page on the server's own machine at localhost is not the site users reach, and trusting it
 * would let anything served there act for them. Outside production, localhost and 127.0.0.1 on
 * the listening port too, since a developer opens either.
 */
export function trustedAppOrigins(publicUrl: string, port: number, isProduction: boolean): string[] {
  const own = new URL(publicUrl).origin;
  return isProduction ? [own] : [...new Set([own, `http://localhost:${port}`, `http://127.0.0.1:${port}`])];
}
