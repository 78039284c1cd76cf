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
    }),
  ),
  recommendationsByCheck: z.array(siteRecommendationSchema),
});
export type SiteAuditResult = z.infer<typeof siteAuditResultSchema>;
