import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { httpUrlSchema, type Gate } from '@citable/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { assertEntitled, currentPlan } from '../billing';
import { HttpError } from '../../lib/http-error';
import { type KeyHolder, type PublicApiOptions, latestAudits, V1_TOOLS } from '../public-api';
import { getOrCreateProfile } from '../profile';
import { withToolRun } from '../tools';
import { auditPageNow } from './page-audit';

/**
 * The tools that crawl, audit or ask models: each call of one counts once against the key owner's
 * account budget for expensive work (mcp-routes), the reads of past audits do not.
 */
export const EXPENSIVE_MCP_TOOLS: ReadonlySet<string> = new Set(['run_audit', 'generate_schema', 'check_citations']);

/** Issues an assistant gets from run_audit: the ones that cost the most points. */
const TOP_ISSUES = 5;

interface Caller {
  app: FastifyInstance;
  options: PublicApiOptions;
  holder: KeyHolder;
  request: FastifyRequest;
}

/** A text summary for the model and the same data as structured content for programs. */
function answer(text: string, data: Record<string, unknown>): CallToolResult {
  return { content: [{ type: 'text', text }], structuredContent: data };
}

/**
 * Expected failures (plan, validation, unreadable page) become tool errors the assistant can read
 * out. Audits take no gate, as on the REST API: every plan audits, and the plan decides how much
 * of the result is revealed.
 */
async function guarded(gate: Gate | null, caller: Caller, run: () => Promise<CallToolResult>): Promise<CallToolResult> {
  try {
    if (gate) assertEntitled(await currentPlan(caller.app.db, caller.holder.userId), gate);
    return await run();
  } catch (error) {
    if (error instanceof HttpError) return { isError: true, content: [{ type: 'text', text: error.body.error }], structuredContent: error.body };
    throw error;
  }
}

async function toolContext(caller: Caller) {
  const profile = await getOrCreateProfile(caller.app.db, caller.holder.userId);
  const closed = new AbortController();
  caller.request.raw.once('close', () => closed.abort());
  return {
    db: caller.app.db,
    llm: caller.app.llm,
    allowHosts: caller.options.allowHosts,
    citationSources: caller.options.citationSources,
    userId: caller.holder.userId,
    plan: profile.plan,
    profile,
    signal: closed.signal,
  };
}

/**
 * Citable's tools for AI assistants over MCP, for one key holder. A server per request keeps the
 * endpoint stateless: every call is authenticated and gated on its own, like the REST API.
 */
export function buildMcpServer(caller: Caller): McpServer {
  const server = new McpServer({ name: 'citable', version: '1.0.0' });

  server.registerTool(
    'run_audit',
    {
      title: 'Run an AI visibility audit',
      description: 'Audits one web page now and returns its overall score, the four subscores (Core plan and above) and the top issues with fixes.',
      inputSchema: { url: httpUrlSchema.describe('The page to audit, e.g. https://example.com/') },
    },
    ({ url }) =>
      guarded(null, caller, async () => {
        const audit = await auditPageNow(caller.app, caller.options, caller.holder.userId, url);
        const issues = (audit.issues ?? []).slice(0, TOP_ISSUES);
        const lines = [`Overall score for ${url}: ${audit.overallScore}/100.`];
        if (audit.subscores) lines.push(`Subscores: ${Object.entries(audit.subscores).map(([id, score]) => `${id} ${score}`).join(', ')}.`);
        if (issues.length) lines.push('Top issues:', ...issues.map((issue) => `- [${issue.priority}] ${issue.title}: ${issue.suggestion}`));
        else if (audit.recommendations.length) lines.push('Recommendations:', ...audit.recommendations.slice(0, TOP_ISSUES).map((text) => `- ${text}`));
        return answer(lines.join('\n'), { id: audit.id, url, overallScore: audit.overallScore, subscores: audit.subscores ?? null, topIssues: issues, recommendations: audit.recommendations });
      }),
  );

  server.registerTool(
    'get_latest_scores',
    {
      title: 'Latest audit scores',
      description: 'The most recent audits of this account, newest first, with their scores.',
      inputSchema: { limit: z.number().int().min(1).max(20).optional().describe('How many audits (default 5)') },
    },
    ({ limit }) =>
      guarded(null, caller, async () => {
        const { audits } = await latestAudits(caller.app, caller.holder.userId, limit ?? 5);
        const text = audits.length
          ? audits.map((audit) => `${audit.created_at.slice(0, 10)} ${audit.website_url ?? 'pasted content'}: ${audit.overall_score}/100`).join('\n')
          : 'No audits yet. Run one with run_audit.';
        return answer(text, { audits });
      }),
  );

  server.registerTool(
    'get_issues',
    {
      title: 'Issues of the latest audit',
      description: 'The recommendations of the most recent audit, ordered by the points they cost.',
      inputSchema: { url: httpUrlSchema.optional().describe('Only audits of this site; the latest of any site otherwise') },
    },
    ({ url }) =>
      guarded(null, caller, async () => {
        const { audits } = await latestAudits(caller.app, caller.holder.userId, 20);
        const origin = url ? new URL(url).origin : null;
        const latest = audits.find((audit) => !origin || (audit.website_url !== null && new URL(audit.website_url).origin === origin));
        if (!latest) return answer('No audit found. Run one with run_audit.', { audit: null, recommendations: [] });
        const text = [`Latest audit of ${latest.website_url ?? 'pasted content'} (${latest.overall_score}/100):`, ...latest.recommendations.map((item) => `- ${item}`)].join('\n');
        return answer(text, { audit: { id: latest.id, website_url: latest.website_url, overall_score: latest.overall_score, created_at: latest.created_at }, recommendations: latest.recommendations });
      }),
  );

  server.registerTool(
    'generate_schema',
    {
      title: 'Generate schema markup',
      description: 'Generates JSON-LD structured data for a page (url) or pasted content, validated against the same rules as the audit.',
      inputSchema: { url: z.string().max(2048).optional().describe('A page to read'), content: z.string().max(1_000_000).optional().describe('HTML, Markdown or text instead of a URL') },
    },
    (input) =>
      guarded({ tool: V1_TOOLS['schema-generator'].toolId }, caller, async () => {
        const body = V1_TOOLS['schema-generator'].request.safeParse(input);
        if (!body.success) throw new HttpError(400, { error: body.error.issues[0]?.message ?? 'Invalid input' });
        const ctx = await toolContext(caller);
        // One run of the plan's monthly tool-use allowance (issue 19), as in the dashboard.
        const { result } = await withToolRun(ctx.db, { userId: ctx.userId, plan: ctx.plan, toolId: V1_TOOLS['schema-generator'].toolId, via: 'mcp' }, () => V1_TOOLS['schema-generator'].run(body.data as never, ctx));
        return answer(JSON.stringify(result, null, 2), result as Record<string, unknown>);
      }),
  );

  server.registerTool(
    'check_citations',
    {
      title: 'Check AI citations',
      description: 'Asks the configured answer sources about the keywords and reports how often the domain is mentioned and cited.',
      inputSchema: { domain: z.string().min(1).max(261).describe('e.g. example.com'), keywords: z.array(z.string().max(200)).max(10).optional().describe('Topics to ask about') },
    },
    (input) =>
      guarded({ tool: V1_TOOLS['citation-tracker'].toolId }, caller, async () => {
        const body = V1_TOOLS['citation-tracker'].request.safeParse(input);
        if (!body.success) throw new HttpError(400, { error: body.error.issues[0]?.message ?? 'Invalid input' });
        const ctx = await toolContext(caller);
        // One run of the plan's monthly tool-use allowance (issue 19), as in the dashboard.
        const { result } = await withToolRun(ctx.db, { userId: ctx.userId, plan: ctx.plan, toolId: V1_TOOLS['citation-tracker'].toolId, via: 'mcp' }, () => V1_TOOLS['citation-tracker'].run(body.data as never, ctx));
        const summary = result as { domain: string; overall: { rate: number }; citations: unknown[] };
        const text = `${summary.domain}: mentioned in ${Math.round(summary.overall.rate * 100)}% of answers, ${summary.citations.length} citation(s).`;
        return answer(text, result as Record<string, unknown>);
      }),
  );

  return server;
}
