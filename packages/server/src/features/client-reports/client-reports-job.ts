import { z } from 'zod';
import type { JobDefinition } from '../../jobs/jobs-plugin';
import { sendDueClientReports, type ClientReportDeps } from './send-client-reports';

const payload = z.object({});

/** Hourly, a few minutes past: reports fall due at 08:00 UTC and go out in that hour. */
export const CLIENT_REPORTS_CRON = '5 * * * *';

export function clientReportsJob(deps: ClientReportDeps): JobDefinition<typeof payload> {
  return {
    id: 'client-reports',
    payload,
    // Retries are safe: each period's report is generated once and each recipient mailed at most once.
    queue: { retryLimit: 2, retryDelay: 60, expireInSeconds: 1800 },
    handler: () => sendDueClientReports(deps, new Date()),
    schedule: { cron: CLIENT_REPORTS_CRON, payload: {} },
  };
}
