import { z } from 'zod';
import { auditIssueSchema, auditPageMetaSchema, checkOutcomeSchema, errorPageSchema, issueCategorySchema, issuePrioritySchema, subscoreIdSchema, subscoresSchema } from './audit-result';
import type { PlanId } from './plans';
import { httpUrlSchema, planIdSchema } from './profile';

/**
 * The audit API (spec 001 §3, §4, §7): the synchronous `ai-visibility-audit` function, audit runs
 * (site or page audits as background jobs with progress) and the audit history. Results are
 * stored in full and revealed by plan when read: the free plan sees the overall score and the
 * recommendations' titles only, so an upgrade shows the detail of past audits too.
 */

/** Pasted content is capped below the API's 1 MB body limit so the JSON around it still fits. */
export const AUDIT_CONTENT_MAX_CHARS = 1_000_000;
export const AUDIT_SCOPES = ['site', 'page'] as const;
export type AuditScope = (typeof AUDIT_SCOPES)[number];
export const AUDIT_STATUSES = ['queued', 'running', 'completed', 'failed'] as const;
export type AuditStatus = (typeof AUDIT_STATUSES)[number];

/** Pages a site audit reads by default and at most (any plan); SITE_AUDIT_PAGE_LIMITS caps each plan. */
export const SITE_AUDIT_DEFAULT_PAGES = 25;
export const SITE_AUDIT_MAX_PAGES = 500;
/** The most pages one site audit may read on each plan: agencies audit their clients' large sites. */
export const SITE_AUDIT_PAGE_LIMITS: Record<PlanId, number> = { free: 100, core: 100, pro: 100, agency: 500 };
/** History list sizes (spec 001 §7): 50 by default, 20 for one website, never more than 100. */
export const AUDIT_LIST_DEFAULT = 50;
export const AUDIT_LIST_WEBSITE_DEFAULT = 20;
export const AUDIT_LIST_MAX = 100;
/** The overview loads this many audits (spec 001 §2, §9). */
export const OVERVIEW_AUDIT_LIMIT = 10;

export const AUDIT_MESSAGES = {
  alreadyRunning: 'An audit is already running. Please wait for it to finish.',
  limitReached: "You have reached your plan's monthly audit limit.",
  selectWebsite: 'Please select a website first',
  failed: 'Failed to run audit. Please try again.',
  siteScopeOwnSites: 'Site audits are for your own websites and competitors. Add the site in Settings, or audit a single page.',
  contentOrUrl: 'Send either a url or content, not both.',
  pageLimit: (limit: number) => `Your plan audits up to ${limit} pages per site.`,
} as const;

/** Body of `POST /api/functions/ai-visibility-audit`: exactly one of url and content. */
export const auditFunctionRequestSchema = z
  .strictObject({
    url: httpUrlSchema.optional(),
    content: z.string().min(1, 'Content is empty').max(AUDIT_CONTENT_MAX_CHARS, 'Content is larger than 1 MB').optional(),
  })
  .refine((body) => (body.url === undefined) !== (body.content === undefined), { message: AUDIT_MESSAGES.contentOrUrl, path: ['url'] });
export type AuditFunctionRequest = z.infer<typeof auditFunctionRequestSchema>;

/** How much of a stored audit the reader's plan reveals. */
export const auditDetailSchema = z.enum(['full', 'overall']);
export type AuditDetail = z.infer<typeof auditDetailSchema>;

const revealed = {
  detail: auditDetailSchema,
  /** Set when detail is `overall`: the plan that reveals subscores, checks and issues. */
  requiredPlan: planIdSchema.optional(),
};

/** The function's answer: the spec's audit result (subscores, issues and checks only with full detail). */
export const auditFunctionResponseSchema = z.object({
  id: z.string(),
  overallScore: z.number(),
  subscores: subscoresSchema.optional(),
  recommendations: z.array(z.string()),
  issues: z.array(auditIssueSchema).optional(),
  checks: z.array(checkOutcomeSchema).optional(),
  page: auditPageMetaSchema,
  ...revealed,
});
export type AuditFunctionResponse = z.infer<typeof auditFunctionResponseSchema>;

/** Body of `POST /api/audits`. */
export const auditRunRequestSchema = z.strictObject({
  url: httpUrlSchema,
  scope: z.enum(AUDIT_SCOPES),
  maxPages: z.number().int().min(1).max(SITE_AUDIT_MAX_PAGES).optional(),
});
export type AuditRunRequest = z.infer<typeof auditRunRequestSchema>;

/**
 * One check in a report's breakdown. For a site audit the score is the mean over the pages where
 * the check applies, and `pagesFailing` says on how many of them it failed.
 */
export const auditReportCheckSchema = z.object({
  id: z.string(),
  title: z.string(),
  subscore: subscoreIdSchema,
  /** 0..1, or null when the check did not apply. */
  score: z.number().min(0).max(1).nullable(),
  passed: z.boolean().nullable(),
  explanation: z.string(),
  suggestion: z.string(),
  learnMore: z.string(),
  priority: issuePrioritySchema,
  category: issueCategorySchema,
  pointsLost: z.number().min(0),
  pagesFailing: z.number().int().min(0).optional(),
  pagesApplicable: z.number().int().min(0).optional(),
});
export type AuditReportCheck = z.infer<typeof auditReportCheckSchema>;

export const auditPageSummarySchema = z.object({
  url: z.string().nullable(),
  title: z.string().nullable(),
  overallScore: z.number(),
  subscores: subscoresSchema.optional(),
  /** The HTTP status the page answered (after redirects); absent for pasted content and older audits. */
  httpStatus: z.number().int().min(100).max(599).optional(),
});
export type AuditPageSummary = z.infer<typeof auditPageSummarySchema>;

export const auditKindSchema = z.enum(['site', 'page', 'content']);
export type AuditKind = z.infer<typeof auditKindSchema>;

/** A completed audit as the dashboard shows it, site or page alike. */
export const auditReportSchema = z.object({
  kind: auditKindSchema,
  overallScore: z.number(),
  subscores: subscoresSchema.optional(),
  recommendations: z.array(z.string()),
  issues: z.array(auditIssueSchema).optional(),
  checks: z.array(auditReportCheckSchema).optional(),
  /**
   * A page audit's `page.httpStatus`: the HTTP status the page answered (after redirects), shown on
   * every plan (it is about the fetch, not the score's detail). Absent for pasted content, site
   * audits (each of `pages` has its own) and audits made before it was recorded.
   */
  httpStatus: z.number().int().min(100).max(599).optional(),
  /** Pages audited and scored (error pages are not). */
  pageCount: z.number().int().min(0),
  pages: z.array(auditPageSummarySchema).optional(),
  /** Pages of a site audit that could not be read, with the reason. */
  failedPages: z.array(z.object({ url: z.string(), error: z.string() })).optional(),
  /**
   * Crawl errors of a site audit: pages that answered 4xx/5xx or are soft 404s, listed with their
   * status and left out of the score and of `pageCount` (every plan sees them).
   */
  errorPages: z.array(errorPageSchema).optional(),
  ...revealed,
});
export type AuditReport = z.infer<typeof auditReportSchema>;

export const auditProgressSchema = z.object({
  done: z.number().int().min(0),
  /** Pages known so far (done, in flight and queued, capped by the page limit); absent until the crawl starts. */
  total: z.number().int().min(0).optional(),
});
export type AuditProgress = z.infer<typeof auditProgressSchema>;

/** `GET /api/audits/:id` and the answer of `POST /api/audits` (202). */
export const auditRunSchema = z.object({
  id: z.string(),
  status: z.enum(AUDIT_STATUSES),
  scope: z.enum(AUDIT_SCOPES),
  /** Null for pasted content. */
  website_url: z.string().nullable(),
  progress: auditProgressSchema,
  result: auditReportSchema.optional(),
  error: z.string().optional(),
  created_at: z.string(),
  finished_at: z.string().optional(),
});
export type AuditRun = z.infer<typeof auditRunSchema>;

/** One row of the audit history (spec 001 §3 audit_history), revealed by plan. */
export const auditHistoryItemSchema = z.object({
  id: z.string(),
  kind: auditKindSchema,
  website_url: z.string().nullable(),
  overall_score: z.number(),
  subscores: subscoresSchema.optional(),
  recommendations: z.array(z.string()),
  page_count: z.number().int().min(0),
  created_at: z.string(),
  ...revealed,
});
export type AuditHistoryItem = z.infer<typeof auditHistoryItemSchema>;

export const auditListQuerySchema = z.strictObject({
  website: httpUrlSchema.optional(),
  limit: z.coerce.number().int().min(1).max(AUDIT_LIST_MAX).optional(),
});
export const auditListResponseSchema = z.object({
  audits: z.array(auditHistoryItemSchema),
  /** The user's audit in flight, if any, so a reloaded page can follow it instead of starting another. */
  current: auditRunSchema.nullable(),
});
export type AuditListResponse = z.infer<typeof auditListResponseSchema>;

/** Score colour bands of the overview (spec 001 §2). */
export function scoreBand(score: number): 'good' | 'fair' | 'poor' {
  if (score >= 80) return 'good';
  if (score >= 60) return 'fair';
  return 'poor';
}
