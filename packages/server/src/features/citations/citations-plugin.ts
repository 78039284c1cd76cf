import fp from 'fastify-plugin';
import type { CitationSourceSettings } from '../../settings/citation-sources';
import { CitationMonitor, type CitationMonitorDeps } from './citation-monitor';
import { citationRoutes } from './routes';
import { trackingRoutes } from './tracking-routes';

declare module 'fastify' {
  interface FastifyInstance {
    /** The tracked prompts' scheduler; tests call `citationMonitor.tick(now)` with their own clock. */
    citationMonitor: CitationMonitor;
  }
}

/** The Citation Tracker, its tracked prompts and the jobs that run them on schedule (issue 21). */
export const citationsPlugin = fp<{ sources: CitationSourceSettings; onAlerts?: CitationMonitorDeps['onAlerts'] }>(
  async (app, options) => {
    const monitor = new CitationMonitor({ tracker: { db: app.db, llm: app.llm, sources: options.sources }, jobs: app.jobs, log: app.log, onAlerts: options.onAlerts });
    await app.jobs.define(monitor.runJob);
    await app.jobs.define(monitor.tickJob);
    app.decorate('citationMonitor', monitor);
    await app.register(citationRoutes, { sources: options.sources });
    await app.register(trackingRoutes, { sources: options.sources });
  },
  { name: 'citations', dependencies: ['jobs'] },
);
