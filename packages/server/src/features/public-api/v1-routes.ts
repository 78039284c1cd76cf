import { z } from 'zod';
import {
  AUDIT_LIST_MAX,
  auditListResponseSchema,
  auditRunSchema,
  V1_TOOL_NAMES,
  v1AuditRequestSchema,
  type Gate,
  type V1AuditBody,
  type V1ToolName,
} from '@citable/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { auditRunJob } from '../audits';
import { logActivity } from '../profile';
import { withToolRun } from '../tools';
import type { KeyHolder } from './api-keys';
import { latestAudits, readAudit, startAudit } from './v1-audits';
import { V1_TOOLS, type V1ToolContext } from './v1-tools';

/** What a v1 handler gets: the app, the key holder, the validated input and the raw request. */
export interface V1Call {
  app: FastifyInstance;
  holder: KeyHolder;
  params: Record<string, string>;
  query: Record<string, unknown>;
  body: unknown;
  request: FastifyRequest;
}

export interface V1Services {
  auditJob: ReturnType<typeof auditRunJob>;
  toolContext(call: V1Call): Promise<V1ToolContext>;
}

/**
 * One route of the public API. The table drives both the Fastify registration and the OpenAPI
 * document, so the document cannot drift from what the server accepts and answers.
 */
export interface V1Route {
  method: 'GET' | 'POST';
  /** Fastify form (`:id`); the OpenAPI document writes `{id}`. */
  path: string;
  operationId: string;
  tag: 'Audits' | 'Tools';
  summary: string;
  description: string;
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  /** The plan gate, checked against the key owner's plan as stored now. */
  gate?: Gate;
  /**
   * Crawl-, audit- or LLM-backed: every call also counts against the key owner's account budget
   * for expensive work (ops/rate-limit), which the account's sessions, keys and MCP calls share.
   */
  expensive?: true;
  success: { status: 200 | 202; description: string; schema: z.ZodType };
  /** Error statuses this route can answer besides 401 and 429, which every route can. */
  errors: number[];
  handle(call: V1Call, services: V1Services): Promise<unknown>;
}

const idParams = z.object({ id: z.string().max(100).meta({ description: 'The audit id returned by POST /api/v1/audits.' }) });
const listQuery = z.object({ limit: z.coerce.number().int().min(1).max(AUDIT_LIST_MAX).optional().meta({ description: `Audits to return, newest first (at most ${AUDIT_LIST_MAX}).` }) });

const TOOL_SUMMARIES: Record<V1ToolName, string> = {
  'schema-generator': 'Generate JSON-LD structured data for a page or pasted content',
  'citation-tracker': 'Check how often answer engines mention and cite a domain for keywords',
  'content-optimizer': 'Rewrite content answer-first and score the before and after',
  'entity-coverage-analyzer': 'Find the entities a site covers and the ones it misses',
  'llm-site-summaries': 'Summarise a site for language models and draft its llms.txt',
  'prompt-match-suggestions': 'Match a site against the prompts people ask assistants',
  'voice-assistant-tester': 'Test how a voice assistant would answer from a site',
  'competitive-analysis': 'Compare a site with a competitor on the four subscores',
  'competitor-discovery': 'Suggest competitors from what a site is about',
};

function toolRoute(name: V1ToolName): V1Route {
  const tool = V1_TOOLS[name];
  return {
    method: 'POST',
    path: `/api/v1/tools/${name}`,
    operationId: `tool_${name.replace(/-/g, '_')}`,
    tag: 'Tools',
    summary: TOOL_SUMMARIES[name],
    description: `The same service as the dashboard's tool (POST /api/functions/${name}), gated by the key owner's plan.`,
    body: tool.request,
    gate: { tool: tool.toolId },
    expensive: true,
    success: { status: 200, description: 'The tool result.', schema: tool.response },
    errors: [400, 403, 422],
    async handle(call, services) {
      const ctx = await services.toolContext(call);
      // One run of the key owner's monthly tool-use allowance (issue 19), as in the dashboard.
      const { result, websiteUrl } = await withToolRun(ctx.db, { userId: ctx.userId, plan: ctx.plan, toolId: tool.toolId, via: 'api' }, () => tool.run(call.body as never, ctx));
      try {
        await logActivity(ctx.db, ctx.userId, { type: 'tool_used', toolId: tool.toolId, websiteUrl: websiteUrl ?? undefined, data: { function: name, via: 'api' } });
      } catch (error) {
        // Spec 001 §8: activity tracking errors are swallowed; the caller still gets the result.
        call.request.log.warn({ err: error }, 'tool_used activity not recorded');
      }
      return result;
    },
  };
}

export const V1_ROUTES: readonly V1Route[] = [
  {
    method: 'POST',
    path: '/api/v1/audits',
    operationId: 'createAudit',
    tag: 'Audits',
    summary: 'Start an audit of a page or a site',
    description: 'Queues an audit and answers at once with its id; poll GET /api/v1/audits/{id} until status is completed or failed.',
    body: v1AuditRequestSchema,
    expensive: true,
    success: { status: 202, description: 'The queued audit.', schema: auditRunSchema },
    errors: [400, 403, 409],
    handle: (call, services) => startAudit(call.app, services.auditJob, call.holder.userId, call.body as V1AuditBody),
  },
  {
    method: 'GET',
    path: '/api/v1/audits',
    operationId: 'listAudits',
    tag: 'Audits',
    summary: 'Latest audits and their scores',
    description: 'The newest audits first, with the scores the key owner\u2019s plan reveals, and the audit in progress if any.',
    query: listQuery,
    success: { status: 200, description: 'The audit history.', schema: auditListResponseSchema },
    errors: [400],
    handle: (call) => latestAudits(call.app, call.holder.userId, call.query.limit as number | undefined),
  },
  {
    method: 'GET',
    path: '/api/v1/audits/:id',
    operationId: 'getAudit',
    tag: 'Audits',
    summary: 'One audit: progress, then the report',
    description: 'While the audit runs, its status and progress; once completed, the report with scores, issues and recommendations.',
    params: idParams,
    success: { status: 200, description: 'The audit.', schema: auditRunSchema },
    errors: [404],
    handle: (call) => readAudit(call.app, call.holder.userId, call.params.id),
  },
  ...V1_TOOL_NAMES.map(toolRoute),
];
