import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { statusResponseSchema } from '@citable/contract';
import { apiCheck, billingCheck, databaseCheck, jobQueueCheck, llmCheck, mailCheck, webCheck, type HealthCheck } from './checks';
import { sharedChecks, statusReport } from './status-report';

export interface StatusRouteOptions {
  statusFile: string;
  webDistDir: string;
  smtpUrl: string | undefined;
  isProduction: boolean;
  /** Where the optional providers' settings are read (LLM_*, LEMONSQUEEZY_*). */
  env: Record<string, string | undefined>;
  /** Replaces the installation's checks (tests inject failing ones). */
  checks?: HealthCheck[];
}

// Long enough to absorb a burst of refreshes, short enough that the refresh button shows news.
const CHECKS_MAX_AGE_MS = 2000;

/** GET /api/status: the live state of this installation's components and the operator's incidents. */
export const statusRoutes: FastifyPluginAsyncZod<StatusRouteOptions> = async (app, options) => {
  const checks =
    options.checks ??
    [
      webCheck(options.webDistDir),
      apiCheck(),
      databaseCheck(app.db),
      jobQueueCheck(app.db),
      mailCheck(options.smtpUrl, options.isProduction),
      llmCheck(options.env),
      billingCheck(options.env),
    ].filter((check): check is HealthCheck => check !== undefined);
  const live = sharedChecks(checks, CHECKS_MAX_AGE_MS);

  app.get('/api/status', { schema: { response: { 200: statusResponseSchema } } }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return statusReport(await live(), options.statusFile);
  });
};
