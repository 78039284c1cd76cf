import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { MAX_BODY_BYTES } from '@citable/contract';
import { trustedAppOrigins, type Config } from './config';
import { auditRunJob } from './jobs/audit-run';
import { auditPageDeadLetterJob, auditPageJob } from './jobs/audit-page';
import { SafeFetcher } from '@citable/crawler';
import type { PageJobPayload } from './services/audits/crawl/site-crawl';
import { authRateLimitCleanupJob } from './jobs/auth-rate-limit-cleanup';
import { billingConfigured } from './billing/billing-config';
import { billingPlugin } from './billing/billing-plugin';
import { authPlugin } from './plugins/auth';
import { scopePlugin } from './workspaces/scope';
import { workspacesPlugin } from './workspaces/plugin';
import { dbPlugin } from './plugins/db';
import { llmPlugin } from './llm/plugin';
import { llmRoutes } from './llm/routes';
import { errorsPlugin } from './plugins/errors';
import { jobsPlugin } from './plugins/jobs';
import { interruptedWorkPlugin } from './plugins/interrupted-work';
import { mailPlugin } from './plugins/mail';
import { webPlugin } from './plugins/web';
import { activityRoutes } from './routes/activity';
import { auditFunctionRoutes } from './routes/audit-function';
import { citationRoutes } from './routes/citations';
import { auditRoutes } from './routes/audits';
import { configRoutes } from './routes/config';
import { contactRoutes } from './routes/contact';
import { devOutboxRoutes } from './routes/dev-outbox';
import { healthRoutes } from './routes/health';
import { meRoutes } from './routes/me';
import { profileRoutes } from './routes/profile';
import { reportRoutes } from './routes/reports';
import { reportGenerateJob } from './reports/generate-job';
import { createReportStorage } from './reports/storage';
import { statusRoutes, type StatusRouteOptions } from './routes/status';
import { toolFunctionRoutes } from './routes/tool-functions';
import { genieChatbotRoutes } from './routes/genie-chatbot';
import { aiContentGeneratorRoutes } from './routes/ai-content-generator';
import { contentOptimizerRoutes } from './routes/content-optimizer';
import { cmsRoutes } from './routes/cms';
import { whiteLabelRoutes } from './routes/white-label';
import { CREDENTIAL_LOG_PATHS } from './cms/log-redaction';
import { feedbackRoutes } from './routes/feedback';
import { publicApiPlugin } from './public-api/plugin';
import { mcpRoutes } from './mcp/mcp-routes';
import { playbookRoutes } from './routes/playbooks';
import { realtimeContentAnalysisRoutes } from './routes/real-time-content-analysis';
import { alertsAfterSave, trackPlugin } from './track/track-plugin';
import { digestPlugin } from './digest/digest-plugin';
import { clientReportsPlugin } from './client-reports/plugin';
import { loadStatusFile } from './services/status/status-file';
import { collectRoutes } from './ops/route-table';
import { limitJsonDepth } from './ops/json-depth';
import { sessionGate } from './ops/session-gate';
import { csrfGuard } from './ops/csrf';
import { registerRateLimit } from './ops/rate-limit';
import { readCachePlugin } from './plugins/read-cache';
import { echoRequestId, genReqId } from './ops/request-id';
import { collectMetrics } from './ops/metrics';
import { AccessLogController } from './ops/access-log';
import { opsRoutes } from './ops/ops-routes';
import { DEFAULT_AUTH_RATE_LIMITS, type AuthRateLimits } from './services/auth-rate-limit';

export interface AppOptions {
  /** Pino logger options, or false for silence (tests). */
  logger?: FastifyServerOptions['logger'];
  /** Overrides of the sign-in/sign-up limits (tests use generous ones except where the limit is tested). */
  rateLimits?: Partial<AuthRateLimits>;
  /** Replaces the status page's health checks (tests inject failing ones). */
  statusChecks?: StatusRouteOptions['checks'];
}

export type { Config } from './config';
export type { JobDefinition, JobRegistry } from './plugins/jobs';
export { logActivity } from './services/activity';
export { acquireDataDirLock, LockHeldError } from './lib/lock-file';
export { createDb, type Db, type DbHandle } from './db/client';
export { assertEntitled, currentPlan, requireArea, requireEntitlement, requirePlan, requireTool } from './billing/gates';

/** Builds the whole application without listening; server.ts listens, tests use any port. */
export async function buildApp(config: Config, options: AppOptions = {}): Promise<FastifyInstance> {
  // A malformed status file stops start-up before anything opens, naming the file and the problem.
  loadStatusFile(config.statusFile);
  const logger = options.logger ?? { level: config.isProduction ? 'info' : 'debug' };
  const app = Fastify({
    // Stored CMS credentials must never reach a log line, whoever configures the logger.
    logger: typeof logger === 'object' ? { redact: { paths: CREDENTIAL_LOG_PATHS, censor: '[redacted]' }, ...logger } : logger,
    bodyLimit: MAX_BODY_BYTES,
    trustProxy: config.trustProxy,
    // Opening the embedded database and applying migrations can take tens of seconds on a busy
    // machine; Fastify's 10 s default would abort a healthy start-up.
    pluginTimeout: 120_000,
    // An incoming X-Request-Id of safe shape is kept (ops/request-id), echoed in the response.
    genReqId,
    requestIdHeader: false,
    // One line per request instead of Fastify's two (ops/access-log).
    logController: new AccessLogController(),
  });
  collectRoutes(app);
  limitJsonDepth(app);
  sessionGate(app);
  echoRequestId(app);
  collectMetrics(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(errorsPlugin);
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Radix and Recharts set inline style attributes; scripts stay strict.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        upgradeInsecureRequests: config.isProduction ? [] : null,
      },
    },
    // HSTS only makes sense once the site is served over HTTPS, i.e. in production.
    strictTransportSecurity: config.isProduction,
    frameguard: { action: 'deny' },
  });
  await app.register(fastifyCookie);
  csrfGuard(app, trustedAppOrigins(config.publicUrl, config.port, config.isProduction));
  await registerRateLimit(app, config.rateLimit);

  await app.register(dbPlugin, { dataDir: config.dataDir, databaseUrl: config.databaseUrl });
  await app.register(readCachePlugin, { maxAgeSeconds: config.readCacheSeconds });
  await app.register(llmPlugin, { settings: config.llm });
  await app.register(mailPlugin, { smtpUrl: config.smtpUrl, from: config.mailFrom, isProduction: config.isProduction });
  await app.register(authPlugin, {
    secret: config.authSecret,
    publicUrl: config.publicUrl,
    port: config.port,
    isProduction: config.isProduction,
    rateLimits: { ...DEFAULT_AUTH_RATE_LIMITS, ...options.rateLimits },
  });
  // app.requireOwner: the acting scope (own account or a workspace client) of every data route.
  await app.register(scopePlugin);
  await app.register(jobsPlugin, { work: config.jobsEnabled, schedules: config.schedulesEnabled, drainTimeoutMs: config.shutdownTimeoutMs, ...config.jobTiming });
  // After a crash: audit runs and reports that no job will ever finish are failed, not left spinning.
  await app.register(interruptedWorkPlugin);
  await app.jobs.define(authRateLimitCleanupJob(app.db));
  const auditDeps = { db: app.db, allowHosts: config.fetchAllowHosts, log: app.log, afterSave: alertsAfterSave(app.db) };
  // A site audit's coordinator and its page jobs send page jobs; the definition is read when they run.
  // Page jobs share one fetcher (connection pool) per process, closed with the app once running
  // page jobs have drained (closing it earlier would cut their requests on SIGTERM).
  const pageFetcher = new SafeFetcher({ allowHosts: config.fetchAllowHosts });
  app.jobs.afterDrain(() => pageFetcher.close());
  const crawlDeps = { ...auditDeps, fetcher: pageFetcher, enqueuePage: (payload: PageJobPayload) => app.jobs.send(pageJob, payload) };
  const pageJob = auditPageJob(crawlDeps);
  const auditJob = auditRunJob(crawlDeps);
  await app.jobs.define(auditJob);
  await app.jobs.define(auditPageDeadLetterJob(crawlDeps));
  await app.jobs.define(pageJob);
  const reportStorage = createReportStorage(config.reportStorage);
  const reportJob = reportGenerateJob({ db: app.db, storage: reportStorage, log: app.log });
  await app.jobs.define(reportJob);

  const devOutbox = !config.isProduction;
  await app.register(healthRoutes);
  await app.register(opsRoutes, { metricsToken: config.metricsToken });
  await app.register(configRoutes, { nodeEnv: config.nodeEnv, devOutbox, billingConfigured: billingConfigured(config.billing) });
  await app.register(meRoutes);
  await app.register(workspacesPlugin, { secret: config.authSecret, publicUrl: config.publicUrl, reportStorage });
  await app.register(profileRoutes);
  await app.register(activityRoutes);
  await app.register(contactRoutes, { contactEmail: config.contactEmail });
  await app.register(statusRoutes, {
    statusFile: config.statusFile,
    webDistDir: config.webDistDir,
    smtpUrl: config.smtpUrl,
    isProduction: config.isProduction,
    env: process.env,
    checks: options.statusChecks,
  });
  await app.register(auditRoutes, { job: auditJob });
  await app.register(auditFunctionRoutes, { allowHosts: config.fetchAllowHosts, afterSave: auditDeps.afterSave });
  await app.register(trackPlugin, { audit: auditDeps });
  await app.register(digestPlugin, { publicUrl: config.publicUrl, secret: config.authSecret });
  await app.register(citationRoutes, { sources: config.citationSources });
  await app.register(llmRoutes);
  await app.register(toolFunctionRoutes, { allowHosts: config.fetchAllowHosts });
  await app.register(genieChatbotRoutes);
  await app.register(aiContentGeneratorRoutes, { allowHosts: config.fetchAllowHosts });
  await app.register(contentOptimizerRoutes);
  await app.register(cmsRoutes, { key: config.credentialsKey, allowHosts: config.fetchAllowHosts });
  await app.register(whiteLabelRoutes);
  await app.register(realtimeContentAnalysisRoutes);
  await app.register(playbookRoutes);
  await app.register(feedbackRoutes);
  await app.register(reportRoutes, { job: reportJob, storage: reportStorage });
  await app.register(clientReportsPlugin, { storage: reportStorage, publicUrl: config.publicUrl });
  const publicApi = { auditJob, allowHosts: config.fetchAllowHosts, citationSources: config.citationSources, rateLimitPerMinute: config.apiRateLimitPerMinute, publicUrl: config.publicUrl, afterSave: auditDeps.afterSave };
  await app.register(publicApiPlugin, publicApi);
  await app.register(mcpRoutes, publicApi);
  await app.register(billingPlugin, { config: config.billing, publicUrl: config.publicUrl, isProduction: config.isProduction });
  if (devOutbox) await app.register(devOutboxRoutes);
  await app.register(webPlugin, { distDir: config.webDistDir });

  return app;
}
