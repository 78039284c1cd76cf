import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { FastifyBaseLogger } from 'fastify';
import type { SafeFetcher } from '@citable/crawler';
import { WEBHOOK_MAX_ATTEMPTS, WEBHOOK_TEST_EVENT, type WebhookAttempt, type WebhookEventType } from '@citable/contract';
import type { Db } from '../../db/client';
import { webhookDeliveries, webhookEndpoints } from '../../db/schema';
import type { JobDefinition, JobRegistry } from '../../jobs/jobs-plugin';
import type { WebhookSettings } from '../../settings/webhooks';
import { attemptDelivery, type DeliveryTarget } from './deliver';
import { newMessageId } from './signing';
import { subscribedEndpoints, type EndpointRow } from './store';

const deliverPayload = z.strictObject({ deliveryId: z.uuid() });

export interface DispatcherDeps {
  db: Db;
  jobs: Pick<JobRegistry, 'send'>;
  fetcher: SafeFetcher;
  key: Buffer;
  log: FastifyBaseLogger;
  settings: WebhookSettings;
}

/** The Standard Webhooks body: the event's type, when it happened, and its data. */
export function eventBody(type: string, data: Record<string, unknown>, at = new Date()): string {
  return JSON.stringify({ type, timestamp: at.toISOString(), data });
}

/**
 * Raises events and delivers them. An event becomes one delivery row per subscribed endpoint (the
 * exact signed body, its message id) and one `webhook-deliver` job each; the job makes an attempt,
 * logs it, and throws on failure so pg-boss retries it with exponential backoff, up to
 * WEBHOOK_MAX_ATTEMPTS attempts in all.
 */
export class WebhookDispatcher {
  readonly deliverJob: JobDefinition<typeof deliverPayload>;

  constructor(private readonly deps: DispatcherDeps) {
    const delay = deps.settings.retryDelaySeconds;
    this.deliverJob = {
      id: 'webhook-deliver',
      payload: deliverPayload,
      // The attempt's own timeout is 10 s; the expiry only frees a job whose worker hung.
      queue: { retryLimit: WEBHOOK_MAX_ATTEMPTS - 1, retryDelay: delay, retryBackoff: delay > 0, expireInSeconds: 120, notify: true },
      // A send wakes the workers (notify); a retry that falls due does not, so the backstop poll is
      // short. Several at once, so one receiver that takes its 10 s does not hold up the others.
      work: { localConcurrency: 4, notifyPollingIntervalSeconds: 2 },
      handler: ({ deliveryId }, { retryCount }) => this.deliver(deliveryId, retryCount + 1),
    };
  }

  /**
   * Raises an event for the owner's enabled endpoints that subscribe to it. `dedupeKey` names the
   * occurrence (an audit's id, a run's changes): raised again, it adds no second delivery.
   * Returns how many deliveries were queued.
   */
  async emit(userId: string, type: WebhookEventType, data: Record<string, unknown>, dedupeKey: string): Promise<number> {
    const endpoints = await subscribedEndpoints(this.deps.db, userId, type);
    if (endpoints.length === 0) return 0;
    const body = eventBody(type, data);
    let queued = 0;
    for (const endpoint of endpoints) {
      const [row] = await this.deps.db
        .insert(webhookDeliveries)
        .values({ userId, endpointId: endpoint.id, messageId: newMessageId(), eventType: type, dedupeKey, body })
        .onConflictDoNothing({ target: [webhookDeliveries.endpointId, webhookDeliveries.dedupeKey] })
        .returning({ id: webhookDeliveries.id });
      if (!row) continue;
      await this.deps.jobs.send(this.deliverJob, { deliveryId: row.id });
      queued += 1;
    }
    return queued;
  }

  /** The job's work: one attempt, and a throw while attempts remain so pg-boss schedules the next. */
  async deliver(deliveryId: string, attempt: number): Promise<void> {
    const [row] = await this.deps.db
      .select({ delivery: webhookDeliveries, endpoint: webhookEndpoints })
      .from(webhookDeliveries)
      .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
      .where(eq(webhookDeliveries.id, deliveryId));
    // Deleted with its endpoint, or already settled by an earlier delivery of this job.
    if (!row || row.delivery.status !== 'pending') return;
    if (!row.endpoint.enabled) {
      await this.settle(deliveryId, 'cancelled');
      return;
    }
    const result = await attemptDelivery(this.deps, this.target(row.endpoint, row.delivery), attempt);
    if (result.outcome === 'succeeded') return this.settle(deliveryId, 'succeeded');
    if (attempt >= WEBHOOK_MAX_ATTEMPTS) return this.settle(deliveryId, 'failed');
    throw new Error(`webhook delivery ${deliveryId} attempt ${attempt} failed: ${result.error ?? 'no answer'}`);
  }

  /** "Send test event": one attempt now, without retries, whose result the caller shows. */
  async sendTest(endpoint: EndpointRow): Promise<WebhookAttempt> {
    const body = eventBody(WEBHOOK_TEST_EVENT, { endpoint_id: endpoint.id, message: 'This is a test event from Citable.' });
    const [delivery] = await this.deps.db
      .insert(webhookDeliveries)
      .values({ userId: endpoint.userId, endpointId: endpoint.id, messageId: newMessageId(), eventType: WEBHOOK_TEST_EVENT, dedupeKey: `test:${randomUUID()}`, body })
      .returning();
    const result = await attemptDelivery(this.deps, this.target(endpoint, delivery), 1);
    await this.settle(delivery.id, result.outcome === 'succeeded' ? 'succeeded' : 'failed');
    return result;
  }

  private target(endpoint: EndpointRow, delivery: typeof webhookDeliveries.$inferSelect): DeliveryTarget {
    return {
      deliveryId: delivery.id,
      endpointId: endpoint.id,
      userId: endpoint.userId,
      url: endpoint.url,
      secretEncrypted: endpoint.secretEncrypted,
      messageId: delivery.messageId,
      eventType: delivery.eventType,
      body: delivery.body,
    };
  }

  private async settle(deliveryId: string, status: 'succeeded' | 'failed' | 'cancelled'): Promise<void> {
    await this.deps.db
      .update(webhookDeliveries)
      .set({ status })
      .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.status, 'pending')));
  }
}
