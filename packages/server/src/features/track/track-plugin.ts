import fp from 'fastify-plugin';
import type { Db } from '../../db/client';
import type { AuditDeps } from '../audits';
import { evaluateAlerts } from './alerts/evaluate-alerts';
import { InsightsService } from './insights/insights-service';
import { Monitor } from './monitor/monitor';
import { alertRoutes } from './routes/alerts';
import { competitiveIntelRoutes } from './routes/competitive-intel';
import { historyRoutes } from './routes/history';
import { insightRoutes } from './routes/insights';
import { monitoringRoutes } from './routes/monitoring';

declare module 'fastify' {
  interface FastifyInstance {
    /** The scheduler; tests call `monitor.tick(now)` with a simulated clock instead of waiting for cron. */
    monitor: Monitor;
  }
}

/** The audit completion hook: smart alerts are computed from every saved audit. */
export function alertsAfterSave(db: Db): NonNullable<AuditDeps['afterSave']> {
  return (userId, auditId) => evaluateAlerts(db, userId, auditId);
}

/** Track (issue 7): monitoring jobs, history and trends, alerts, insights and competitive intelligence. */
export const trackPlugin = fp<{ audit: AuditDeps }>(
  async (app, options) => {
    const monitor = new Monitor({ audit: options.audit, jobs: app.jobs });
    await app.jobs.define(monitor.auditJob);
    await app.jobs.define(monitor.tickJob);
    app.decorate('monitor', monitor);
    await app.register(historyRoutes);
    await app.register(alertRoutes);
    await app.register(insightRoutes, { insights: new InsightsService(app.db) });
    await app.register(competitiveIntelRoutes);
    await app.register(monitoringRoutes);
  },
  { name: 'track', dependencies: ['jobs'] },
);
