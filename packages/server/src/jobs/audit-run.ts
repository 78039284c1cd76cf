import { z } from 'zod';
import type { JobDefinition } from '../plugins/jobs';
import { executeRun, type AuditDeps } from '../services/audits/lifecycle';

const payload = z.strictObject({ runId: z.uuid(), userId: z.string().min(1) });

/**
 * A site or page audit in the background. Retries only matter when a worker dies mid-crawl (the
 * handler fails runs itself otherwise), and a large crawl may take a while, hence the long expiry.
 */
export function auditRunJob(deps: AuditDeps): JobDefinition<typeof payload> {
  return {
    id: 'audit-run',
    payload,
    queue: { retryLimit: 2, retryDelay: 30, retryBackoff: true, expireInSeconds: 3600 },
    handler: ({ runId, userId }) => executeRun(deps, userId, runId),
  };
}
