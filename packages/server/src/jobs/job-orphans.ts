import type { PGlite } from '@electric-sql/pglite';
import type { FastifyBaseLogger } from 'fastify';
import type { PgBoss } from 'pg-boss';

export const ORPHANED_JOB_MESSAGE = 'The process working this job stopped before finishing it (restarted after a crash).';

/**
 * Fails every job left `active` back to the queue, where pg-boss retries it after the queue's
 * retry delay (or dead-letters it when its retries are spent). Only for PGlite, where the data-folder
 * lock guarantees no other process can be working them; on PostgreSQL live workers may hold active
 * jobs, and a dead one's jobs are found by their stopped heartbeat instead.
 */
export async function requeueOrphanedJobs(boss: PgBoss, pglite: PGlite, log: FastifyBaseLogger): Promise<void> {
  const { rows } = await pglite.query<{ name: string; id: string }>("select name, id from pgboss.job where state = 'active'");
  const byQueue = new Map<string, string[]>();
  for (const row of rows) byQueue.set(row.name, [...(byQueue.get(row.name) ?? []), row.id]);
  for (const [name, ids] of byQueue) {
    await boss.fail(name, ids, { message: ORPHANED_JOB_MESSAGE });
    log.warn({ queue: name, jobs: ids.length }, 'jobs left active by a stopped process were put back on the queue');
  }
}
