import fp from 'fastify-plugin';
import type { ReportStorage } from '../reports';
import { rollupRoutes } from '../workspaces';
import { clientReportsJob } from './client-reports-job';
import { scheduleRoutes } from './schedule-routes';
import { sendDueClientReports, type ClientReportOutcome } from './send-client-reports';
import { shareLinkRoutes } from './share-links-routes';

export interface ClientReportsOptions {
  storage: ReportStorage;
  publicUrl: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Sends the client reports due at `now`; tests call it with a simulated clock instead of waiting for the cron. */
    sendClientReports(now: Date): Promise<ClientReportOutcome>;
  }
}

/**
 * Client reporting (issue #11): read-only share links to stored reports, each client's scheduled
 * report (routes and the hourly job), and the agency's roll-up of its clients.
 */
export const clientReportsPlugin = fp<ClientReportsOptions>(
  async (app, options) => {
    const deps = { db: app.db, storage: options.storage, mailer: app.mailer, publicUrl: options.publicUrl, log: app.log };
    await app.jobs.define(clientReportsJob(deps));
    app.decorate('sendClientReports', (now: Date) => sendDueClientReports(deps, now));
    await app.register(shareLinkRoutes, { storage: options.storage, publicUrl: options.publicUrl });
    await app.register(scheduleRoutes);
    await app.register(rollupRoutes);
  },
  { name: 'client-reports', dependencies: ['jobs', 'mail', 'auth', 'workspace-scope'] },
);
