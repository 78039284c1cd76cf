import type { FastifyInstance } from 'fastify';
import { onAuditEnded } from './runs';

/**
 * Times in `app.metrics` every audit run this app ends, wherever it was started. Runs end in
 * services (jobs, routes, monitoring) built with this app's database; another app in the same
 * process (tests) has its own database and its own metrics.
 */
export function observeAuditRuns(app: FastifyInstance): void {
  const stopObserving = onAuditEnded((ended) => {
    if (app.hasDecorator('db') && ended.db === app.db) app.metrics.observeAudit(ended.scope, ended.outcome, ended.seconds);
  });
  app.addHook('onClose', async () => stopObserving());
}
