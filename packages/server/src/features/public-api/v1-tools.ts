import type { z } from 'zod';
import {
  citationTrackerInputSchema,
  citationTrackerResultSchema,
  contentOptimizerRequestSchema,
  contentOptimizerResultSchema,
  OPTIMIZER_CONTENT_MISSING,
  TOOL_FUNCTIONS,
  type PlanId,
  type Profile,
  type ToolId,
  type V1ToolName,
} from '@citable/contract';
import type { Db } from '../../db/client';
import type { LlmClient } from '../llm';
import type { CitationSourceSettings } from '../../settings/citation-sources';
import { InvalidDomainError, runCitationTracker } from '../citations';
import { optimizeContent } from '../content';
import { HttpError } from '../../lib/http-error';
import { runCompetitiveAnalysis, runCompetitorDiscovery, runEntityCoverage, runPromptSuggestions, runSchemaGenerator, runSiteSummaries, toHttpError, runVoiceTester } from '../tools';

/** What a tool run of the public API gets: the key owner, their plan and profile, and the app's services. */
export interface V1ToolContext {
  db: Db;
  llm: LlmClient;
  allowHosts: readonly string[];
  citationSources: CitationSourceSettings;
  userId: string;
  plan: PlanId;
  profile: Profile;
  signal: AbortSignal;
}

export interface V1Tool {
  toolId: ToolId;
  request: z.ZodType;
  response: z.ZodType;
  /** Runs the same service as `/api/functions/{name}`; returns the result and the website it was about. */
  run(input: never, ctx: V1ToolContext): Promise<{ result: unknown; websiteUrl: string | null }>;
}

type FunctionName = Exclude<V1ToolName, 'citation-tracker' | 'content-optimizer'>;

const FUNCTION_RUNNERS: Record<FunctionName, (input: never, ctx: { db: Db; allowHosts: readonly string[]; userId: string; profile: Profile; now: Date; llm: { client: LlmClient; plan: PlanId } }) => Promise<{ result: unknown; websiteUrl: string | null }>> = {
  'schema-generator': runSchemaGenerator,
  'entity-coverage-analyzer': runEntityCoverage,
  'llm-site-summaries': runSiteSummaries,
  'prompt-match-suggestions': runPromptSuggestions,
  'voice-assistant-tester': runVoiceTester,
  'competitive-analysis': runCompetitiveAnalysis,
  'competitor-discovery': runCompetitorDiscovery,
};

function functionTool(name: FunctionName): V1Tool {
  const definition = TOOL_FUNCTIONS[name];
  return {
    toolId: definition.toolId,
    request: definition.request,
    response: definition.response,
    async run(input, ctx) {
      try {
        return await FUNCTION_RUNNERS[name](input, { db: ctx.db, allowHosts: ctx.allowHosts, userId: ctx.userId, profile: ctx.profile, now: new Date(), llm: { client: ctx.llm, plan: ctx.plan } });
      } catch (error) {
        throw toHttpError(error);
      }
    },
  };
}

const citationTracker: V1Tool = {
  toolId: 'citations',
  request: citationTrackerInputSchema,
  response: citationTrackerResultSchema,
  async run(input: z.output<typeof citationTrackerInputSchema>, ctx) {
    try {
      const result = await runCitationTracker(
        { db: ctx.db, llm: ctx.llm, sources: ctx.citationSources },
        { userId: ctx.userId, plan: ctx.plan, profile: ctx.profile, input, signal: ctx.signal },
      );
      return { result, websiteUrl: `https://${result.domain}` };
    } catch (error) {
      if (error instanceof InvalidDomainError) throw new HttpError(400, { error: error.message, details: [{ path: 'body.domain', message: error.message }] });
      throw error;
    }
  },
};

const contentOptimizer: V1Tool = {
  toolId: 'optimizer',
  request: contentOptimizerRequestSchema,
  response: contentOptimizerResultSchema,
  async run(input: z.output<typeof contentOptimizerRequestSchema>, ctx) {
    if (input.content.trim() === '') throw new HttpError(400, { error: OPTIMIZER_CONTENT_MISSING, details: [{ path: 'body.content', message: OPTIMIZER_CONTENT_MISSING }] });
    const targetKeywords = input.targetKeywords.map((keyword) => keyword.trim()).filter(Boolean);
    const result = await optimizeContent(ctx.llm, { userId: ctx.userId, plan: ctx.plan, signal: ctx.signal }, { ...input, targetKeywords });
    return { result, websiteUrl: null };
  },
};

/** Every tool of the public API, by its function name. */
export const V1_TOOLS: Record<V1ToolName, V1Tool> = {
  'schema-generator': functionTool('schema-generator'),
  'citation-tracker': citationTracker,
  'content-optimizer': contentOptimizer,
  'entity-coverage-analyzer': functionTool('entity-coverage-analyzer'),
  'llm-site-summaries': functionTool('llm-site-summaries'),
  'prompt-match-suggestions': functionTool('prompt-match-suggestions'),
  'voice-assistant-tester': functionTool('voice-assistant-tester'),
  'competitive-analysis': functionTool('competitive-analysis'),
  'competitor-discovery': functionTool('competitor-discovery'),
};
