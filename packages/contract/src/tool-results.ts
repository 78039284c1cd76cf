import { z } from 'zod';
import { errorPageSchema, issuePrioritySchema, subscoresSchema } from './audit-result';

/**
 * Inputs (the spec's function payloads, 001 §7 and §9 "Tool options") and results (001 §3 "Tool
 * results") of the dashboard tools that the engine computes offline. Results carry the spec's
 * fields plus the extra fields that make each number traceable (passages, sources, check ids).
 */

const score100 = z.number().min(0).max(100);
const text = z.string().trim();

/**
 * The error pages (4xx, 5xx, soft 404s) a tool met while reading sites, by URL: skipped and listed,
 * never analysed (issue 18). Absent from results saved before it.
 */
export const toolErrorPagesSchema = z.array(errorPageSchema);

export const TOOL_SCOPES = ['site', 'page'] as const;
export const toolScopeSchema = z.enum(TOOL_SCOPES);
export type ToolScope = z.infer<typeof toolScopeSchema>;

// ---------------------------------------------------------------- Schema Generator

/** Types the Schema Generator detects and fills. */
export const GENERATED_SCHEMA_TYPES = [
  'Organization',
  'WebSite',
  'Article',
  'BlogPosting',
  'FAQPage',
  'HowTo',
  'Product',
  'LocalBusiness',
  'BreadcrumbList',
  'Person',
  'Event',
] as const;
export const generatedSchemaTypeSchema = z.enum(GENERATED_SCHEMA_TYPES);
export type GeneratedSchemaType = z.infer<typeof generatedSchemaTypeSchema>;

export const schemaGeneratorInputSchema = z
  .strictObject({
    url: text.max(2048).optional(),
    content: z.string().max(1_000_000).optional(),
    /** A type to generate whatever the page suggests; detected from the page when absent. */
    contentType: generatedSchemaTypeSchema.optional(),
    scope: toolScopeSchema.default('page'),
  })
  .refine((v) => Boolean(v.url?.trim() || v.content?.trim()), 'Provide a website URL or paste content');
export type SchemaGeneratorInput = z.infer<typeof schemaGeneratorInputSchema>;

export const schemaValidationWarningSchema = z.object({
  /** "Type.property", or the type alone for structural problems. */
  field: z.string(),
  message: z.string(),
  severity: z.enum(['error', 'warning']),
});
export type SchemaValidationWarning = z.infer<typeof schemaValidationWarningSchema>;

export const schemaGeneratorResultSchema = z.object({
  suggestedType: z.string(),
  /** Every type in the generated markup, suggested type first. */
  detectedTypes: z.array(z.string()),
  validationWarnings: z.array(schemaValidationWarningSchema),
  /** The JSON-LD object, or { "@context", "@graph" } when several nodes are generated. */
  schema: z.record(z.string(), z.unknown()),
  instructions: z.array(z.string()),
  /** The <script type="application/ld+json"> element to paste. */
  implementation: z.string(),
  /** Top-level nodes that came from the page's existing JSON-LD (merged, not duplicated). */
  mergedExisting: z.array(z.string()),
});
export type SchemaGeneratorResult = z.infer<typeof schemaGeneratorResultSchema>;

// ---------------------------------------------------------------- Entity Coverage Analyzer

/** "unknown": a name whose kind neither the page's markup nor its wording settles (issue #32). */
export const ENTITY_KINDS = ['person', 'organization', 'place', 'product', 'unknown', 'topic'] as const;
export const entityKindSchema = z.enum(ENTITY_KINDS);
export type EntityKind = z.infer<typeof entityKindSchema>;

export const entityCoverageInputSchema = z.strictObject({
  url: text.max(2048).optional(),
  content: z.string().max(1_000_000).optional(),
  industry: z.string().max(100).optional(),
  /** Competitor URLs; the analysis reads at most 3. */
  competitors: z.array(text.max(2048)).max(3).default([]),
});
export type EntityCoverageInput = z.infer<typeof entityCoverageInputSchema>;

export const coveredEntitySchema = z.object({
  name: z.string(),
  type: entityKindSchema,
  description: z.string(),
  recommendations: z.array(z.string()),
  /** Occurrences on the user's page. */
  userMentions: z.number().int().min(0),
  /** Competitor pages that name it, and their occurrences in total. */
  competitorCount: z.number().int().min(0),
  competitorMentions: z.number().int().min(0),
});
export type CoveredEntity = z.infer<typeof coveredEntitySchema>;

export const entityCoverageResultSchema = z.object({
  coverageScore: score100,
  mentionedCount: z.number().int().min(0),
  missingCount: z.number().int().min(0),
  mentionedEntities: z.array(coveredEntitySchema),
  missingEntities: z.array(coveredEntitySchema),
  competitorsAnalyzed: z.number().int().min(0),
  errorPages: toolErrorPagesSchema.optional(),
});
export type EntityCoverageResult = z.infer<typeof entityCoverageResultSchema>;

// ---------------------------------------------------------------- LLM Site Summaries and llms.txt

export const SUMMARY_TYPES = ['overview', 'brief', 'detailed'] as const;
export const summaryTypeSchema = z.enum(SUMMARY_TYPES);
export type SummaryType = z.infer<typeof summaryTypeSchema>;

export const siteSummaryInputSchema = z.strictObject({
  url: text.max(2048).optional(),
  content: z.string().max(1_000_000).optional(),
  summaryType: summaryTypeSchema.default('overview'),
});
export type SiteSummaryInput = z.infer<typeof siteSummaryInputSchema>;

export const summaryEntitySchema = z.object({ name: z.string(), type: entityKindSchema, count: z.number().int().min(1) });
export type SummaryEntity = z.infer<typeof summaryEntitySchema>;

export const siteSummaryResultSchema = z.object({
  summaryType: summaryTypeSchema,
  summary: z.string(),
  /** The ranked sentences the summary is made of, with the page each came from. */
  sentences: z.array(z.object({ text: z.string(), url: z.string().nullable(), score: z.number() })),
  entities: z.array(summaryEntitySchema),
  topics: z.array(z.string()),
  optimizationNotes: z.array(z.string()),
  pagesAnalyzed: z.number().int().min(0),
  errorPages: toolErrorPagesSchema.optional(),
  /**
   * Who wrote `summary` (issue 21): the configured model, by name, or BUILT_IN_SOURCE for the
   * extractive summary of the ranked sentences, which is also what a failed model call falls back to.
   */
  source: z.string().min(1).optional(),
});
export type SiteSummaryResult = z.infer<typeof siteSummaryResultSchema>;

export const llmsTxtResultSchema = z.object({
  llmsTxt: z.string(),
  llmsFullTxt: z.string(),
  /** The engine's llms-txt check run on the generated file. */
  validation: z.object({ score: z.number().min(0).max(1), explanation: z.string(), errors: z.array(z.string()), warnings: z.array(z.string()) }),
});
export type LlmsTxtResult = z.infer<typeof llmsTxtResultSchema>;

// ---------------------------------------------------------------- Prompt Match Suggestions

export const PROMPT_INTENTS = ['informational', 'transactional', 'navigational', 'commercial'] as const;
export const promptIntentSchema = z.enum(PROMPT_INTENTS);
export type PromptIntent = z.infer<typeof promptIntentSchema>;

export const PROMPT_CONTENT_TYPES = ['article', 'product', 'service', 'faq', 'guide'] as const;
export const promptContentTypeSchema = z.enum(PROMPT_CONTENT_TYPES);
export type PromptContentType = z.infer<typeof promptContentTypeSchema>;

export const promptSuggestionsInputSchema = z.strictObject({
  topic: text.min(1, 'Please provide a topic').max(200),
  industry: z.string().max(100).optional(),
  targetAudience: z.string().max(200).optional(),
  contentType: promptContentTypeSchema.optional(),
  userIntent: promptIntentSchema.optional(),
});
export type PromptSuggestionsInput = z.infer<typeof promptSuggestionsInputSchema>;

export const bestPassageSchema = z.object({ url: z.string().nullable(), heading: z.string().nullable(), text: z.string(), rank: z.number().int().min(1) });
export type BestPassage = z.infer<typeof bestPassageSchema>;

export const promptSuggestionSchema = z.object({
  prompt: z.string(),
  intent: promptIntentSchema,
  likelihood: score100,
  /** Whether a passage of the user's pages answers the prompt (issue #32); absent in results stored before. */
  answered: z.boolean().optional(),
  bestPassage: bestPassageSchema.nullable(),
  optimization: z.string(),
  aiSystem: z.string(),
});
export type PromptSuggestion = z.infer<typeof promptSuggestionSchema>;

export const promptSuggestionsResultSchema = z.object({
  totalPrompts: z.number().int().min(0),
  promptsByCategory: z.object({
    informational: z.array(promptSuggestionSchema),
    transactional: z.array(promptSuggestionSchema),
    navigational: z.array(promptSuggestionSchema),
    commercial: z.array(promptSuggestionSchema),
  }),
  errorPages: toolErrorPagesSchema.optional(),
});
export type PromptSuggestionsResult = z.infer<typeof promptSuggestionsResultSchema>;

// ---------------------------------------------------------------- Voice Assistant Tester

export const VOICE_ASSISTANTS = ['siri', 'alexa', 'google'] as const;
export const voiceAssistantSchema = z.enum(VOICE_ASSISTANTS);
export type VoiceAssistant = z.infer<typeof voiceAssistantSchema>;

export const voiceTestInputSchema = z.strictObject({
  query: text.min(1).max(300),
  assistants: z.array(voiceAssistantSchema).min(1).max(3).default(['siri', 'alexa', 'google']),
});
export type VoiceTestInput = z.infer<typeof voiceTestInputSchema>;

export const voiceAssistantResultSchema = z.object({
  assistant: voiceAssistantSchema,
  response: z.string(),
  mentioned: z.boolean(),
  confidence: score100,
  /** Rank of the user's best passage for this assistant; null when no user passage matches. */
  ranking: z.number().int().min(1).nullable(),
  source: z.string().nullable(),
  /** The documented preference that shaped this assistant's pick. */
  basis: z.string(),
});
export type VoiceAssistantResult = z.infer<typeof voiceAssistantResultSchema>;

export const voiceTestResultSchema = z.object({
  query: z.string(),
  /** Always true: answers come from the retrieval simulation, not from the assistants. */
  simulated: z.literal(true),
  results: z.array(voiceAssistantResultSchema),
  /** Every assistant gave the same simulated answer from the same page: shown as one answer (issue #32). */
  sameAnswer: z.boolean().optional(),
  summary: z.object({
    totalMentions: z.number().int().min(0),
    assistantsTested: z.number().int().min(0),
    averageRanking: z.number().nullable(),
    averageConfidence: score100,
  }),
  errorPages: toolErrorPagesSchema.optional(),
});
export type VoiceTestResult = z.infer<typeof voiceTestResultSchema>;

// ---------------------------------------------------------------- Competitive Analysis

export const competitiveAnalysisInputSchema = z.strictObject({
  primaryUrl: text.max(2048),
  competitorUrls: z.array(text.max(2048)).min(1).max(3),
  industry: z.string().max(100).optional(),
  analysisType: z.string().max(50).optional(),
});
export type CompetitiveAnalysisInput = z.infer<typeof competitiveAnalysisInputSchema>;

export const COMPETITIVE_POSITIONS = ['Leading', 'Competitive', 'Behind'] as const;
export const competitivePositionSchema = z.enum(COMPETITIVE_POSITIONS);
export type CompetitivePosition = z.infer<typeof competitivePositionSchema>;

export const siteScoreSchema = z.object({ name: z.string(), url: z.string(), overallScore: score100, subscores: subscoresSchema });
export type SiteScore = z.infer<typeof siteScoreSchema>;

export const checkGapSchema = z.object({
  checkId: z.string(),
  title: z.string(),
  /** Overall points the user would gain by scoring as well as the best competitor on this check. */
  points: z.number().min(0),
  bestCompetitor: z.string(),
  competitorScore: score100,
  yourScore: score100,
  competitorsAhead: z.number().int().min(1),
  suggestion: z.string(),
});
export type CheckGap = z.infer<typeof checkGapSchema>;

export const competitiveAnalysisResultSchema = z.object({
  primarySiteAnalysis: siteScoreSchema,
  competitorAnalyses: z.array(siteScoreSchema),
  benchmarks: z.object({
    industryAverage: score100,
    industryAverageSource: z.enum(['industry', 'competitors']),
    competitorSubscoreAverages: subscoresSchema,
  }),
  summary: z.object({ competitivePosition: competitivePositionSchema, averageCompetitorScore: score100, scoreDifference: z.number() }),
  recommendations: z.array(z.string()),
  checkGaps: z.array(checkGapSchema),
  /**
   * What was compared, like with like (issue 30): every site's latest stored site audit (the same
   * scores the dashboard shows), or, when one of them has no site audit yet, each site's start
   * page audited now. Absent in results stored before it was recorded.
   */
  basis: z.enum(['site-audits', 'start-pages']).optional(),
});
export type CompetitiveAnalysisResult = z.infer<typeof competitiveAnalysisResultSchema>;

// ---------------------------------------------------------------- Competitor Discovery

export const competitorDiscoveryInputSchema = z.strictObject({
  url: text.max(2048),
  industry: z.string().max(100).optional(),
  businessDescription: z.string().max(2000).optional(),
  existingCompetitors: z.array(text.max(2048)).max(100).default([]),
  analysisDepth: z.enum(['basic', 'standard', 'deep']).optional(),
});
export type CompetitorDiscoveryInput = z.infer<typeof competitorDiscoveryInputSchema>;

export const competitorCandidateSchema = z.object({
  /** The candidate's origin; null for an organization the pages name without linking to it. */
  url: z.string().nullable(),
  name: z.string(),
  source: z.enum(['outbound-link', 'named-organization']),
  /** How often the user's pages link to or name it. */
  mentions: z.number().int().min(1),
  evidence: z.string(),
});
export type CompetitorCandidate = z.infer<typeof competitorCandidateSchema>;

export const COMPETITOR_TYPES = ['direct', 'content', 'adjacent'] as const;
export const competitorTypeSchema = z.enum(COMPETITOR_TYPES);
export type CompetitorType = z.infer<typeof competitorTypeSchema>;

export const competitorSuggestionSchema = z.object({
  name: z.string(),
  url: z.string(),
  type: competitorTypeSchema,
  reason: z.string(),
  relevanceScore: score100,
});
export type CompetitorSuggestion = z.infer<typeof competitorSuggestionSchema>;

export const competitorDiscoveryResultSchema = z.object({
  totalSuggestions: z.number().int().min(0),
  competitorSuggestions: z.array(competitorSuggestionSchema),
  errorPages: toolErrorPagesSchema.optional(),
});
export type CompetitorDiscoveryResult = z.infer<typeof competitorDiscoveryResultSchema>;

// ---------------------------------------------------------------- Enhanced audit insights

export const auditInsightsInputSchema = z.strictObject({
  url: text.max(2048).optional(),
  content: z.string().max(1_000_000).optional(),
  previousScore: z.number().min(0).max(100).optional(),
});
export type AuditInsightsInput = z.infer<typeof auditInsightsInputSchema>;

export const checkChangeSchema = z.object({
  checkId: z.string(),
  title: z.string(),
  /** Check scores 0-100; null when not applicable or absent from that audit. */
  previousScore: score100.nullable(),
  currentScore: score100.nullable(),
  /** Overall points won (positive) or lost (negative) by this check's change. */
  pointsChange: z.number(),
});
export type CheckChange = z.infer<typeof checkChangeSchema>;

export const topFixSchema = z.object({
  checkId: z.string(),
  title: z.string(),
  pointsLost: z.number().min(0),
  priority: issuePrioritySchema,
  suggestion: z.string(),
});
export type TopFix = z.infer<typeof topFixSchema>;

export const auditInsightsResultSchema = z.object({
  currentScore: score100,
  previousScore: score100.nullable(),
  scoreDelta: z.number().nullable(),
  /** Spec 001 §9: a change above 5 is positive, below -5 negative. */
  trend: z.enum(['improved', 'declined', 'unchanged']).nullable(),
  subscoreDeltas: z
    .object({ aiUnderstanding: z.number(), citationLikelihood: z.number(), conversationalReadiness: z.number(), contentStructure: z.number() })
    .nullable(),
  improved: z.array(checkChangeSchema),
  regressed: z.array(checkChangeSchema),
  newFailures: z.array(checkChangeSchema),
  fixed: z.array(checkChangeSchema),
  topFixes: z.array(topFixSchema),
  /** The overall score if the top fixes passed. */
  potentialScore: score100,
});
export type AuditInsightsResult = z.infer<typeof auditInsightsResultSchema>;

// ---------------------------------------------------------------- Generated content scoring

export const GENERATED_CONTENT_KINDS = ['title', 'description', 'answer'] as const;
export const generatedContentKindSchema = z.enum(GENERATED_CONTENT_KINDS);
export type GeneratedContentKind = z.infer<typeof generatedContentKindSchema>;

export const generatedContentScoreSchema = z.object({
  kind: generatedContentKindSchema,
  /** The engine check whose thresholds apply. */
  checkId: z.string(),
  length: z.number().int().min(0),
  unit: z.enum(['characters', 'words']),
  range: z.object({ min: z.number(), max: z.number() }),
  score: score100,
  passed: z.boolean(),
  message: z.string(),
});
export type GeneratedContentScore = z.infer<typeof generatedContentScoreSchema>;
