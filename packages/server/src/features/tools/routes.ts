import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { apiErrorSchema, TOOL_FUNCTIONS, type ToolFunctionName } from '@citable/contract';
import { logActivity } from '../profile';
import { runAuditInsights } from './audit-insights';
import { runCompetitiveAnalysis } from './competitive-analysis';
import { runCompetitorDiscovery } from './competitor-discovery';
import { runEntityCoverage } from './entity-coverage';
import { runPromptSuggestions } from './prompt-suggestions';
import { runSchemaGenerator } from './schema-generator';
import { runSiteSummaries } from './site-summaries';
import type { ToolContext, ToolOutcome } from './tool-context';
import { toHttpError } from './tool-failure';
import { toolCaller, toolGate } from './tool-gate';
import { withToolRun } from './tool-runs';
import { runVoiceTester } from './voice-assistant-tester';

type Definition<N extends ToolFunctionName> = (typeof TOOL_FUNCTIONS)[N];
type Runner<N extends ToolFunctionName> = (input: z.output<Definition<N>['request']>, ctx: ToolContext) => Promise<ToolOutcome<z.input<Definition<N>['response']>>>;

const RUNNERS: { [N in ToolFunctionName]: Runner<N> } = {
  'schema-generator': runSchemaGenerator,
  'entity-coverage-analyzer': runEntityCoverage,
  'llm-site-summaries': runSiteSummaries,
  'prompt-match-suggestions': runPromptSuggestions,
  'voice-assistant-tester': runVoiceTester,
  'competitive-analysis': runCompetitiveAnalysis,
  'competitor-discovery': runCompetitorDiscovery,
  'enhanced-audit-insights': runAuditInsights,
};

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 422: apiErrorSchema };

/**
 * The tools' functions, `POST /api/functions/{name}` (spec 001 §7), run while the client waits:
 * session and plan gate, the payload validated by the contract's schema, the engine's analysis
 * of what the crawler read, and a `tool_used` activity. Pages that cannot be read answer 422 with
 * the crawler's reason.
 */
export const toolFunctionRoutes: FastifyPluginAsyncZod<{ allowHosts: readonly string[] }> = async (app, options) => {
  function register<N extends ToolFunctionName>(name: N) {
    const definition: Definition<N> = TOOL_FUNCTIONS[name];
    const run = RUNNERS[name];
    app.post(
      `/api/functions/${name}`,
      {
        preValidation: toolGate(app, definition.toolId),
        schema: { body: definition.request, response: { 200: definition.response, ...errors } },
      },
      async (request) => {
        const { userId, profile } = toolCaller(request);
        const ctx: ToolContext = { db: app.db, allowHosts: options.allowHosts, userId, profile, now: new Date(), llm: { client: app.llm, plan: request.entitlement!.plan } };
        // One run of the plan's monthly tool-use allowance (issue 19); not counted when it fails.
        const outcome = await withToolRun(app.db, { userId, plan: request.entitlement!.plan, toolId: definition.toolId, via: 'app' }, async () => {
          try {
            return await run(request.body as z.output<Definition<N>['request']>, ctx);
          } catch (error) {
            throw toHttpError(error);
          }
        });
        try {
          await logActivity(app.db, userId, { type: 'tool_used', toolId: definition.toolId, websiteUrl: outcome.websiteUrl ?? undefined, data: { function: name } });
        } catch (error) {
          // Spec 001 §8: activity tracking errors are swallowed; the user still gets the result.
          request.log.warn({ err: error }, 'tool_used activity not recorded');
        }
        return outcome.result;
      },
    );
  }

  for (const name of Object.keys(TOOL_FUNCTIONS) as ToolFunctionName[]) register(name);
};
