import { z } from 'zod';
import type { ToolId } from './tools';
import {
  auditInsightsInputSchema,
  auditInsightsResultSchema,
  competitiveAnalysisInputSchema,
  competitiveAnalysisResultSchema,
  competitorDiscoveryInputSchema,
  competitorDiscoveryResultSchema,
  entityCoverageInputSchema,
  entityCoverageResultSchema,
  llmsTxtResultSchema,
  promptSuggestionsInputSchema,
  promptSuggestionsResultSchema,
  schemaGeneratorInputSchema,
  schemaGeneratorResultSchema,
  siteSummaryInputSchema,
  siteSummaryResultSchema,
  voiceTestInputSchema,
  voiceTestResultSchema,
} from './tool-results';

/**
 * The tools' server functions, `POST /api/functions/{name}` (spec 001 §7): each name with the tool
 * it belongs to (its plan gate and its `tool_used` activity), its request and its response.
 */

const urlOrContent = (value: { url?: string; content?: string }) => Boolean(value.url?.trim() || value.content?.trim());

/** Entity coverage reads one page: a URL or pasted content. */
export const entityCoverageRequestSchema = entityCoverageInputSchema.refine(urlOrContent, 'Provide a page URL or paste content');
export const siteSummaryRequestSchema = siteSummaryInputSchema.refine(urlOrContent, 'Provide a website URL or paste content');
export const auditInsightsRequestSchema = auditInsightsInputSchema.refine(urlOrContent, 'Provide a page URL or paste content');

/** The summary and, from the same pages, the llms.txt and llms-full.txt files to publish. */
export const siteSummaryResponseSchema = siteSummaryResultSchema.extend({ llms: llmsTxtResultSchema });
export type SiteSummaryResponse = z.infer<typeof siteSummaryResponseSchema>;

export const TOOL_FUNCTIONS = {
  'schema-generator': { toolId: 'schema', request: schemaGeneratorInputSchema, response: schemaGeneratorResultSchema },
  'entity-coverage-analyzer': { toolId: 'entities', request: entityCoverageRequestSchema, response: entityCoverageResultSchema },
  'llm-site-summaries': { toolId: 'summaries', request: siteSummaryRequestSchema, response: siteSummaryResponseSchema },
  'prompt-match-suggestions': { toolId: 'prompts', request: promptSuggestionsInputSchema, response: promptSuggestionsResultSchema },
  'voice-assistant-tester': { toolId: 'voice', request: voiceTestInputSchema, response: voiceTestResultSchema },
  'competitive-analysis': { toolId: 'competitive', request: competitiveAnalysisInputSchema, response: competitiveAnalysisResultSchema },
  'competitor-discovery': { toolId: 'discovery', request: competitorDiscoveryInputSchema, response: competitorDiscoveryResultSchema },
  // Insights compare audits, so they belong to the audit tool and its plan.
  'enhanced-audit-insights': { toolId: 'audit', request: auditInsightsRequestSchema, response: auditInsightsResultSchema },
} as const satisfies Record<string, { toolId: ToolId; request: z.ZodType; response: z.ZodType }>;

export type ToolFunctionName = keyof typeof TOOL_FUNCTIONS;
export type ToolFunctionRequest<N extends ToolFunctionName> = z.input<(typeof TOOL_FUNCTIONS)[N]['request']>;
export type ToolFunctionResponse<N extends ToolFunctionName> = z.infer<(typeof TOOL_FUNCTIONS)[N]['response']>;

/** Pages a tool reads from one site: enough for the site's main sections, bounded for a request the user waits on. */
export const TOOL_SITE_PAGES = 20;
/** Pages read from each competitor's site by the voice tester. */
export const TOOL_COMPETITOR_PAGES = 5;
/** Competitors a tool reads (spec 001 §9: the competitive tool uses up to 3 stored competitors). */
export const TOOL_MAX_COMPETITORS = 3;

const SUCCEEDED = 'Tool executed successfully';

/** Texts of the tool pages (spec 001 §4, §8). */
export const TOOL_MESSAGES = {
  running: (tool: string) => `Running ${tool}...`,
  succeeded: SUCCEEDED,
  unknownError: 'Unknown error',
  failed: (tool: string) => `Failed to run ${tool}. Please try again.`,
  /** The message is what the run found (tool-outcome-messages.ts, issue #32); the spec's default text otherwise. */
  completedToast: (tool: string, message: string = SUCCEEDED) => ({ title: `${tool} Completed`, message, duration: 4000 }),
  failedToast: (tool: string, message: string) => ({ title: `${tool} Failed`, message, duration: 6000 }),
  notFound: 'Tool Not Found',
  notImplemented: (id: string) => `Tool ${id} not implemented`,
  competitiveMissing: 'Please select a website and a competitor.',
  competitiveFailed: 'Failed to run analysis. Please try again.',
  noCompetitorSuggestions: 'No competitor suggestions found.',
  noWebsite: 'Add a website in Settings first: this tool reads your own pages.',
  voiceSimulated: "Answers are simulated from your site's content",
} as const;
