import { z } from 'zod';

/**
 * The result of an AI Visibility Audit (spec §3 "Audit result"): the spec's fields
 * (overallScore, subscores, recommendations, issues) plus the per-check breakdown that makes
 * every lost point traceable, and the page's identifying metadata.
 */

export const SUBSCORE_IDS = [
  'aiUnderstanding',
  'citationLikelihood',
  'conversationalReadiness',
  'contentStructure',
] as const;
export const subscoreIdSchema = z.enum(SUBSCORE_IDS);
export type SubscoreId = z.infer<typeof subscoreIdSchema>;

export const SUBSCORE_LABELS: Record<SubscoreId, string> = {
  aiUnderstanding: 'AI Understanding',
  citationLikelihood: 'Citation Likelihood',
  conversationalReadiness: 'Conversational Readiness',
  contentStructure: 'Content Structure Quality',
};

export const issuePrioritySchema = z.enum(['High', 'Medium', 'Low']);
export type IssuePriority = z.infer<typeof issuePrioritySchema>;

export const issueCategorySchema = z.enum(['Content', 'Technical SEO', 'User Experience', 'Schema']);
export type IssueCategory = z.infer<typeof issueCategorySchema>;

const score100 = z.number().min(0).max(100);

export const subscoresSchema = z.object({
  aiUnderstanding: score100,
  citationLikelihood: score100,
  conversationalReadiness: score100,
  contentStructure: score100,
});
export type Subscores = z.infer<typeof subscoresSchema>;

/** An issue as the spec shapes it, plus the id of the check that raised it. */
export const auditIssueSchema = z.object({
  checkId: z.string(),
  title: z.string(),
  priority: issuePrioritySchema,
  category: issueCategorySchema,
  suggestion: z.string(),
  learnMore: z.string(),
});
export type AuditIssue = z.infer<typeof auditIssueSchema>;

/** One offending or explanatory item of a check (a link, an image, a crawler, a heading...). */
export const checkDetailSchema = z.object({
  label: z.string(),
  value: z.string().optional(),
});
export type CheckDetail = z.infer<typeof checkDetailSchema>;

export const checkOutcomeSchema = z.object({
  id: z.string(),
  title: z.string(),
  subscore: subscoreIdSchema,
  /** Weight of the check inside its subscore, from the scoring config. */
  weight: z.number().min(0),
  /** 0..1, or null when not applicable or when the check failed to run. */
  score: z.number().min(0).max(1).nullable(),
  applicable: z.boolean(),
  /** Set when the check threw; the audit carried on without it. */
  error: z.string().optional(),
  explanation: z.string(),
  details: z.array(checkDetailSchema),
  /** Points of the overall score (0-100) this check cost: recommendations are ordered by it. */
  pointsLost: z.number().min(0),
  priority: issuePrioritySchema,
  category: issueCategorySchema,
  suggestion: z.string(),
  learnMore: z.string(),
});
export type CheckOutcome = z.infer<typeof checkOutcomeSchema>;

export const auditPageMetaSchema = z.object({
  url: z.string().nullable(),
  title: z.string().nullable(),
  author: z.string().nullable(),
  lang: z.string().nullable(),
  publishedAt: z.string().nullable(),
  modifiedAt: z.string().nullable(),
  wordCount: z.number().int().min(0),
  /**
   * The HTTP status the page answered (after redirects). Absent for pasted content and files, and
   * in results made before it was added; an error page (4xx, 5xx) is never audited, so it is a
   * success status.
   */
  httpStatus: z.number().int().min(100).max(599).optional(),
});
export type AuditPageMeta = z.infer<typeof auditPageMetaSchema>;

export const auditResultSchema = z.object({
  overallScore: score100,
  subscores: subscoresSchema,
  /** Failing checks' suggestions, most points lost first. */
  recommendations: z.array(z.string()),
  /** One per failing check, in the same order as `recommendations`. */
  issues: z.array(auditIssueSchema),
  checks: z.array(checkOutcomeSchema),
  page: auditPageMetaSchema,
});
export type AuditResult = z.infer<typeof auditResultSchema>;

/**
 * A fetched page that is not content (issue 18): it answered 4xx or 5xx, or it is a soft 404 (an
 * error page served with a success status). It is never scored: a page audit of it fails, and a
 * site audit or crawl lists it as a crawl error, outside the site score and its "N of M pages".
 */
export const errorPageSchema = z.object({
  url: z.string(),
  /** The HTTP status it answered (2xx for a soft 404). */
  status: z.number().int(),
  /** Why it is an error page, to follow its URL: "answered 404 Not Found". */
  reason: z.string(),
});
export type ErrorPage = z.infer<typeof errorPageSchema>;

const HTTP_STATUS_TEXT: Record<number, string> = {
  200: 'OK', 203: 'Non-Authoritative Information', 206: 'Partial Content',
  400: 'Bad Request', 401: 'Unauthorized', 402: 'Payment Required', 403: 'Forbidden', 404: 'Not Found', 405: 'Method Not Allowed',
  406: 'Not Acceptable', 407: 'Proxy Authentication Required', 408: 'Request Timeout', 409: 'Conflict', 410: 'Gone', 411: 'Length Required',
  412: 'Precondition Failed', 413: 'Content Too Large', 414: 'URI Too Long', 415: 'Unsupported Media Type', 416: 'Range Not Satisfiable',
  417: 'Expectation Failed', 418: "I'm a Teapot", 421: 'Misdirected Request', 422: 'Unprocessable Content', 423: 'Locked', 424: 'Failed Dependency',
  425: 'Too Early', 426: 'Upgrade Required', 428: 'Precondition Required', 429: 'Too Many Requests', 431: 'Request Header Fields Too Large',
  451: 'Unavailable For Legal Reasons', 500: 'Internal Server Error', 501: 'Not Implemented', 502: 'Bad Gateway', 503: 'Service Unavailable',
  504: 'Gateway Timeout', 505: 'HTTP Version Not Supported', 507: 'Insufficient Storage', 508: 'Loop Detected', 511: 'Network Authentication Required',
};

/** "404 Not Found"; a status without a standard name keeps its class ("499 Client Error"). */
export function httpStatusLabel(status: number): string {
  const text = HTTP_STATUS_TEXT[status] ?? (status >= 500 && status < 600 ? 'Server Error' : status >= 400 && status < 500 ? 'Client Error' : null);
  return text ? `${status} ${text}` : String(status);
}

/**
 * The status half of the error-page rule, the one place it is written: a response with a 4xx or 5xx
 * status (or any status from 400 up) is an error page. Returns the reason ("answered 404 Not Found"),
 * or null for a success status and for content that was not fetched. The engine's
 * `errorPageReason(status, model)` adds soft 404s, which need the page's model.
 */
export function httpErrorReason(status: number | null | undefined): string | null {
  if (status === null || status === undefined || !Number.isFinite(status) || status < 400) return null;
  return `answered ${httpStatusLabel(status)}`;
}

/** User-facing messages about error pages: a page audit refused, a site audit with nothing but error pages. */
export const ERROR_PAGE_MESSAGES = {
  /** One line: "https://example.com/missing answered 404 Not Found; error pages are not audited." */
  notAudited: (url: string, reason: string) => `${url} ${reason}; error pages are not audited.`,
  everyPage: (url: string, errorPages: number) =>
    `Every page read from ${url} was an error page (${errorPages} answered an HTTP error or said the page was not found); error pages are not audited.`,
} as const;

/** A recommendation of a site audit, with the pages it concerns. */
export const siteRecommendationSchema = z.object({
  checkId: z.string(),
  text: z.string(),
  priority: issuePrioritySchema,
  category: issueCategorySchema,
  /** Sum over pages of the points lost, divided by the number of pages. */
  meanPointsLost: z.number().min(0),
  pages: z.array(z.string()),
});
export type SiteRecommendation = z.infer<typeof siteRecommendationSchema>;

export const siteAuditResultSchema = z.object({
  overallScore: score100,
  subscores: subscoresSchema,
  recommendations: z.array(z.string()),
  issues: z.array(auditIssueSchema),
  pageCount: z.number().int().min(0),
  pages: z.array(
    z.object({
      url: z.string().nullable(),
      title: z.string().nullable(),
      overallScore: score100,
      subscores: subscoresSchema,
      /** The HTTP status the page answered, as the page audit's `page.httpStatus`; absent in results made before it was added. */
      httpStatus: z.number().int().min(100).max(599).optional(),
      /**
       * The dates the page declares (as the page audit's `page.modifiedAt` and `page.publishedAt`),
       * so the freshness alert tells an old page from one dated in the future; absent in results
       * made before issue 30.
       */
      modifiedAt: z.string().nullable().optional(),
      publishedAt: z.string().nullable().optional(),
    }),
  ),
  recommendationsByCheck: z.array(siteRecommendationSchema),
  /**
   * Pages read but not scored because they are error pages (crawl errors): outside the scores,
   * `pageCount` and the "N of M pages" counts. Absent in results made before issue 18.
   */
  errorPages: z.array(errorPageSchema).optional(),
});
export type SiteAuditResult = z.infer<typeof siteAuditResultSchema>;
