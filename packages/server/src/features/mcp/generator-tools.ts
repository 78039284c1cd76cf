import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { citationTrackerResultSchema, schemaGeneratorResultSchema, siteSummaryResponseSchema, summaryTypeSchema, type CitationTrackerResult, type SiteSummaryResponse, type V1ToolName } from '@citable/contract';
import { HttpError } from '../../lib/http-error';
import { V1_TOOLS } from '../public-api';
import { withToolRun } from '../tools';
import { ANNOTATIONS, answer, guarded, toolContext, type Caller } from './tool-kit';

/**
 * Runs a tool of the public API as `POST /api/v1/tools/{name}` does: the input checked by the
 * same schema, one run of the plan's monthly tool-use allowance (issue 19), as in the dashboard.
 */
async function runTool(caller: Caller, name: V1ToolName, input: unknown, signal: AbortSignal): Promise<unknown> {
  const tool = V1_TOOLS[name];
  const body = tool.request.safeParse(input);
  if (!body.success) throw new HttpError(400, { error: body.error.issues[0]?.message ?? 'Invalid input' });
  const ctx = await toolContext(caller, signal);
  const { result } = await withToolRun(ctx.db, { userId: ctx.userId, plan: ctx.plan, toolId: tool.toolId, via: 'mcp' }, () => tool.run(body.data as never, ctx));
  return result;
}

const urlOrContent = {
  url: z.string().max(2048).optional().describe('A page to read'),
  content: z.string().max(1_000_000).optional().describe('HTML, Markdown or text instead of a URL'),
};

/** The tools that read pages or ask answer engines and give back something to publish or act on. */
export function registerGeneratorTools(server: McpServer, caller: Caller): void {
  server.registerTool(
    'generate_schema',
    {
      title: 'Generate schema markup',
      description: 'Generates JSON-LD structured data for a page (url) or pasted content, validated against the same rules as the audit.',
      inputSchema: urlOrContent,
      outputSchema: schemaGeneratorResultSchema,
      annotations: ANNOTATIONS.web('Generate schema markup'),
    },
    (input, extra) =>
      guarded({ tool: V1_TOOLS['schema-generator'].toolId }, caller, async () => {
        const result = (await runTool(caller, 'schema-generator', input, extra.signal)) as Record<string, unknown>;
        return answer(JSON.stringify(result, null, 2), result);
      }),
  );

  server.registerTool(
    'generate_llms_txt',
    {
      title: 'Generate llms.txt',
      description: 'Reads a site (url) or pasted content and drafts its llms.txt and llms-full.txt, checked by the audit\u2019s llms.txt rules, with the site summary they are built from.',
      inputSchema: { ...urlOrContent, summaryType: summaryTypeSchema.optional().describe('The kind of summary the files are built on (default overview)') },
      outputSchema: siteSummaryResponseSchema,
      annotations: ANNOTATIONS.web('Generate llms.txt'),
    },
    (input, extra) =>
      guarded({ tool: V1_TOOLS['llm-site-summaries'].toolId }, caller, async () => {
        const result = (await runTool(caller, 'llm-site-summaries', input, extra.signal)) as SiteSummaryResponse;
        const { validation } = result.llms;
        const notes = [...validation.errors, ...validation.warnings].map((note) => `- ${note}`);
        const text = [`llms.txt (${Math.round(validation.score * 100)}% on the llms.txt check, ${result.pagesAnalyzed} page(s) read):`, '', result.llms.llmsTxt, ...(notes.length ? ['', 'Notes:', ...notes] : [])].join('\n');
        return answer(text, result);
      }),
  );

  server.registerTool(
    'check_citations',
    {
      title: 'Check AI citations',
      description: 'Asks the configured answer sources about the keywords and reports how often the domain is mentioned and cited.',
      inputSchema: { domain: z.string().min(1).max(261).describe('e.g. example.com'), keywords: z.array(z.string().max(200)).max(10).optional().describe('Topics to ask about') },
      outputSchema: citationTrackerResultSchema,
      annotations: ANNOTATIONS.web('Check AI citations'),
    },
    (input, extra) =>
      guarded({ tool: V1_TOOLS['citation-tracker'].toolId }, caller, async () => {
        const result = (await runTool(caller, 'citation-tracker', input, extra.signal)) as CitationTrackerResult;
        const text = `${result.domain}: mentioned in ${Math.round(result.overall.rate * 100)}% of answers, ${result.citations.length} citation(s).`;
        return answer(text, result);
      }),
  );
}
