import { BlockedAddressError, isCrawlerError, RateLimitedError, type SafeFetcher } from '@citable/crawler';
import { WEBHOOK_MESSAGES, WEBHOOK_RESPONSE_EXCERPT_CHARS, type WebhookAttempt } from '@citable/contract';
import type { Db } from '../../db/client';
import { webhookAttempts } from '../../db/schema';
import { CredentialsUnreadableError, decryptCredentials } from '../cms';
import { signatureHeaders } from './signing';
import { pruneEndpointLog, secretBinding, toAttemptView } from './store';

/** Each attempt waits at most this long for the receiver's whole answer. */
export const DELIVERY_TIMEOUT_MS = 10_000;
/** Enough of an answer for the excerpt the log keeps; the rest is not read. */
const ANSWER_READ_BYTES = 16 * 1024;

export interface DeliveryTarget {
  deliveryId: string;
  endpointId: string;
  userId: string;
  url: string;
  secretEncrypted: string;
  messageId: string;
  eventType: string;
  body: string;
}

export interface DeliveryDeps {
  db: Db;
  /** The SSRF-guarded fetcher: every connection re-checks the host's addresses (DNS rebinding). */
  fetcher: SafeFetcher;
  /** CREDENTIALS_KEY, which the endpoints' secrets are encrypted with. */
  key: Buffer;
}

interface Outcome {
  succeeded: boolean;
  statusCode: number | null;
  error: string | null;
  responseExcerpt: string | null;
}

async function post(deps: DeliveryDeps, target: DeliveryTarget): Promise<Outcome> {
  let secret: string;
  try {
    secret = decryptCredentials<string>(deps.key, target.secretEncrypted, secretBinding(target.userId, target.endpointId));
  } catch (error) {
    if (error instanceof CredentialsUnreadableError) return { succeeded: false, statusCode: null, error: 'The signing secret cannot be read with this server’s CREDENTIALS_KEY; delete the endpoint and add it again.', responseExcerpt: null };
    throw error;
  }
  const headers = { 'content-type': 'application/json', ...signatureHeaders(secret, target.messageId, Math.floor(Date.now() / 1000), target.body) };
  try {
    // A POST is never redirected by the fetcher: a 3xx comes back as it is and counts as a failure,
    // so a receiver cannot bounce a signed event (or the request) to an address it chooses.
    const response = await deps.fetcher.fetch(target.url, { method: 'POST', headers, body: target.body, accept: '*/*', followRedirects: false, maxBodyBytes: ANSWER_READ_BYTES, truncate: true, timeoutMs: DELIVERY_TIMEOUT_MS });
    const excerpt = response.body.slice(0, WEBHOOK_RESPONSE_EXCERPT_CHARS) || null;
    const ok = response.status >= 200 && response.status < 300;
    const redirected = response.status >= 300 && response.status < 400;
    const error = ok ? null : redirected ? `The endpoint redirected to ${response.headers.location ?? 'another address'}; redirects are not followed.` : `The endpoint answered HTTP ${response.status}.`;
    return { succeeded: ok, statusCode: response.status, error, responseExcerpt: excerpt };
  } catch (error) {
    if (error instanceof BlockedAddressError) return { succeeded: false, statusCode: null, error: WEBHOOK_MESSAGES.blocked(error.hostname), responseExcerpt: null };
    if (error instanceof RateLimitedError) return { succeeded: false, statusCode: error.status, error: error.message, responseExcerpt: null };
    if (isCrawlerError(error)) return { succeeded: false, statusCode: null, error: error.message, responseExcerpt: null };
    throw error;
  }
}

/** One attempt at a delivery, recorded in the log whatever its outcome (the log keeps the latest ones). */
export async function attemptDelivery(deps: DeliveryDeps, target: DeliveryTarget, attempt: number): Promise<WebhookAttempt> {
  const started = performance.now();
  const outcome = await post(deps, target);
  const [row] = await deps.db
    .insert(webhookAttempts)
    .values({ deliveryId: target.deliveryId, endpointId: target.endpointId, attempt, durationMs: Math.round(performance.now() - started), ...outcome })
    .returning();
  await pruneEndpointLog(deps.db, target.endpointId);
  return toAttemptView(row, target);
}
