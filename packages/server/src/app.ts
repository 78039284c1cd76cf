import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { MAX_BODY_BYTES } from '@citable/contract';
import { trustedAppOrigins, type Config } from './config';
import { auditFunctionRoutes, auditRoutes, defineAuditJobs, interruptedWorkPlugin, observeAuditRuns } from './features/audits';
import { authRateLimitCleanupJob } from './auth/auth-rate-limit-cleanup';
import { billingConfigured } from './settings/billing';
import { billingPlugin } from './features/billing';
import { authPlugin } from './auth/auth-plugin';
import { scopePlugin, workspacesPlugin } from './features/workspaces';
import { dbPlugin } from './db/db-plugin';
import { llmPlugin, llmRoutes } from './features/llm';
import { errorsPlugin } from './ops/errors-plugin';
import { jobsPlugin } from './jobs/jobs-plugin';
import { mailPlugin } from './mail/mail-plugin';
import { webPlugin } from './web/web-plugin';
import { compressPlugin } from './web/compress-plugin';
import { publicUrlPlugin } from './web/public-url';
import { activityRoutes, meRoutes, profileRoutes } from './features/profile';
import { citationsPlugin } from './features/citations';
import { configRoutes } from './ops/public-config-route';
import { contactRoutes } from './features/contact';
import { devOutboxRoutes } from './mail/dev-outbox-route';
import { healthRoutes } from './ops/health-routes';
import { reportRoutes, reportGenerateJob, createReportStorage } from './features/reports';
import { statusRoutes, type StatusRouteOptions, loadStatusFile } from './features/status';
import { toolFunctionRoutes } from './features/tools';
import { genieChatbotRoutes } from './features/genie';
import { aiContentGeneratorRoutes, contentOptimizerRoutes, realtimeContentAnalysisRoutes } from './features/content';
import { cmsRoutes, CREDENTIAL_LOG_PATHS } from './features/cms';
import { whiteLabelRoutes } from './features/white-label';
import { feedbackRoutes } from './features/feedback';
import { publicApiPlugin } from './features/public-api';
import { mcpRoutes } from './features/mcp';
import { playbookRoutes } from './features/playbooks';
import { alertsAfterSave, trackPlugin } from './features/track';
import { digestPlugin } from './features/digest';
import { clientReportsPlugin } from './features/client-reports';
import { citationChangeEvents, webhooksPlugin, withWebhookEvents } from './features/webhooks';
import { collectRoutes } from './ops/route-table';
import { limitJsonDepth } from './ops/json-depth';
import { sessionGate } from './ops/session-gate';
import { csrfGuard } from './ops/csrf';
import { registerRateLimit } from './ops/rate-limit';
import { readCachePlugin } from './cache/read-cache-plugin';
import { echoRequestId, genReqId } from './ops/request-id';
import { collectMetrics } from './ops/metrics';
import { AccessLogController } from './ops/access-log';
import { opsRoutes } from './ops/ops-routes';
import { DEFAULT_AUTH_RATE_LIMITS, type AuthRateLimits } from './auth/auth-rate-limit';

export interface AppOptions {
  /** Pino logger options, or false for silence (tests). */
  logger?: FastifyServerOptions['logger'];
  /** Overrides of the sign-in/sign-up limits (tests use generous ones except where the limit is tested). */
  rateLimits?: Partial<AuthRateLimits>;
  /** Replaces the status page's health checks (tests inject failing ones). */
  statusChecks?: StatusRouteOptions['checks'];
}

export type { Config } from './config';
export type { JobDefinition, JobRegistry } from './jobs/jobs-plugin';
export { logActivity } from './features/profile';
export { acquireDataDirLock, LockHeldError } from './lib/lock-file';
export { createDb, type Db, type DbHandle } from './db/client';
export { assertEntitled, currentPlan, requireArea, requireEntitlement, requirePlan, requireTool } from './features/billing';

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
  observeAuditRuns(app);
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
  // Before every route: Brotli or gzip for answers of 1 KiB or more (web/compress-plugin.ts).
  await app.register(compressPlugin);
  // app.publicUrl(): PUBLIC_URL, or the address listen() binds (web/public-url.ts).
  await app.register(publicUrlPlugin, { publicUrl: config.publicUrl, publicUrlSet: config.publicUrlSet, host: config.host });
  csrfGuard(app, trustedAppOrigins(config.publicUrl, config.port, config.isProduction));
  await registerRateLimit(app, config.rateLimit);

  // The core: database, read caches, mail, auth and sessions, jobs, and the operations routes.
  await app.register(dbPlugin, { dataDir: config.dataDir, databaseUrl: config.databaseUrl });
  await app.register(readCachePlugin, { maxAgeSeconds: config.readCacheSeconds });
  await app.register(mailPlugin, { smtpUrl: config.smtpUrl, from: config.mailFrom, isProduction: config.isProduction });
  await app.register(authPlugin, {
    secret: config.authSecret,
    publicUrl: config.publicUrl,
    port: config.port,
    isProduction: config.isProduction,
    rateLimits: { ...DEFAULT_AUTH_RATE_LIMITS, ...options.rateLimits },
  });
  await app.register(jobsPlugin, { work: config.jobsEnabled, schedules: config.schedulesEnabled, drainTimeoutMs: config.shutdownTimeoutMs, ...config.jobTiming });
  await app.jobs.define(authRateLimitCleanupJob(app.db));
  const devOutbox = !config.isProduction;
  await app.register(healthRoutes);
  await app.register(opsRoutes, { metricsToken: config.metricsToken });
  if (devOutbox) await app.register(devOutboxRoutes);

  // The features (src/features), each through its index.ts. First what the others build on:
  // app.requireOwner, the acting scope (own account or a workspace client) of every data route,
  // and app.llm, the configured model.
  await app.register(scopePlugin);
  await app.register(llmPlugin, { settings: config.llm });
  // What the web app needs before sign-in, the model in use among it.
  await app.register(configRoutes, { nodeEnv: config.nodeEnv, devOutbox, billingConfigured: billingConfigured(config.billing) });
  // After a crash: audit runs and reports that no job will ever finish are failed, not left spinning.
  await app.register(interruptedWorkPlugin);
  // Signed outgoing webhooks: saved audits (after the smart alerts, which find score drops) and
  // scheduled citation runs raise their events.
  await app.register(webhooksPlugin, { key: config.credentialsKey, allowHosts: config.fetchAllowHosts, settings: config.webhooks });
  const auditDeps = { db: app.db, allowHosts: config.fetchAllowHosts, log: app.log, afterSave: withWebhookEvents(app.webhooks, app.db, app.log, alertsAfterSave(app.db)) };
  const auditJob = await defineAuditJobs(app, auditDeps, config.auditEngine);
  const reportStorage = createReportStorage(config.reportStorage);
  const reportJob = reportGenerateJob({ db: app.db, storage: reportStorage, log: app.log });
  await app.jobs.define(reportJob);
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
  await app.register(citationsPlugin, { sources: config.citationSources, onAlerts: citationChangeEvents(app.webhooks, app.log) });
  await app.register(llmRoutes);
  await app.register(toolFunctionRoutes, { allowHosts: config.fetchAllowHosts });
  await app.register(genieChatbotRoutes);
  await app.register(aiContentGeneratorRoutes, { allowHosts: config.fetchAllowHosts });
  await app.register(contentOptimizerRoutes);
  await app.register(cmsRoutes, { key: config.credentialsKey, allowHosts: config.fetchAllowHosts, apis: config.cmsApis });
  await app.register(whiteLabelRoutes);
  await app.register(realtimeContentAnalysisRoutes);
  await app.register(playbookRoutes);
  await app.register(feedbackRoutes);
  await app.register(reportRoutes, { job: reportJob, storage: reportStorage });
  await app.register(clientReportsPlugin, { storage: reportStorage, publicUrl: config.publicUrl });
  const publicApi = { auditJob, allowHosts: config.fetchAllowHosts, citationSources: config.citationSources, rateLimitPerMinute: config.apiRateLimitPerMinute, anonymousPerMinute: config.apiAnonymousPerMinute, publicUrl: config.publicUrl, afterSave: auditDeps.afterSave };
  await app.register(publicApiPlugin, publicApi);
  await app.register(mcpRoutes, publicApi);
  await app.register(billingPlugin, { config: config.billing, publicUrl: config.publicUrl, isProduction: config.isProduction });

  // Last: the web app's build and pre-rendered pages, and its fallback for every other GET.
  await app.register(webPlugin, { distDir: config.webDistDir });

  return app;
}
