import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, real, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { AuditIssue, CitationTrackerResult, GoalId, Playbook, SiteEntry } from '@citable/contract';
import type { StoredAudit } from './stored-audit-data';
import { user } from './auth-schema';

export * from './auth-schema';

// Timestamps carry the zone so PostgreSQL servers in any TimeZone return the same instants.
const createdAt = () => timestamp('created_at', { withTimezone: true }).defaultNow().notNull();

export const userProfiles = pgTable(
  'user_profiles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .unique()
      .references(() => user.id, { onDelete: 'cascade' }),
    plan: text('plan').notNull().default('free'),
    onboardingCompletedAt: timestamp('onboarding_completed_at', { withTimezone: true }),
    lemonsqueezyCustomerId: text('lemonsqueezy_customer_id'),
    lemonsqueezySubscriptionId: text('lemonsqueezy_subscription_id'),
    subscriptionStatus: text('subscription_status'),
    subscriptionUpdatedAt: timestamp('subscription_updated_at', { withTimezone: true }),
    websites: jsonb('websites').$type<SiteEntry[]>().notNull().default(sql`'[]'::jsonb`),
    competitors: jsonb('competitors').$type<SiteEntry[]>().notNull().default(sql`'[]'::jsonb`),
    industry: text('industry'),
    businessDescription: text('business_description'),
    goals: jsonb('goals').$type<GoalId[]>().notNull().default(sql`'[]'::jsonb`),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).defaultNow().notNull(),
  },
  // The industry trend after every audit joins the profiles of one industry.
  (table) => [index('user_profiles_industry_idx').on(table.industry)],
);

export const userActivity = pgTable(
  'user_activity',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    activityType: text('activity_type').notNull(),
    activityData: jsonb('activity_data').$type<Record<string, unknown>>(),
    toolId: text('tool_id'),
    websiteUrl: text('website_url'),
    createdAt: createdAt(),
  },
  (table) => [index('user_activity_user_created_idx').on(table.userId, table.createdAt.desc())],
);

/**
 * One row per tool run a user started (dashboard, REST API or MCP): the monthly tool-use allowance
 * counts these, each run once under its own tool. A row is written before the run, so concurrent
 * runs cannot pass the allowance together, and removed again when the run fails.
 */
export const toolRuns = pgTable(
  'tool_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    toolId: text('tool_id').notNull(),
    /** Where the run was asked for: app, api or mcp. */
    via: text('via').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('tool_runs_user_created_idx').on(table.userId, table.createdAt)],
);

/**
 * Fixed-window counters for sign-in and sign-up attempts. Kept in the database rather than in
 * memory so the limit holds across processes and restarts.
 */
export const authRateLimits = pgTable('auth_rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
});

/** Mail that was not sent because SMTP_URL is not configured (development and tests). */
export const devOutbox = pgTable(
  'dev_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    links: jsonb('links').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    createdAt: createdAt(),
  },
  (table) => [index('dev_outbox_created_idx').on(table.createdAt)],
);

/**
 * The life of one audit (queued, running, completed, failed) with its progress. The partial
 * unique index is what enforces one audit in flight per user, even against concurrent requests.
 */
export const auditRuns = pgTable(
  'audit_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    scope: text('scope').notNull(),
    /** Null for pasted content. */
    websiteUrl: text('website_url'),
    maxPages: integer('max_pages').notNull(),
    status: text('status').notNull(),
    progressDone: integer('progress_done').notNull().default(0),
    progressTotal: integer('progress_total'),
    error: text('error'),
    /** Whether the run counts against the plan's monthly audit limit. */
    counted: boolean('counted').notNull(),
    createdAt: createdAt(),
    /** Touched by every progress write: a run in flight that stops being touched was abandoned. */
    updatedAt: timestamp('updated_at', { withTimezone: true }).defaultNow().notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('audit_runs_one_in_flight_idx').on(table.userId).where(sql`${table.status} in ('queued', 'running')`),
    index('audit_runs_user_created_idx').on(table.userId, table.createdAt),
  ],
);

/** Completed audits (spec 001 §3 audit_history). A run's row has the run's id, so a retried job cannot add a second. */
export const auditHistory = pgTable(
  'audit_history',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    websiteUrl: text('website_url'),
    /** The audited URL's origin, so the history can be listed per website. */
    websiteOrigin: text('website_origin'),
    overallScore: integer('overall_score').notNull(),
    aiUnderstanding: integer('ai_understanding').notNull(),
    citationLikelihood: integer('citation_likelihood').notNull(),
    conversationalReadiness: integer('conversational_readiness').notNull(),
    contentStructure: integer('content_structure').notNull(),
    recommendations: jsonb('recommendations').$type<string[]>().notNull(),
    issues: jsonb('issues').$type<AuditIssue[]>().notNull(),
    auditData: jsonb('audit_data').$type<StoredAudit>().notNull(),
    /**
     * Copies of audit_data's kind and page count, so lists (ten per dashboard load) never read
     * audit_data: extracting them decompressed every candidate row's whole audit. Null only in
     * rows written without them; readers fall back to audit_data then.
     */
    kind: text('kind'),
    pageCount: integer('page_count'),
    createdAt: createdAt(),
  },
  (table) => [
    index('audit_history_user_created_idx').on(table.userId, table.createdAt.desc()),
    index('audit_history_user_origin_created_idx').on(table.userId, table.websiteOrigin, table.createdAt.desc()),
  ],
);

/**
 * Messages sent through the public contact form (spec 000 §3). The privacy consent is required to
 * send but not stored, and neither is the sender's IP: the per-IP limit lives in the rate-limit counters.
 */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    company: text('company'),
    website: text('website'),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    /** The sender's plan when they wrote signed in; null for a visitor. */
    senderPlan: text('sender_plan'),
    /** Sent signed in on a plan with priority support (Pro, Agency): the operator's mail says so. */
    priority: boolean('priority').notNull().default(false),
    createdAt: createdAt(),
  },
  (table) => [index('contact_messages_created_idx').on(table.createdAt)],
);

/** Tokens spent on the LLM provider, per user and feature: the monthly budget is summed from here. */
export const llmUsage = pgTable(
  'llm_usage',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    feature: text('feature').notNull(),
    model: text('model').notNull(),
    inputTokens: integer('input_tokens').notNull(),
    outputTokens: integer('output_tokens').notNull(),
    /** Web searches the engine bills apart from the tokens (issue 29): the month's search budget is summed from here. */
    searches: integer('searches').notNull().default(0),
    createdAt: createdAt(),
  },
  (table) => [index('llm_usage_user_created_idx').on(table.userId, table.createdAt)],
);

/** One Citation Tracker run: its inputs, the sources' statuses and the summary its history shows. */
export const citationRuns = pgTable(
  'citation_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    domain: text('domain').notNull(),
    brand: text('brand').notNull(),
    /** The built-in analysis or the model that answered. */
    source: text('source').notNull(),
    keywords: jsonb('keywords').$type<string[]>().notNull(),
    fingerprintPhrases: jsonb('fingerprint_phrases').$type<string[]>().notNull(),
    samplesPerPrompt: integer('samples_per_prompt').notNull(),
    /** The whole result as returned, so a past run can be shown and compared as it was. */
    result: jsonb('result').$type<CitationTrackerResult>().notNull(),
    samples: integer('samples').notNull(),
    mentions: integer('mentions').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('citation_runs_user_domain_created_idx').on(table.userId, table.domain, table.createdAt.desc())],
);

/** One observation of a run: an answer (engine, prompt, sample) or a search result, and what it said about the site. */
export const citationResults = pgTable(
  'citation_results',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    runId: uuid('run_id')
      .notNull()
      .references(() => citationRuns.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    sourceId: text('source_id').notNull(),
    prompt: text('prompt').notNull(),
    sample: integer('sample').notNull(),
    url: text('url'),
    mentioned: boolean('mentioned').notNull(),
    rank: integer('rank'),
    charOffset: integer('char_offset'),
    sentiment: real('sentiment'),
    ownPageCited: boolean('own_page_cited').notNull(),
    citedUrls: jsonb('cited_urls').$type<string[]>().notNull(),
    competitorsMentioned: jsonb('competitors_mentioned').$type<string[]>().notNull(),
    /** Competitors one of whose pages the answer cites: the "cited" measure, as for the user (issue 29). */
    competitorsCited: jsonb('competitors_cited').$type<string[]>().notNull().default([]),
    /** Pages the engine searched that the answer does not cite ("sources consulted"). */
    consultedUrls: jsonb('consulted_urls').$type<string[]>().notNull().default([]),
    /** The answer (or result) as the source gave it, so the user can read what an engine said (issue 21). */
    answerText: text('answer_text'),
    createdAt: createdAt(),
  },
  (table) => [index('citation_results_run_idx').on(table.runId), index('citation_results_user_created_idx').on(table.userId, table.createdAt)],
);

/** Spec 001 §3 saved_citation_prompts: the user's own prompts, asked besides the keyword templates. */
export const savedCitationPrompts = pgTable(
  'saved_citation_prompts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    prompt: text('prompt').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('saved_citation_prompts_user_idx').on(table.userId, table.createdAt)],
);

/** Spec 001 §3 fingerprint_phrases: distinctive phrases of the user's content, found even without a link or the brand. */
export const fingerprintPhrases = pgTable(
  'fingerprint_phrases',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    phrase: text('phrase').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('fingerprint_phrases_user_idx').on(table.userId, table.createdAt)],
);

/**
 * Monitoring (issue 7): one row per user and site URL (a website or competitor of the profile),
 * due at next_run_at. Stored rather than held in memory so schedules survive restarts; the
 * monitor's tick keeps the rows in step with the profile.
 */
export const monitorSchedules = pgTable(
  'monitor_schedules',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    role: text('role').notNull(),
    nextRunAt: timestamp('next_run_at', { withTimezone: true }).notNull(),
    lastRunAt: timestamp('last_run_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('monitor_schedules_user_url_idx').on(table.userId, table.url), index('monitor_schedules_due_idx').on(table.nextRunAt)],
);

/** Audit runs the monitor started: marks them scheduled in the history and counts their attempts. */
export const monitorRuns = pgTable(
  'monitor_runs',
  {
    runId: uuid('run_id')
      .primaryKey()
      .references(() => auditRuns.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    role: text('role').notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: createdAt(),
  },
  (table) => [index('monitor_runs_user_created_idx').on(table.userId, table.createdAt)],
);

/**
 * Smart alerts (spec 001 §3 Alert), computed on the server after every audit. The dedupe key
 * (unique per user) is what keeps a rule from raising the same alert twice; dismissed and
 * pruned rows stay as tombstones so their keys keep holding.
 */
export const alerts = pgTable(
  'alerts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    dedupeKey: text('dedupe_key').notNull(),
    type: text('type').notNull(),
    title: text('title').notNull(),
    message: text('message').notNull(),
    severity: text('severity').notNull(),
    confidence: integer('confidence').notNull(),
    impact: text('impact'),
    timeframe: text('timeframe'),
    steps: jsonb('steps').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    actionUrl: text('action_url'),
    actionLabel: text('action_label'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    read: boolean('read').notNull().default(false),
    dismissed: boolean('dismissed').notNull().default(false),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('alerts_user_dedupe_idx').on(table.userId, table.dedupeKey), index('alerts_user_created_idx').on(table.userId, table.createdAt.desc())],
);

/**
 * Generated reports (spec 002 §3 Report). The file lives in the report storage at storage_path;
 * file_url is the session-scoped view route that serves it once status is completed.
 */
export const reports = pgTable(
  'reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    reportName: text('report_name').notNull(),
    reportType: text('report_type').notNull(),
    format: text('format').notNull(),
    /** The request's config and report data as validated, so the job renders what was asked. */
    config: jsonb('config').$type<Record<string, unknown>>().notNull(),
    status: text('status').notNull(),
    storagePath: text('storage_path'),
    fileUrl: text('file_url'),
    size: integer('size'),
    error: text('error'),
    createdAt: createdAt(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (table) => [index('reports_user_created_idx').on(table.userId, table.createdAt.desc())],
);

/**
 * A user's connection to a CMS (spec 002 §3 CMS integration). The credentials are one AES-256-GCM
 * envelope (base64 of iv | tag | ciphertext, see cms/credentials.ts): a database dump alone never
 * gives access to anyone's site. One connection per CMS type per user.
 */
export const cmsIntegrations = pgTable(
  'cms_integrations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    cmsType: text('cms_type').notNull(),
    cmsName: text('cms_name').notNull(),
    siteUrl: text('site_url').notNull(),
    credentialsEncrypted: text('credentials_encrypted').notNull(),
    lastSyncAt: timestamp('last_sync_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (table) => [uniqueIndex('cms_integrations_user_type_idx').on(table.userId, table.cmsType)],
);

/** Posts and products read from a connected CMS by a sync, kept so they can be audited. */
export const cmsSyncedItems = pgTable(
  'cms_synced_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    integrationId: uuid('integration_id')
      .notNull()
      .references(() => cmsIntegrations.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    externalId: text('external_id').notNull(),
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    url: text('url'),
    content: text('content').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (table) => [uniqueIndex('cms_synced_items_external_idx').on(table.integrationId, table.kind, table.externalId), index('cms_synced_items_user_idx').on(table.userId)],
);

/** An agency's white-label theme (spec 002 §3); reports read it too, so the column names are fixed. */
export const whiteLabelSettings = pgTable('white_label_settings', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  primaryColorHex: text('primary_color_hex'),
  secondaryColorHex: text('secondary_color_hex'),
  accentColorHex: text('accent_color_hex'),
  faviconUrl: text('favicon_url'),
  companyName: text('company_name'),
  customCss: text('custom_css'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).defaultNow().notNull(),
});

/** Completed playbook steps (spec 002 §4): one row per user, playbook and step, so completing twice is a no-op. */
export const playbookProgress = pgTable(
  'playbook_progress',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    playbookId: text('playbook_id').notNull(),
    stepId: text('step_id').notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (table) => [uniqueIndex('playbook_progress_user_step_idx').on(table.userId, table.playbookId, table.stepId)],
);

/** Playbooks generated from a user's audit; the whole definition is kept so it reads as it was built. */
export const customPlaybooks = pgTable(
  'custom_playbooks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    playbook: jsonb('playbook').$type<Playbook>().notNull(),
    /** The audit it was built from. */
    auditId: uuid('audit_id'),
    createdAt: createdAt(),
  },
  (table) => [index('custom_playbooks_user_created_idx').on(table.userId, table.createdAt.desc())],
);

/** Feedback from the dashboard's dialog (spec 002 §2.12); the plan is the one stored when it was sent. */
export const feedback = pgTable(
  'feedback',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    feedbackType: text('feedback_type').notNull(),
    satisfaction: integer('satisfaction').notNull(),
    valueRating: integer('value_rating').notNull(),
    feedbackText: text('feedback_text').notNull(),
    userPlan: text('user_plan').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('feedback_created_idx').on(table.createdAt.desc())],
);

/**
 * Keys of the public API (/api/v1) and the MCP endpoint. Only the SHA-256 of the secret is kept:
 * the secret is 256 random bits, so a fast hash is enough and lets a request find its key by
 * index. `owner_id` is the user today; an organization can own keys later without a new column.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    ownerId: text('owner_id').notNull(),
    name: text('name').notNull(),
    /** The first characters of the secret, shown in lists so a key can be recognised. */
    prefix: text('prefix').notNull(),
    hash: text('hash').notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('api_keys_hash_idx').on(table.hash), index('api_keys_user_created_idx').on(table.userId, table.createdAt.desc())],
);

/**
 * TOTP codes already accepted, so a code cannot be used twice within its validity window
 * (RFC 6238 §5.2): better-auth checks a code's value but keeps no record of its use. Only a
 * hash is kept, and each row lapses once the code it stands for can no longer verify.
 */
export const twoFactorSpentCodes = pgTable(
  'two_factor_spent_codes',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.codeHash] })],
);

/**
 * The weekly suggestions e-mail (spec 000 §6, Pro and Agency). A missing row means subscribed
 * and never sent; last_sent_week keeps a retried or repeated weekly run from sending twice.
 */
export const digestPreferences = pgTable('digest_preferences', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
  /** The ISO week (e.g. 2026-W47) of the last digest sent. */
  lastSentWeek: text('last_sent_week'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).defaultNow().notNull(),
});

/**
 * Outgoing webhooks (issue 23): an account's endpoints, signed per Standard Webhooks. The signing
 * secret is kept encrypted with CREDENTIALS_KEY (as CMS credentials are), since it must be read
 * back to sign; `events` is the subset of WEBHOOK_EVENT_TYPES the endpoint receives.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    events: jsonb('events').$type<string[]>().notNull(),
    secretEncrypted: text('secret_encrypted').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    /**
     * The person who added the endpoint (issue #35): in a client's scope a team member, whose
     * endpoints are disabled when they leave the workspace. Null once that account is deleted.
     */
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [index('webhook_endpoints_user_created_idx').on(table.userId, table.createdAt), index('webhook_endpoints_created_by_idx').on(table.createdBy)],
);

/**
 * One event for one endpoint: the exact body that is signed (retries send the same bytes under
 * the same webhook-id), and where its delivery stands. `dedupe_key` makes an event raised twice
 * (a retried job, a repeated hook) one delivery.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    /** The Standard Webhooks message id (webhook-id header), `msg_` and random characters. */
    messageId: text('message_id').notNull(),
    eventType: text('event_type').notNull(),
    dedupeKey: text('dedupe_key').notNull(),
    body: text('body').notNull(),
    /** pending, succeeded or failed (every attempt spent). */
    status: text('status').notNull().default('pending'),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('webhook_deliveries_endpoint_dedupe_idx').on(table.endpointId, table.dedupeKey)],
);

/** Every attempt at a delivery, for the delivery log (the latest 50 per endpoint are shown). */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    deliveryId: uuid('delivery_id')
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    attempt: integer('attempt').notNull(),
    succeeded: boolean('succeeded').notNull(),
    /** Null when no answer came (refused address, timeout, connection error). */
    statusCode: integer('status_code'),
    durationMs: integer('duration_ms').notNull(),
    error: text('error'),
    /** The first characters of the answer's body. */
    responseExcerpt: text('response_excerpt'),
    createdAt: createdAt(),
  },
  (table) => [index('webhook_attempts_endpoint_created_idx').on(table.endpointId, table.createdAt.desc())],
);
