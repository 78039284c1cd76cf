import { existsSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { ServiceStatus } from '@citable/contract';
import type { Db } from '../../db/client';

export interface CheckOutcome {
  status: ServiceStatus;
  detail: string;
}

/** One component of this installation and how to find out whether it works. */
export interface HealthCheck {
  id: string;
  name: string;
  group: string;
  /** Whether the measured time of run() is meaningful to show (a timed round trip). */
  timed: boolean;
  run(signal: AbortSignal): Promise<CheckOutcome>;
}

export const GROUPS = { platform: 'Platform', data: 'Data and jobs', services: 'Connected services' } as const;

const ok = (detail: string): CheckOutcome => ({ status: 'operational', detail });

export function webCheck(distDir: string): HealthCheck {
  return {
    id: 'web',
    name: 'Web app',
    group: GROUPS.platform,
    timed: false,
    async run() {
      if (existsSync(path.join(distDir, 'index.html'))) return ok('The built web app is present and served.');
      return { status: 'major_outage', detail: 'The web app is not built, so only the API answers.' };
    },
  };
}

/** The process answering this request is the API; the event-loop delay shows how busy it is. */
export function apiCheck(): HealthCheck {
  return {
    id: 'api',
    name: 'API',
    group: GROUPS.platform,
    timed: true,
    async run() {
      await new Promise((resolve) => setImmediate(resolve));
      return ok(`Answering requests; up for ${Math.round(process.uptime() / 60)} min.`);
    },
  };
}

export function databaseCheck(db: Db): HealthCheck {
  return {
    id: 'database',
    name: 'Database',
    group: GROUPS.data,
    timed: true,
    async run() {
      await db.execute(sql`select 1`);
      return ok('Answers queries.');
    },
  };
}

export function jobQueueCheck(db: Db): HealthCheck {
  return {
    id: 'jobs',
    name: 'Job queue',
    group: GROUPS.data,
    timed: true,
    async run() {
      // pg-boss keeps per-queue counters in its own schema of the same database.
      const result = await db.execute(
        sql`select count(*)::int as queues, coalesce(sum(queued_count), 0)::int as queued, coalesce(sum(active_count), 0)::int as active from pgboss.queue`,
      );
      const row = (result as unknown as { rows: { queues: number; queued: number; active: number }[] }).rows[0];
      return ok(`${row.queues} queues, ${row.queued} jobs waiting, ${row.active} running.`);
    },
  };
}

export function mailCheck(smtpUrl: string | undefined, isProduction: boolean): HealthCheck {
  return {
    id: 'mail',
    name: 'E-mail',
    group: GROUPS.services,
    timed: Boolean(smtpUrl),
    async run() {
      if (!smtpUrl) {
        if (isProduction) return { status: 'partial_outage', detail: 'SMTP_URL is not set: e-mail is written to the log, not delivered.' };
        return ok('Development outbox (SMTP_URL is not set); nothing is delivered.');
      }
      const transport = nodemailer.createTransport(smtpUrl);
      try {
        await transport.verify();
        return ok('The SMTP server accepts connections and credentials.');
      } finally {
        transport.close();
      }
    },
  };
}

/** An HTTP GET whose answer says whether a provider accepts this installation's key. */
function providerCheck(id: string, name: string, request: { url: string; headers: Record<string, string> }): HealthCheck {
  return {
    id,
    name,
    group: GROUPS.services,
    timed: true,
    async run(signal) {
      const response = await fetch(request.url, { headers: request.headers, signal });
      await response.body?.cancel();
      if (response.ok) return ok(`${name} answers and accepts the configured key.`);
      if (response.status === 401 || response.status === 403) return { status: 'major_outage', detail: `${name} refuses the configured key (HTTP ${response.status}).` };
      if (response.status === 429) return { status: 'partial_outage', detail: `${name} is rate-limiting this installation (HTTP 429).` };
      return { status: response.status >= 500 ? 'major_outage' : 'partial_outage', detail: `${name} answered HTTP ${response.status}.` };
    },
  };
}

type Env = Record<string, string | undefined>;

/** Present only when an LLM provider is configured (DESIGN: absent means built-in engine only). */
export function llmCheck(env: Env): HealthCheck | undefined {
  const provider = env.LLM_PROVIDER?.trim();
  if (!provider) return undefined;
  const key = env.LLM_API_KEY?.trim();
  const base = env.LLM_BASE_URL?.trim().replace(/\/+$/, '');
  if (provider === 'anthropic') {
    return providerCheck('llm', 'LLM provider (Anthropic)', {
      url: `${base ?? 'https://api.anthropic.com/v1'}/models`,
      headers: { 'x-api-key': key ?? '', 'anthropic-version': '2023-06-01' },
    });
  }
  const name = `LLM provider (${provider})`;
  // Only OpenAI has a default address; Ollama, vLLM, LM Studio and OpenRouter need LLM_BASE_URL.
  if (!base && provider !== 'openai') {
    return { id: 'llm', name, group: GROUPS.services, timed: false, run: async () => ({ status: 'major_outage', detail: `LLM_BASE_URL is not set for ${provider}.` }) };
  }
  return providerCheck('llm', name, { url: `${base ?? 'https://api.openai.com/v1'}/models`, headers: key ? { authorization: `Bearer ${key}` } : {} });
}

/** Present only when Lemon Squeezy is configured; without it checkout is simply unavailable. */
export function billingCheck(env: Env): HealthCheck | undefined {
  const key = env.LEMONSQUEEZY_API_KEY?.trim();
  if (!key) return undefined;
  const base = env.LEMONSQUEEZY_API_URL?.trim().replace(/\/+$/, '') ?? 'https://api.lemonsqueezy.com';
  return providerCheck('billing', 'Billing (Lemon Squeezy)', {
    url: `${base}/v1/users/me`,
    headers: { authorization: `Bearer ${key}`, accept: 'application/vnd.api+json' },
  });
}
