import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { MAX_WEBHOOK_ENDPOINTS, WEBHOOK_LOG_LIMIT, WEBHOOK_MESSAGES, type WebhookAttempt, type WebhookCreator, type WebhookEndpoint, type WebhookEventType } from '@citable/contract';
import type { Db } from '../../db/client';
import { user, webhookAttempts, webhookDeliveries, webhookEndpoints } from '../../db/schema';
import { HttpError } from '../../lib/http-error';
import { isUuid } from '../audits';

export type EndpointRow = typeof webhookEndpoints.$inferSelect;
type AttemptRow = typeof webhookAttempts.$inferSelect;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The associated data of a secret's envelope: a secret copied into another endpoint's row does not decrypt. */
export const secretBinding = (userId: string, endpointId: string) => `webhook:${userId}:${endpointId}`;

export function toAttemptView(row: AttemptRow, delivery: { messageId: string; eventType: string }): WebhookAttempt {
  return {
    id: row.id,
    message_id: delivery.messageId,
    event_type: delivery.eventType,
    attempt: row.attempt,
    outcome: row.succeeded ? 'succeeded' : 'failed',
    status_code: row.statusCode,
    duration_ms: row.durationMs,
    error: row.error,
    response_excerpt: row.responseExcerpt,
    created_at: row.createdAt.toISOString(),
  };
}

const attemptColumns = { attempt: webhookAttempts, messageId: webhookDeliveries.messageId, eventType: webhookDeliveries.eventType };

function toEndpointView(row: EndpointRow, lastAttempt: WebhookAttempt | null, creator: WebhookCreator | null): WebhookEndpoint {
  return { id: row.id, url: row.url, events: row.events as WebhookEventType[], enabled: row.enabled, created_at: row.createdAt.toISOString(), created_by: creator, last_attempt: lastAttempt };
}

// An endpoint with the name and e-mail of whoever added it (none once that account is deleted).
const endpointWithCreator = { endpoint: webhookEndpoints, creatorName: user.name, creatorEmail: user.email };
const creatorOf = (row: { creatorName: string | null; creatorEmail: string | null }): WebhookCreator | null =>
  row.creatorName !== null && row.creatorEmail !== null ? { name: row.creatorName, email: row.creatorEmail } : null;

/** The owner's endpoints, oldest first, each with who added it and its latest attempt. */
export async function listEndpoints(db: Db, userId: string): Promise<WebhookEndpoint[]> {
  const rows = await db
    .select(endpointWithCreator)
    .from(webhookEndpoints)
    .leftJoin(user, eq(user.id, webhookEndpoints.createdBy))
    .where(eq(webhookEndpoints.userId, userId))
    .orderBy(webhookEndpoints.createdAt);
  return Promise.all(rows.map(async (row) => toEndpointView(row.endpoint, (await listAttempts(db, userId, row.endpoint.id, 1))[0] ?? null, creatorOf(row))));
}

/** One endpoint as Settings shows it, after a change: its creator and latest attempt read afresh. */
export async function describeEndpoint(db: Db, row: EndpointRow): Promise<WebhookEndpoint> {
  const [creator] = row.createdBy ? await db.select({ creatorName: user.name, creatorEmail: user.email }).from(user).where(eq(user.id, row.createdBy)) : [];
  return toEndpointView(row, (await listAttempts(db, row.userId, row.id, 1))[0] ?? null, creator ? creatorOf(creator) : null);
}

/** One endpoint of this owner; null for another owner's, a missing one or a malformed id (all 404). */
export async function findEndpoint(db: Db, userId: string, id: string): Promise<EndpointRow | null> {
  if (!isUuid(id)) return null;
  const [row] = await db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.userId, userId)));
  return row ?? null;
}

/**
 * Inserts an endpoint under the per-account cap. The secret is encrypted with the row's own id in
 * its associated data, so the id is chosen here rather than by the database.
 */
export async function insertEndpoint(db: Db, userId: string, values: { id: string; url: string; events: WebhookEventType[]; secretEncrypted: string; createdBy: string }): Promise<EndpointRow> {
  return db.transaction(async (tx) => {
    // Serialises concurrent creations of one owner, so two requests cannot both pass the cap.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`webhook-endpoints:${userId}`}))`);
    const [{ total }] = await tx.select({ total: count() }).from(webhookEndpoints).where(eq(webhookEndpoints.userId, userId));
    if (total >= MAX_WEBHOOK_ENDPOINTS) throw new HttpError(409, { error: WEBHOOK_MESSAGES.tooMany });
    const [row] = await tx
      .insert(webhookEndpoints)
      .values({ ...values, userId })
      .returning();
    return row;
  });
}

export async function updateEndpoint(db: Db, userId: string, id: string, changes: { enabled?: boolean; events?: WebhookEventType[] }): Promise<EndpointRow | null> {
  if (!isUuid(id)) return null;
  if (changes.enabled === undefined && changes.events === undefined) return findEndpoint(db, userId, id);
  const [row] = await db
    .update(webhookEndpoints)
    .set(changes)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.userId, userId)))
    .returning();
  return row ?? null;
}

/** Deleting an endpoint deletes its deliveries and log (cascade); a queued delivery then finds nothing to send. */
export async function deleteEndpoint(db: Db, userId: string, id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  const rows = await db
    .delete(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.userId, userId)))
    .returning({ id: webhookEndpoints.id });
  return rows.length > 0;
}

/**
 * Disables the enabled endpoints `creatorId` added in the scopes of `ownerIds` (a workspace's
 * clients), when that person leaves the workspace's team (issue #35): a receiver they chose must
 * not keep getting the clients' events once their access has ended. Returns what it disabled.
 */
export async function disableEndpointsCreatedBy(db: Db | Tx, creatorId: string, ownerIds: string[]): Promise<EndpointRow[]> {
  if (ownerIds.length === 0) return [];
  return db
    .update(webhookEndpoints)
    .set({ enabled: false })
    .where(and(eq(webhookEndpoints.createdBy, creatorId), inArray(webhookEndpoints.userId, ownerIds), eq(webhookEndpoints.enabled, true)))
    .returning();
}

/** The endpoint's latest attempts, newest first. */
export async function listAttempts(db: Db, userId: string, endpointId: string, limit = WEBHOOK_LOG_LIMIT): Promise<WebhookAttempt[]> {
  const rows = await db
    .select(attemptColumns)
    .from(webhookAttempts)
    .innerJoin(webhookDeliveries, eq(webhookDeliveries.id, webhookAttempts.deliveryId))
    .where(and(eq(webhookAttempts.endpointId, endpointId), eq(webhookDeliveries.userId, userId)))
    .orderBy(desc(webhookAttempts.createdAt), desc(webhookAttempts.attempt))
    .limit(limit);
  return rows.map((row) => toAttemptView(row.attempt, row));
}

/** The enabled endpoints of an owner that subscribe to an event type. */
export async function subscribedEndpoints(db: Db, userId: string, type: WebhookEventType): Promise<EndpointRow[]> {
  return db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.userId, userId), eq(webhookEndpoints.enabled, true), sql`${webhookEndpoints.events} @> ${JSON.stringify([type])}::jsonb`));
}

/** Settled deliveries older than this are deleted (with their attempts) as new attempts are logged. */
const SETTLED_DELIVERY_RETENTION_DAYS = 30;

/**
 * Keeps an endpoint's log to what Settings shows: its latest WEBHOOK_LOG_LIMIT attempts, and no
 * settled delivery older than 30 days (an event is never raised again that long after).
 */
export async function pruneEndpointLog(db: Db, endpointId: string): Promise<void> {
  const kept = db
    .select({ id: webhookAttempts.id })
    .from(webhookAttempts)
    .where(eq(webhookAttempts.endpointId, endpointId))
    .orderBy(desc(webhookAttempts.createdAt), desc(webhookAttempts.attempt))
    .limit(WEBHOOK_LOG_LIMIT);
  await db.delete(webhookAttempts).where(and(eq(webhookAttempts.endpointId, endpointId), sql`${webhookAttempts.id} not in (${kept})`));
  await db
    .delete(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.endpointId, endpointId),
        sql`${webhookDeliveries.status} <> 'pending'`,
        sql`${webhookDeliveries.createdAt} < now() - make_interval(days => ${SETTLED_DELIVERY_RETENTION_DAYS})`,
      ),
    );
}
