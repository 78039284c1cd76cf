import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { billingWebhookEvents } from './schema';
import type { BillingConfig } from '../../settings/billing';
import { providerSubscriptionSchema } from './provider';
import { applyProviderSubscription, reportOrder, type ApplyOutcome } from './subscription-state';

/** Where handleWebhook reports what an operator should look at (the route's request logger). */
export type WebhookLog = Pick<FastifyBaseLogger, 'warn'>;

/** X-Signature: the hex HMAC-SHA256 of the raw request body with the webhook's signing secret. */
export function verifySignature(rawBody: Buffer, signature: string | undefined, secret: string): boolean {
  if (!signature || !/^[0-9a-f]{64}$/i.test(signature)) return false;
  const expected = createHmac('sha256', secret).update(rawBody).digest();
  return timingSafeEqual(expected, Buffer.from(signature, 'hex'));
}

const envelopeSchema = z.object({
  meta: z.object({
    event_name: z.string().min(1).max(100),
    test_mode: z.boolean().optional(),
    custom_data: z.record(z.string(), z.unknown()).nullish(),
  }),
  data: z.object({ type: z.string(), id: z.union([z.string(), z.number()]), attributes: z.record(z.string(), z.unknown()) }),
});
type Envelope = z.infer<typeof envelopeSchema>;

const orderSchema = z.object({ attributes: z.object({ customer_id: z.union([z.string(), z.number()]).transform(String), user_email: z.string().min(3) }) });

/** Events whose data is a subscription object; each carries the subscription's whole current state. */
const SUBSCRIPTION_EVENTS = new Set([
  'subscription_created',
  'subscription_updated',
  'subscription_cancelled',
  'subscription_resumed',
  'subscription_expired',
  'subscription_paused',
  'subscription_unpaused',
]);

export type WebhookResult =
  | { kind: 'ok'; duplicate: boolean; outcome: string; eventName: string }
  | { kind: 'malformed'; message: string }
  | { kind: 'test_mode_refused' };

function customString(envelope: Envelope, key: string): string | undefined {
  // Checkout custom data arrives in meta.custom_data; the spec's reading of it under attributes is a fallback.
  const value = envelope.meta.custom_data?.[key] ?? (envelope.data.attributes.custom_data as Record<string, unknown> | undefined)?.[key];
  return typeof value === 'string' ? value : undefined;
}

async function applyEvent(db: Db, config: BillingConfig, envelope: Envelope, log: WebhookLog | undefined): Promise<ApplyOutcome | 'ignored'> {
  const name = envelope.meta.event_name;
  if (SUBSCRIPTION_EVENTS.has(name)) {
    const subscription = providerSubscriptionSchema.safeParse(envelope.data);
    if (!subscription.success) return 'ignored';
    return applyProviderSubscription(db, config, subscription.data, { userId: customString(envelope, 'user_id'), plan: customString(envelope, 'plan') });
  }
  if (name === 'order_created') {
    const order = orderSchema.safeParse(envelope.data);
    if (!order.success) return 'ignored';
    // Changes no account: see reportOrder. The outcome column keeps the finding.
    const report = await reportOrder(db, order.data.attributes.user_email, customString(envelope, 'user_id'));
    if (report.outcome === 'email_match_unbound') {
      log?.warn(
        { event: name, orderId: String(envelope.data.id), customerId: order.data.attributes.customer_id, userId: report.emailMatchUserId },
        'billing: an order without a checkout user id carries the e-mail of an existing account; nothing was changed, an operator may link it',
      );
    }
    return report.outcome;
  }
  return 'ignored';
}

/**
 * Stores and applies one verified delivery in one transaction. The body's SHA-256 is the unique
 * key: a replay, or a duplicate racing this one, inserts nothing and changes nothing.
 */
export async function handleWebhook(db: Db, config: BillingConfig, rawBody: Buffer, isProduction: boolean, log?: WebhookLog): Promise<WebhookResult> {
  let payload: unknown;
  try {
    payload = JSON.parse(rawBody.toString('utf8'));
  } catch {
    return { kind: 'malformed', message: 'Malformed JSON body' };
  }
  const parsed = envelopeSchema.safeParse(payload);
  if (!parsed.success) return { kind: 'malformed', message: 'Not a Lemon Squeezy webhook payload' };
  const envelope = parsed.data;
  const testMode = envelope.meta.test_mode === true;
  if (testMode && isProduction) return { kind: 'test_mode_refused' };

  const bodySha256 = createHash('sha256').update(rawBody).digest('hex');
  const eventName = envelope.meta.event_name;
  return db.transaction(async (tx) => {
    const [stored] = await tx
      .insert(billingWebhookEvents)
      .values({ bodySha256, eventName, testMode, outcome: 'pending', payload })
      .onConflictDoNothing({ target: billingWebhookEvents.bodySha256 })
      .returning({ id: billingWebhookEvents.id });
    if (!stored) return { kind: 'ok', duplicate: true, outcome: 'duplicate', eventName };
    const outcome = await applyEvent(tx, config, envelope, log);
    await tx.update(billingWebhookEvents).set({ outcome }).where(eq(billingWebhookEvents.id, stored.id));
    return { kind: 'ok', duplicate: false, outcome, eventName };
  });
}
