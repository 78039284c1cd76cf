import { z } from 'zod';
import type { JobDefinition } from '../../jobs/jobs-plugin';
import { sendWeeklyDigests, type DigestDeps } from './send-digests';

const payload = z.object({});

/** Monday 08:00 UTC: the week just ended, read at the start of the next. */
export const WEEKLY_DIGEST_CRON = '0 8 * * 1';

export function weeklyDigestJob(deps: DigestDeps): JobDefinition<typeof payload> {
  return {
    id: 'weekly-digest',
    payload,
    // The default retries are safe: users already sent this week's digest are skipped.
    handler: () => sendWeeklyDigests(deps, new Date()),
    schedule: { cron: WEEKLY_DIGEST_CRON, payload: {} },
  };
}
