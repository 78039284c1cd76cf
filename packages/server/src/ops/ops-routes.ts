import { timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { readCacheMetricLines } from '../cache/read-cache-plugin';

const READY_TIMEOUT_MS = 2_000;

function withTimeout<T>(promise: Promise<T>, what: string): Promise<T> {
  return Promise.race([promise, new Promise<never>((_resolve, reject) => setTimeout(() => reject(new Error(`${what} did not answer within ${READY_TIMEOUT_MS} ms`)), READY_TIMEOUT_MS).unref())]);
}

interface QueueRow extends Record<string, unknown> {
  name: string;
  queued_count: number;
  active_count: number;
  failed_count: number;
  total_count: number;
}

/** pg-boss keeps per-queue counts in its queue table; reading it checks the job schema too. */
async function queueRows(app: FastifyInstance): Promise<QueueRow[]> {
  const result = await app.db.execute<QueueRow>(sql`select name, queued_count, active_count, failed_count, total_count from pgboss.queue order by name`);
  return (Array.isArray(result) ? result : (result as { rows: QueueRow[] }).rows) as QueueRow[];
}

function tokenMatches(header: string | undefined, token: string): boolean {
  const given = Buffer.from(/^Bearer\s+(\S+)$/i.exec(header ?? '')?.[1] ?? '');
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * GET /api/ready: the readiness probe (database answers `select 1`, the job queue's tables
 * answer), 503 with the failing part named. /api/health stays the liveness probe: it never
 * touches the database, so a database outage takes instances out of rotation without restarts.
 *
 * GET /metrics: Prometheus text format, behind `Authorization: Bearer $METRICS_TOKEN`;
 * without METRICS_TOKEN the route answers 404 as if it did not exist.
 */
export async function opsRoutes(app: FastifyInstance, options: { metricsToken: string | undefined }): Promise<void> {
  app.get('/api/ready', async (request, reply) => {
    const checks: Record<string, 'ok' | string> = {};
    try {
      await withTimeout(app.db.execute(sql`select 1`), 'The database');
      checks.database = 'ok';
    } catch (error) {
      checks.database = `unavailable: ${(error as Error).message}`;
    }
    if (checks.database === 'ok') {
      try {
        await withTimeout(queueRows(app), 'The job queue');
        checks.jobs = 'ok';
      } catch (error) {
        checks.jobs = `unavailable: ${(error as Error).message}`;
      }
    } else checks.jobs = 'unavailable: the database is down';
    const ready = Object.values(checks).every((value) => value === 'ok');
    if (!ready) {
      request.log.warn({ checks }, 'not ready');
      return reply.status(503).send({ status: 'unavailable', error: `Not ready: ${Object.entries(checks).filter(([, value]) => value !== 'ok').map(([name, value]) => `${name} ${value}`).join('; ')}`, checks });
    }
    return reply.send({ status: 'ready', checks });
  });

  app.get('/metrics', async (request, reply) => {
    if (!options.metricsToken) return reply.status(404).send({ error: 'Not found' });
    if (!tokenMatches(request.headers.authorization, options.metricsToken)) return reply.status(401).send({ error: 'Send Authorization: Bearer <METRICS_TOKEN>' });
    const extra: string[] = [];
    try {
      const rows = await withTimeout(queueRows(app), 'The job queue');
      extra.push('# HELP citable_job_queue_jobs Jobs in each pg-boss queue by state (shared by every process on this database).', '# TYPE citable_job_queue_jobs gauge');
      for (const row of rows) {
        for (const state of ['queued', 'active', 'failed', 'total'] as const) {
          extra.push(`citable_job_queue_jobs{queue="${row.name}",state="${state}"} ${Number(row[`${state}_count`])}`);
        }
      }
    } catch (error) {
      request.log.warn({ err: error }, 'queue counts unavailable for /metrics');
    }
    extra.push(...readCacheMetricLines(app.readCache));
    return reply.header('content-type', 'text/plain; version=0.0.4; charset=utf-8').send(await app.metrics.render(extra));
  });
}
