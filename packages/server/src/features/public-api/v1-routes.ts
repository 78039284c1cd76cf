import { z } from 'zod';
import {
  auditRunSchema,
  V1_TOOL_NAMES,
  v1AuditListResponseSchema,
  v1AuditRequestSchema,
  v1CompetitorListSchema,
  v1PageQuerySchema,
  v1SiteCreateSchema,
  v1SiteSchema,
  v1WebsiteListSchema,
  type AuditRun,
  type Gate,
  type V1AuditBody,
  type V1PageQuery,
  type V1Site,
  type V1SiteCreate,
  type V1ToolName,
} from '@citable/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { auditRunJob } from '../audits';
import { logActivity } from '../profile';
import { withToolRun } from '../tools';
import type { KeyHolder } from './api-keys';
import { pageOfAudits, readAudit, startAudit } from './v1-audits';
import { addSite, listSites, removeSite, type SiteList } from './v1-sites';
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
  method: 'GET' | 'POST' | 'DELETE';
  /** Fastify form (`:id`); the OpenAPI document writes `{id}`. */
  path: string;
  /** camelCase verb and noun: listAudits, createAudit, runSchemaGenerator, deleteWebsite... */
  operationId: string;
  tag: 'Audits' | 'Websites' | 'Competitors' | 'Tools';
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
  /** The answer on success; a 204 has no schema (no body). */
  success: { status: 200 | 201 | 202 | 204; description: string; schema?: z.ZodType };
  /** Where a created resource can be read (the `Location` header of a 201 or 202). */
  location?: (result: unknown) => string;
  /** Error statuses this route can answer besides 401 and 429, which every route can. */
  errors: number[];
  handle(call: V1Call, services: V1Services): Promise<unknown>;
}

const idParams = z.object({ id: z.string().max(100).meta({ description: 'The audit id returned by POST /api/v1/audits.' }) });
const siteIdParams = z.object({ id: z.string().max(3000).meta({ description: 'The id the list or the creation answered.' }) });

/** camelCase operationId of a tool: run + its name in PascalCase (runSchemaGenerator). */
export const toolOperationId = (name: V1ToolName) => `run${name.replace(/(^|-)([a-z])/g, (_m, _dash, letter: string) => letter.toUpperCase())}`;

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
    operationId: toolOperationId(name),
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

const SITE_WORDS: Record<SiteList, { one: string; One: string; Many: string; tag: V1Route['tag']; listSchema: z.ZodType; why: string }> = {
  websites: {
    one: 'website',
    One: 'Website',
    Many: 'Websites',
    tag: 'Websites',
    listSchema: v1WebsiteListSchema,
    why: 'The sites the account tracks as its own: the dashboard, monitoring and the tools that need a website use them.',
  },
  competitors: {
    one: 'competitor',
    One: 'Competitor',
    Many: 'Competitors',
    tag: 'Competitors',
    listSchema: v1CompetitorListSchema,
    why: 'The sites the account compares itself with: competitive analysis, citations and reports use them.',
  },
};

/** List, add and remove the key owner's websites or competitors: the lists Settings edits. */
function siteRoutes(list: SiteList): V1Route[] {
  const words = SITE_WORDS[list];
  return [
    {
      method: 'GET',
      path: `/api/v1/${list}`,
      operationId: `list${words.Many}`,
      tag: words.tag,
      summary: `The account's ${list}`,
      description: `${words.why} Sorted by id, one page at a time (\`nextCursor\`).`,
      query: v1PageQuerySchema,
      success: { status: 200, description: `A page of the ${list}.`, schema: words.listSchema },
      errors: [400],
      handle: async (call) => {
        const page = await listSites(call.app.db, call.holder.userId, list, call.query as V1PageQuery);
        return { [list]: page.items, nextCursor: page.nextCursor };
      },
    },
    {
      method: 'POST',
      path: `/api/v1/${list}`,
      operationId: `create${words.One}`,
      tag: words.tag,
      summary: `Add a ${words.one}`,
      description: `Adds a ${words.one} as Settings does: a name and a full http(s) address, within the plan's number of ${list} (403 names the plan that allows more). The same address twice answers 409.`,
      body: v1SiteCreateSchema,
      success: { status: 201, description: `The ${words.one} added; \`Location\` is where to delete it.`, schema: v1SiteSchema },
      location: (site) => `/api/v1/${list}/${(site as V1Site).id}`,
      errors: [400, 403, 409],
      handle: (call) => addSite(call.app.db, call.holder.userId, list, call.body as V1SiteCreate),
    },
    {
      method: 'DELETE',
      path: `/api/v1/${list}/:id`,
      operationId: `delete${words.One}`,
      tag: words.tag,
      summary: `Remove a ${words.one}`,
      description: `Removes the ${words.one} with this id from the account.${list === 'websites' ? ' The last website cannot be removed (409): add another first.' : ''} Past audits stay in the history.`,
      params: siteIdParams,
      success: { status: 204, description: `Removed.` },
      errors: list === 'websites' ? [404, 409] : [404],
      handle: async (call) => {
        await removeSite(call.app.db, call.holder.userId, list, call.params.id);
        return null;
      },
    },
  ];
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
    success: { status: 202, description: 'The queued audit; `Location` is where to poll it.', schema: auditRunSchema },
    location: (run) => `/api/v1/audits/${(run as AuditRun).id}`,
    errors: [400, 403, 409],
    handle: (call, services) => startAudit(call.app, services.auditJob, call.holder.userId, call.body as V1AuditBody),
  },
  {
    method: 'GET',
    path: '/api/v1/audits',
    operationId: 'listAudits',
    tag: 'Audits',
    summary: 'Latest audits and their scores',
    description:
      'The newest audits first, with the scores the key owner\u2019s plan reveals, and the audit in progress if any. One page at a time: pass `nextCursor` as `cursor` for the next page, until it is null. Audits saved meanwhile never shift a page. `yourScore` is the account\u2019s score as the dashboard states it: the latest site audit of its own websites; before any site audit, the latest page audit, labelled as one page\u2019s score.',
    query: v1PageQuerySchema,
    success: { status: 200, description: 'A page of the audit history.', schema: v1AuditListResponseSchema },
    errors: [400],
    handle: (call) => pageOfAudits(call.app, call.holder.userId, call.query as V1PageQuery),
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
  ...siteRoutes('websites'),
  ...siteRoutes('competitors'),
  ...V1_TOOL_NAMES.map(toolRoute),
];
