import { z } from 'zod';
import type { Db } from '../db/client';
import type { JobDefinition } from '../jobs/jobs-plugin';
import { deleteExpiredRateLimits } from './auth-rate-limit';

const payload = z.strictObject({});

/** Every counter row outlives its window; this keeps the table to the attempts that still matter. */
export function authRateLimitCleanupJob(db: Db): JobDefinition<typeof payload> {
  return {
    id: 'auth-rate-limit-cleanup',
    payload,
    schedule: { cron: '17 * * * *', payload: {} },
    handler: async () => {
      await deleteExpiredRateLimits(db);
    },
  };
}
