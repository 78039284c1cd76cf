/**
 * Advanced Reports (spec 002 §2.3, §3, §4, §8): templates, the generation request, the stored
 * report as listed, the document every format is rendered from, the ROI method and the messages.
 * Plans per template and the monthly allowance live in entitlements.ts.
 */
import { z } from 'zod';
import { issuePrioritySchema, issueCategorySchema, subscoresSchema } from './audit-result';
import { trackingRunSchema } from './citations';
import { canUse, REPORT_TEMPLATE_IDS, REPORT_TEMPLATE_REQUIRED_PLAN, type Gate, type ReportTemplateId } from './entitlements';
import type { PlanId } from './plans';
import { HISTORY_PERIODS } from './track';

export const REPORT_FORMATS = ['html', 'pdf', 'csv', 'json'] as const;
export const reportFormatSchema = z.enum(REPORT_FORMATS);
export type ReportFormat = z.infer<typeof reportFormatSchema>;

export const REPORT_CONTENT_TYPES: Record<ReportFormat, string> = {
  html: 'text/html; charset=utf-8',
  pdf: 'application/pdf',
  csv: 'text/csv; charset=utf-8',
  json: 'application/json; charset=utf-8',
};

export const REPORT_STATUSES = ['queued', 'running', 'completed', 'failed'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

/** The sections a template can hold, in the order every format renders them. */
export const REPORT_SECTIONS = ['summary', 'scores', 'issues', 'checks', 'recommendations', 'history', 'citations', 'competitors', 'roi'] as const;
export type ReportSection = (typeof REPORT_SECTIONS)[number];

export const REPORT_SECTION_LABELS: Record<ReportSection, string> = {
  summary: 'Executive summary',
  scores: 'Scores',
  issues: 'Issues by priority',
  checks: 'Checks of the latest audit',
  recommendations: 'Recommendations',
  history: 'Score history',
  citations: 'Answer engines',
  competitors: 'Competitor benchmarks',
  roi: 'Return on investment',
};

export interface ReportTemplate {
  id: ReportTemplateId;
  name: string;
  description: string;
  sections: readonly ReportSection[];
  planRequired: PlanId;
  /** Only these templates offer the ROI option (spec 002 §6). */
  carriesRoi: boolean;
}

export const REPORT_TEMPLATES: Record<ReportTemplateId, ReportTemplate> = {
  'executive-summary': {
    id: 'executive-summary',
    name: 'Executive Summary',
    description: 'Scores, the most important issues, progress over time and ROI for stakeholders.',
    sections: ['summary', 'scores', 'issues', 'recommendations', 'history', 'citations', 'competitors', 'roi'],
    planRequired: REPORT_TEMPLATE_REQUIRED_PLAN['executive-summary'],
    carriesRoi: true,
  },
  'technical-audit': {
    id: 'technical-audit',
    name: 'Technical Audit',
    description: 'Every check of the latest audit with its score, all issues by priority and the fixes.',
    sections: ['summary', 'scores', 'issues', 'checks', 'recommendations', 'history', 'competitors'],
    planRequired: REPORT_TEMPLATE_REQUIRED_PLAN['technical-audit'],
    carriesRoi: false,
  },
  'competitive-intelligence': {
    id: 'competitive-intelligence',
    name: 'Competitive Intelligence',
    description: 'Your scores against your competitors’ latest audits, subscore by subscore, how answer engines cite you and them, with ROI.',
    sections: ['summary', 'scores', 'competitors', 'citations', 'history', 'recommendations', 'roi'],
    planRequired: REPORT_TEMPLATE_REQUIRED_PLAN['competitive-intelligence'],
    carriesRoi: true,
  },
};
export { REPORT_TEMPLATE_IDS };

/**
 * Sections that carry a tool's data, and the gate of that tool: a report leaves the section out on
 * a plan without the tool. The answer-engine section is the Citation Tracker's (a Core tool).
 */
export const REPORT_SECTION_GATES: Partial<Record<ReportSection, Gate>> = { citations: { tool: 'citations' } };

export function reportSectionInPlan(section: ReportSection, plan: PlanId): boolean {
  const gate = REPORT_SECTION_GATES[section];
  return gate === undefined || canUse(plan, gate);
}

export const reportTemplateIdSchema = z.enum(REPORT_TEMPLATE_IDS as [ReportTemplateId, ...ReportTemplateId[]]);

/** citationRuns: the website's scheduled Citation Tracker runs a report carries, newest first. */
export const REPORT_LIMITS = { nameMaxLength: 120, companyNameMaxLength: 80, footerTextMaxLength: 200, historyPoints: 60, sites: 25, citationRuns: 12 } as const;

export const roiInputsSchema = z.strictObject({
  /** Organic visits per month today, from the user's own analytics. */
  monthlyOrganicTraffic: z.number().int().min(1).max(1_000_000_000),
  /** Percent of visits that convert, 0-100. */
  conversionRate: z.number().gt(0).max(100),
  /** Average value of one conversion, in the user's currency. */
  valuePerConversion: z.number().gt(0).max(100_000_000),
});
export type RoiInputs = z.infer<typeof roiInputsSchema>;

export const brandingOptionsSchema = z.strictObject({
  includeLogo: z.boolean().default(false),
  customColors: z.boolean().default(false),
  companyName: z.string().trim().max(REPORT_LIMITS.companyNameMaxLength).default(''),
  footerText: z.string().trim().max(REPORT_LIMITS.footerTextMaxLength).default(''),
});
export type BrandingOptions = z.infer<typeof brandingOptionsSchema>;

/** Whether any white-label option is asked for: those need the agency plan. */
export function usesBranding(branding: BrandingOptions | undefined): boolean {
  return !!branding && (branding.includeLogo || branding.customColors || branding.companyName !== '' || branding.footerText !== '');
}

export const reportConfigSchema = z.strictObject({
  includeRecommendations: z.boolean().default(true),
  includeCharts: z.boolean().default(true),
  includeHistory: z.boolean().default(true),
  includeROI: z.boolean().default(false),
  includeCompetitorBenchmarks: z.boolean().default(false),
  brandingOptions: brandingOptionsSchema.optional(),
  /** Required when includeROI is on. */
  roiInputs: roiInputsSchema.optional(),
  /** How far back the history and the ROI's score gain reach (spec 002 §9 period options). */
  period: z.enum(HISTORY_PERIODS).default('all'),
});
export type ReportConfig = z.infer<typeof reportConfigSchema>;
export type ReportConfigInput = z.input<typeof reportConfigSchema>;

export const generateReportRequestSchema = z.strictObject({
  reportType: reportTemplateIdSchema,
  /** Checked non-blank by the route, so the answer carries the spec's own message. */
  reportName: z.string().max(REPORT_LIMITS.nameMaxLength),
  /** Which of the user's websites the report is about; the first website of the profile otherwise. */
  reportData: z.strictObject({ website: z.url({ protocol: /^https?$/ }).optional() }).optional(),
  format: reportFormatSchema,
  config: reportConfigSchema.default(() => reportConfigSchema.parse({})),
});
export type GenerateReportRequest = z.input<typeof generateReportRequestSchema>;

export const generateReportResponseSchema = z.object({
  reportId: z.string(),
  status: z.enum(REPORT_STATUSES),
  /** Set once the file exists; generation runs in the background, so usually null at first. */
  downloadUrl: z.string().nullable(),
  generatedAt: z.string().nullable(),
});
export type GenerateReportResponse = z.infer<typeof generateReportResponseSchema>;

export const reportListItemSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: reportTemplateIdSchema,
  format: reportFormatSchema,
  status: z.enum(REPORT_STATUSES),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
  downloadUrl: z.string().nullable(),
  size: z.number().int().nullable(),
  error: z.string().nullable(),
});
export type ReportListItem = z.infer<typeof reportListItemSchema>;
export const reportListSchema = z.object({ reports: z.array(reportListItemSchema) });
export type ReportList = z.infer<typeof reportListSchema>;

export const reportViewQuerySchema = z.strictObject({
  format: reportFormatSchema.optional(),
  download: z.enum(['true', 'false']).default('false'),
});

/** The file name of a downloaded report (spec 002 §7.1). */
export function reportFileName(id: string, format: ReportFormat): string {
  return `report_${id.slice(0, 8)}.${format}`;
}

export function reportViewUrl(id: string, format: ReportFormat, download: boolean): string {
  return `/api/reports/${id}/view?format=${format}&download=${download}`;
}

/**
 * The ROI method. Answer engines do not publish referral shares, so the one factor is taken from
 * the published study closest to what the score measures: Aggarwal et al., "GEO: Generative Engine
 * Optimization" (KDD 2024, arXiv:2311.09735), found that the best content optimisations raised a
 * source's visibility in generative-engine answers by up to 40%. The estimate scales that ceiling by
 * the share of the score range the user actually gained, so it is an upper bound, labelled as such.
 */
export const ROI_METHOD = {
  visibilityFactor: 0.4,
  source: 'Aggarwal et al., “GEO: Generative Engine Optimization”, KDD 2024 (arXiv:2311.09735): optimised content gained up to 40% visibility in generative-engine answers.',
  minimumAudits: 2,
} as const;

const roiTermSchema = z.object({ label: z.string(), value: z.number(), unit: z.enum(['points', 'visits', 'conversions', 'currency', 'months', 'percent']), formula: z.string() });
export type RoiTerm = z.infer<typeof roiTermSchema>;

export const reportRoiSchema = z.discriminatedUnion('available', [
  z.object({ available: z.literal(false), reason: z.string() }),
  z.object({
    available: z.literal(true),
    inputs: roiInputsSchema,
    period: z.object({ from: z.string(), to: z.string(), audits: z.number().int() }),
    terms: z.array(roiTermSchema),
    factorSource: z.string(),
    caveat: z.string(),
  }),
]);
export type ReportRoi = z.infer<typeof reportRoiSchema>;

const scorePointSchema = z.object({ date: z.string(), overallScore: z.number(), subscores: subscoresSchema });

export const reportSiteScoresSchema = z.object({
  name: z.string(),
  url: z.string(),
  /** Null when the site has never been audited. */
  latest: scorePointSchema.nullable(),
});
export type ReportSiteScores = z.infer<typeof reportSiteScoresSchema>;

/** The document every format renders, and the JSON format's whole content. */
export const reportDocumentSchema = z.object({
  report: z.object({
    id: z.string(),
    name: z.string(),
    template: reportTemplateIdSchema,
    templateName: z.string(),
    format: reportFormatSchema,
    generatedAt: z.string(),
    period: z.enum(HISTORY_PERIODS),
    sections: z.array(z.enum(REPORT_SECTIONS)),
    /** Whether charts are drawn (the includeCharts option). */
    charts: z.boolean(),
  }),
  branding: z.object({ companyName: z.string().nullable(), footerText: z.string().nullable(), colors: z.object({ primary: z.string(), secondary: z.string(), accent: z.string() }), logo: z.string().nullable() }),
  site: reportSiteScoresSchema.extend({ auditedAt: z.string(), pageCount: z.number().int(), auditKind: z.enum(['site', 'page', 'content']) }),
  summary: z.array(z.string()),
  issues: z.array(z.object({ title: z.string(), priority: issuePrioritySchema, category: issueCategorySchema, suggestion: z.string(), checkId: z.string() })),
  checks: z.array(z.object({ id: z.string(), title: z.string(), subscore: z.string(), score: z.number().nullable(), passed: z.boolean().nullable(), pointsLost: z.number(), explanation: z.string() })),
  recommendations: z.array(z.string()),
  history: z.array(scorePointSchema),
  websites: z.array(reportSiteScoresSchema),
  competitors: z.array(reportSiteScoresSchema),
  roi: reportRoiSchema.nullable(),
  /**
   * The website's scheduled runs of its tracked prompts (issue 21), newest first, at most
   * REPORT_LIMITS.citationRuns; null when the report has no answer-engine section. Documents stored
   * before the section existed read as null.
   */
  citations: z.object({ domain: z.string(), runs: z.array(trackingRunSchema) }).nullable().default(null),
});
export type ReportDocument = z.infer<typeof reportDocumentSchema>;

/** Spec 002 §5 and §8, word for word where the spec gives the words. */
export const REPORT_MESSAGES = {
  nameRequired: 'Please enter a report name',
  authRequired: 'Authentication required',
  generateFailed: 'Failed to generate report',
  accessFailed: (statusText: string) => `Failed to access report: ${statusText}`,
  downloadFailed: 'Failed to download report',
  viewFailed: 'Failed to view report',
  viewFailedReason: (reason: string | undefined) => `Failed to view report: ${reason || 'Unknown error'}`,
  deleteFailed: 'Failed to delete report',
  loadFailed: 'Failed to load reports',
  empty: 'No Reports Yet',
  upgrade: 'Upgrade to Core Plan',
  noAudits: 'Run an audit of your website first: a report is built from your audits.',
  roiNotOffered: 'This template does not carry ROI metrics.',
  roiInputsRequired: 'Enter your monthly organic traffic, conversion rate and value per conversion to include ROI.',
  limitReached: 'You have generated all the reports your plan includes this month.',
  notReady: 'This report is not ready yet.',
  noCitationRuns: 'No tracked prompts have run for this website yet. Track prompts in the Citation Tracker to see how answer engines mention you.',
} as const;
