import { z } from 'zod';
import { AUDIT_SCOPES, SITE_AUDIT_DEFAULT_PAGES, SITE_AUDIT_MAX_PAGES } from './audits-api';
import { httpUrlSchema } from './profile';

/** Prefix of every secret key, so a leaked key is recognisable (and scannable) as Citable's. */
export const API_KEY_PREFIX = 'ck_live_';
/** Characters of the secret shown in key lists: the prefix and a few random ones. */
export const API_KEY_VISIBLE_CHARS = API_KEY_PREFIX.length + 6;
/** Keys a user may hold at once (revoked keys do not count). */
export const MAX_API_KEYS = 20;
/** Requests per key per minute when API_RATE_LIMIT_PER_MINUTE is unset. */
export const DEFAULT_API_RATE_LIMIT_PER_MINUTE = 60;

export const apiKeyNameSchema = z.string().trim().min(1, 'Name the key').max(100, 'Use at most 100 characters');

export const apiKeyCreateRequestSchema = z.strictObject({ name: apiKeyNameSchema });
export type ApiKeyCreateRequest = z.infer<typeof apiKeyCreateRequestSchema>;

/** A key as listed in Settings: never the secret. */
export const apiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  prefix: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

/** The answer to a creation: the only time the secret is sent. */
export const apiKeyCreatedSchema = apiKeySchema.extend({ secret: z.string() });
export type ApiKeyCreated = z.infer<typeof apiKeyCreatedSchema>;

export const apiKeyListSchema = z.object({ keys: z.array(apiKeySchema) });
export type ApiKeyList = z.infer<typeof apiKeyListSchema>;

export const API_KEY_MESSAGES = {
  missing: 'Missing API key. Send it as "Authorization: Bearer <key>".',
  invalid: 'Invalid or revoked API key.',
  tooMany: `You can hold at most ${MAX_API_KEYS} active API keys. Revoke one first.`,
  rateLimited: (seconds: number) => `Rate limit exceeded. Retry in ${seconds} seconds.`,
} as const;

/** Body of `POST /api/v1/audits`: a page audit unless `scope` says `site`. */
export const v1AuditRequestSchema = z.strictObject({
  url: httpUrlSchema.meta({ description: 'The page (or, with scope "site", the site) to audit.', example: 'https://example.com/' }),
  scope: z.enum(AUDIT_SCOPES).default('page').meta({ description: 'page: one URL; site: a crawl from the URL.' }),
  maxPages: z
    .number()
    .int()
    .min(1)
    .max(SITE_AUDIT_MAX_PAGES)
    .optional()
    .meta({
      description: `With scope "site": the most pages to audit (default ${SITE_AUDIT_DEFAULT_PAGES}), up to the plan's limit (100, or 500 on Agency); more answers 403 naming the limit. Error pages (4xx, 5xx, soft 404s) are listed, not audited.`,
      example: 100,
    }),
});
export type V1AuditRequest = z.input<typeof v1AuditRequestSchema>;
export type V1AuditBody = z.output<typeof v1AuditRequestSchema>;

/** The tools of `POST /api/v1/tools/{name}`, named as their `/api/functions/{name}` twins. */
export const V1_TOOL_NAMES = [
  'schema-generator',
  'citation-tracker',
  'content-optimizer',
  'entity-coverage-analyzer',
  'llm-site-summaries',
  'prompt-match-suggestions',
  'voice-assistant-tester',
  'competitive-analysis',
  'competitor-discovery',
] as const;
export type V1ToolName = (typeof V1_TOOL_NAMES)[number];
