import { z } from 'zod';

/**
 * Outgoing webhooks (issue 23): the events an account can subscribe an endpoint to, the shapes of
 * Settings' webhook routes and their messages. Deliveries follow the Standard Webhooks
 * specification (webhook-id, webhook-timestamp, webhook-signature: v1,<HMAC-SHA256>).
 */
export const WEBHOOK_EVENT_TYPES = ['audit.completed', 'score.dropped', 'citation.changed'] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];
/** Sent only by "Send test event"; no endpoint subscribes to it. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

export const WEBHOOK_EVENT_LABELS: Record<WebhookEventType, { label: string; description: string }> = {
  'audit.completed': { label: 'Audit completed', description: 'Every page or site audit saved to your history, with its scores.' },
  'score.dropped': { label: 'Score dropped', description: 'An audit scored 10 or more points below the previous audit of the same page or site.' },
  'citation.changed': { label: 'Citations changed', description: 'A scheduled Citation Tracker run found a mention lost or gained, a competitor overtaking you, or a newly cited host.' },
};

/** Endpoints one account may have. */
export const MAX_WEBHOOK_ENDPOINTS = 10;
/** Attempts per delivery, the first included, before it is marked failed. */
export const WEBHOOK_MAX_ATTEMPTS = 5;
/** Attempts shown per endpoint in the delivery log. */
export const WEBHOOK_LOG_LIMIT = 50;
/** Characters of a receiver's answer kept in the log. */
export const WEBHOOK_RESPONSE_EXCERPT_CHARS = 500;
/** The prefix of a signing secret, as Standard Webhooks libraries expect it. */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';

export const webhookEventTypeSchema = z.enum(WEBHOOK_EVENT_TYPES);

const eventsSchema = z
  .array(webhookEventTypeSchema)
  .min(1, 'Choose at least one event')
  .max(WEBHOOK_EVENT_TYPES.length)
  .refine((events) => new Set(events).size === events.length, 'List each event once');

export const webhookUrlInputSchema = z.string().trim().min(1, 'Enter the URL that receives the events').max(2048, 'Use at most 2048 characters');

export const webhookEndpointCreateRequestSchema = z.strictObject({ url: webhookUrlInputSchema, events: eventsSchema });
export type WebhookEndpointCreateRequest = z.infer<typeof webhookEndpointCreateRequestSchema>;

/** Either field, or both; an empty body changes nothing and answers the endpoint as it is. */
export const webhookEndpointUpdateRequestSchema = z.strictObject({ enabled: z.boolean().optional(), events: eventsSchema.optional() });
export type WebhookEndpointUpdateRequest = z.infer<typeof webhookEndpointUpdateRequestSchema>;

export const WEBHOOK_ATTEMPT_OUTCOMES = ['succeeded', 'failed'] as const;

/** One attempt at delivering one event, as the delivery log shows it. */
export const webhookAttemptSchema = z.object({
  id: z.string(),
  message_id: z.string(),
  event_type: z.string(),
  attempt: z.number().int(),
  outcome: z.enum(WEBHOOK_ATTEMPT_OUTCOMES),
  status_code: z.number().int().nullable(),
  duration_ms: z.number().int(),
  error: z.string().nullable(),
  response_excerpt: z.string().nullable(),
  created_at: z.string(),
});
export type WebhookAttempt = z.infer<typeof webhookAttemptSchema>;

/** Who added an endpoint; null once that person's account is gone. */
export const webhookCreatorSchema = z.object({ name: z.string(), email: z.string() });
export type WebhookCreator = z.infer<typeof webhookCreatorSchema>;

/** An endpoint as listed in Settings: never its secret. */
export const webhookEndpointSchema = z.object({
  id: z.string(),
  url: z.string(),
  events: z.array(webhookEventTypeSchema),
  enabled: z.boolean(),
  created_at: z.string(),
  created_by: webhookCreatorSchema.nullable(),
  last_attempt: webhookAttemptSchema.nullable(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

/** The answer to a creation: the only time the signing secret is sent. */
export const webhookEndpointCreatedSchema = webhookEndpointSchema.extend({ secret: z.string() });
export type WebhookEndpointCreated = z.infer<typeof webhookEndpointCreatedSchema>;

export const webhookEndpointListSchema = z.object({ endpoints: z.array(webhookEndpointSchema) });
export type WebhookEndpointList = z.infer<typeof webhookEndpointListSchema>;

export const webhookAttemptListSchema = z.object({ attempts: z.array(webhookAttemptSchema) });
export type WebhookAttemptList = z.infer<typeof webhookAttemptListSchema>;

/** What "Send test event" answers: the one attempt it made. */
export const webhookTestResultSchema = z.object({ attempt: webhookAttemptSchema });
export type WebhookTestResult = z.infer<typeof webhookTestResultSchema>;

/** Test events one endpoint may send per minute: each is an outbound request that answers with the receiver's reply. */
export const WEBHOOK_TESTS_PER_MINUTE = 5;

export const WEBHOOK_MESSAGES = {
  clientRole: 'Webhooks are managed by the agency: a client account cannot see or change them.',
  testRateLimited: (seconds: number) => `At most ${WEBHOOK_TESTS_PER_MINUTE} test events per minute for one endpoint. Try again in ${seconds} s.`,
  tooMany: `You can have at most ${MAX_WEBHOOK_ENDPOINTS} webhook endpoints. Delete one first.`,
  notFound: 'Webhook endpoint not found.',
  httpsRequired: 'Use an https:// URL, so events travel encrypted.',
  invalidUrl: 'Enter a valid http(s) URL without a user name or password.',
  blocked: (host: string) => `${host} is a private or reserved address; webhooks are only sent to public addresses.`,
  unresolvable: (host: string) => `The domain ${host} could not be found.`,
} as const;
