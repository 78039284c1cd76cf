import { ERROR_PAGE_MESSAGES, SITE_AUDIT_DEFAULT_PAGES, type AuditIssue } from '@citable/contract';
import { isCrawlerError } from '@citable/crawler';
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import type { z } from 'zod';
import { CliError } from '../cli-error';
import { AUDIT_SITE_INPUT, AUDIT_SITE_OUTPUT, inputJsonSchema, outputJsonSchema, RUN_AUDIT_INPUT, RUN_AUDIT_OUTPUT } from './local-tool-schemas';

/** Issues a run_audit answer lists: the ones that cost the most points, as the server's tool. */
const TOP_ISSUES = 5;

/** The tools of the server's /api/mcp that only a Citable server can answer (an account, a history, models). */
export const SERVER_ONLY_TOOLS = ['get_latest_scores', 'get_issues', 'generate_schema', 'check_citations', 'generate_llms_txt', 'get_citations', 'get_score_history'] as const;

const NEEDS_KEY = `Runs on this computer with the local engine; nothing is saved. With CITABLE_API_KEY set in this server's environment, the same tool runs on your Citable server and the audit lands in its dashboard history, and the other tools (${SERVER_ONLY_TOOLS.join(', ')}) and the latest audits as resources become available.`;

/**
 * The tools `citable mcp` runs without a key, named and shaped (input and output) as the server's
 * tools of the same name, so an assistant's configuration works with and without a key.
 * Annotations describe what they do here: they read the web and save nothing.
 */
export const LOCAL_TOOLS: Tool[] = [
  {
    name: 'run_audit',
    title: 'Run an AI visibility audit',
    description: `Audits one web page now and returns its overall score, the four subscores and the top issues with fixes. ${NEEDS_KEY}`,
    inputSchema: inputJsonSchema(RUN_AUDIT_INPUT),
    outputSchema: outputJsonSchema(RUN_AUDIT_OUTPUT),
    annotations: { title: 'Run an AI visibility audit', readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true },
  },
  {
    name: 'audit_site',
    title: 'Audit a whole site',
    description: `Crawls a site from the URL (same origin, robots.txt obeyed, sitemap included) and audits its pages (as many as maxPages allows), reporting progress as pages are audited, then returns the site's report with its crawl errors. ${NEEDS_KEY}`,
    inputSchema: inputJsonSchema(AUDIT_SITE_INPUT),
    outputSchema: outputJsonSchema(AUDIT_SITE_OUTPUT),
    annotations: { title: 'Audit a whole site', readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true },
  },
];

/** What a running tool may report: the progress of a long call. */
export interface ToolProgress {
  (progress: number, total: number | undefined, message: string): void;
}

/** Runs a local tool; an expected failure (bad input, unreachable or error page) is a tool error the assistant can read out. */
export async function callLocalTool(name: string, args: Record<string, unknown>, progress: ToolProgress): Promise<CallToolResult> {
  try {
    if (name === 'run_audit') return await runAudit(parseInput(RUN_AUDIT_INPUT, args).url);
    if (name === 'audit_site') {
      const input = parseInput(AUDIT_SITE_INPUT, args);
      return await auditSite(input.url, input.maxPages ?? SITE_AUDIT_DEFAULT_PAGES, progress);
    }
  } catch (error) {
    if (error instanceof CliError || isCrawlerError(error)) return { isError: true, content: [{ type: 'text', text: localFailure(error) }] };
    throw error;
  }
  // Not reached for a listed tool: the server checks the name first.
  return { isError: true, content: [{ type: 'text', text: `Unknown tool ${name}` }] };
}

/** The arguments as the schema reads them; a mistake is a tool error that names the argument, as the server's SDK words it. */
function parseInput<T extends z.ZodObject>(schema: T, args: Record<string, unknown>): z.output<T> {
  const parsed = schema.safeParse(args);
  if (parsed.success) return parsed.data;
  throw new CliError(`Input validation error: ${parsed.error.issues.map((issue) => `${issue.path.join('.') || 'arguments'}: ${issue.message}`).join('; ')}`);
}

function localFailure(error: Error & { code?: string }): string {
  // A refused private address is usually a local test site: say how to allow it, as the CLI does.
  return error.code === 'BLOCKED_ADDRESS' ? `${error.message} (to audit it anyway, list the host in FETCH_ALLOW_HOSTS in this server's environment)` : error.message;
}

/** The id of a result made here: it is not stored anywhere, so there is nothing to look up with it. */
const LOCAL_ID = 'local';

async function runAudit(url: string): Promise<CallToolResult> {
  const { auditPage } = await import('../audit-page');
  const result = await auditPage({ kind: 'url', url });
  const topIssues: AuditIssue[] = result.issues.slice(0, TOP_ISSUES);
  const lines = [`Overall score for ${url}: ${result.overallScore}/100.`, `Subscores: ${Object.entries(result.subscores).map(([id, value]) => `${id} ${value}`).join(', ')}.`];
  if (topIssues.length > 0) lines.push('Top issues:', ...topIssues.map((item) => `- [${item.priority}] ${item.title}: ${item.suggestion}`));
  const structured: z.output<typeof RUN_AUDIT_OUTPUT> = { id: LOCAL_ID, url, httpStatus: result.page.httpStatus, overallScore: result.overallScore, subscores: result.subscores, topIssues, recommendations: result.recommendations };
  return { content: [{ type: 'text', text: lines.join('\n') }], structuredContent: structured };
}

async function auditSite(url: string, maxPages: number, progress: ToolProgress): Promise<CallToolResult> {
  const { crawlAndAudit } = await import('../crawl/crawl-and-audit');
  const createdAt = new Date().toISOString();
  const crawl = await crawlAndAudit(url, {
    maxPages,
    now: Date.now(),
    onProgress: (p) => progress(p.audited, Math.min(p.maxPages, p.done + p.queued + p.inFlight), `Audited ${p.audited} page(s), ${p.inFlight} in progress, ${p.errorPages} error page(s), ${p.failed} failed`),
  });
  const { site } = crawl;
  const errorPages = site.errorPages ?? [];
  if (site.pageCount === 0) {
    throw new CliError(errorPages.length > 0 ? ERROR_PAGE_MESSAGES.everyPage(crawl.startUrl, errorPages.length) : `No page of ${crawl.startUrl} could be audited${crawl.failed[0] ? ` (${crawl.failed[0].message})` : ''}.`);
  }
  const run: z.output<typeof AUDIT_SITE_OUTPUT> = {
    id: LOCAL_ID,
    status: 'completed',
    scope: 'site',
    website_url: crawl.startUrl,
    progress: { done: site.pageCount, total: site.pageCount },
    result: {
      kind: 'site',
      overallScore: site.overallScore,
      subscores: site.subscores,
      recommendations: site.recommendations,
      issues: site.issues,
      pageCount: site.pageCount,
      pages: site.pages,
      failedPages: crawl.failed.map((failure) => ({ url: failure.url, error: failure.message })),
      ...(errorPages.length > 0 ? { errorPages } : {}),
      detail: 'full',
    },
    created_at: createdAt,
    finished_at: new Date().toISOString(),
  };
  const lines = [
    `Site audit of ${crawl.startUrl}: ${site.overallScore}/100 over ${site.pageCount} page(s).`,
    `Subscores: ${Object.entries(site.subscores).map(([id, value]) => `${id} ${value}`).join(', ')}.`,
    ...(errorPages.length > 0 ? [`${errorPages.length} error page(s) were listed, not audited.`] : []),
    ...(site.recommendations.length > 0 ? ['Recommendations:', ...site.recommendations.slice(0, TOP_ISSUES).map((text) => `- ${text}`)] : []),
  ];
  return { content: [{ type: 'text', text: lines.join('\n') }], structuredContent: run };
}
