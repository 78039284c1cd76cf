import fp from 'fastify-plugin';
import { createSafeFetcher } from '@citable/crawler';
import type { WebhookSettings } from '../../settings/webhooks';
import { DELIVERY_TIMEOUT_MS } from './deliver';
import { WebhookDispatcher } from './dispatcher';
import { webhookRoutes } from './routes';

declare module 'fastify' {
  interface FastifyInstance {
    /** Raises webhook events (features/webhooks); the composition root hands its hooks to the audits and citations. */
    webhooks: WebhookDispatcher;
  }
}

export const WEBHOOK_USER_AGENT = 'Citable-Webhooks/1.0';

/** Signed outgoing webhooks (issue 23): the endpoints' routes, the delivery job and the dispatcher. */
export const webhooksPlugin = fp<{ key: Buffer; allowHosts: readonly string[]; settings: WebhookSettings }>(
  async (app, options) => {
    // One fetcher for every delivery: the crawler's SSRF guard checks each connection's addresses,
    // so an endpoint whose DNS later points at a private address is refused when it is called.
    const fetcher = createSafeFetcher({ allowHosts: options.allowHosts, timeoutMs: DELIVERY_TIMEOUT_MS, maxRetries: 0, maxRedirects: 0, userAgent: WEBHOOK_USER_AGENT });
    const dispatcher = new WebhookDispatcher({ db: app.db, jobs: app.jobs, fetcher, key: options.key, log: app.log, settings: options.settings });
    await app.jobs.define(dispatcher.deliverJob);
    app.jobs.afterDrain(() => fetcher.close());
    app.decorate('webhooks', dispatcher);
    await app.register(webhookRoutes, { dispatcher, fetcher, key: options.key, allowHosts: options.allowHosts });
  },
  { name: 'webhooks', dependencies: ['jobs'] },
);
