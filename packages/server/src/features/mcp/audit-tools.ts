import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { auditHistoryItemSchema, auditSiteToolInput, auditSiteToolOutput, httpUrlSchema, runAuditToolInput, runAuditToolOutput, v1YourScoreSchema, type AuditRun, type AuditHistoryItem, type V1YourScore } from '@citable/contract';
import { accountScore, latestAudits } from '../public-api';
import { auditPageNow } from './page-audit';
import { auditSiteAndFollow } from './site-audit';
import { ANNOTATIONS, answer, guarded, toolError, type Caller } from './tool-kit';

/** Issues an assistant gets from run_audit: the ones that cost the most points. */
const TOP_ISSUES = 5;

const latestScoresOutput = z.object({ yourScore: v1YourScoreSchema, audits: z.array(auditHistoryItemSchema) });

/** Your score first (a site audit, or a page audit named as one page's score), then each audit with its kind (issue 30). */
function latestScoresText(yourScore: V1YourScore, audits: AuditHistoryItem[]): string {
  if (audits.length === 0) return 'No audits yet. Run one with run_audit.';
  const headline = yourScore ? `Your score: ${yourScore.score}/100 (${yourScore.label}).` : 'Your score: none yet (no audit of your own websites).';
  const kindOf = (audit: AuditHistoryItem) => (audit.kind === 'site' ? `site audit, ${audit.page_count} page${audit.page_count === 1 ? '' : 's'}` : audit.kind === 'page' ? 'page audit' : 'pasted content');
  return [headline, ...audits.map((audit) => `${audit.created_at.slice(0, 10)} ${audit.website_url ?? 'pasted content'} (${kindOf(audit)}): ${audit.overall_score}/100`)].join('\n');
}

const issuesOutput = z.object({
  audit: z.object({ id: z.string(), website_url: z.string().nullable(), overall_score: z.number(), created_at: z.string() }).nullable(),
  recommendations: z.array(z.string()),
});

function siteAuditText(run: AuditRun): string {
  const report = run.result;
  if (!report) return `Site audit of ${run.website_url}: ${run.status}.`;
  const lines = [`Site audit of ${run.website_url}: ${report.overallScore}/100 over ${report.pageCount} page(s).`];
  if (report.subscores) lines.push(`Subscores: ${Object.entries(report.subscores).map(([id, score]) => `${id} ${score}`).join(', ')}.`);
  if (report.errorPages?.length) lines.push(`${report.errorPages.length} error page(s) were listed, not audited.`);
  if (report.recommendations.length) lines.push('Recommendations:', ...report.recommendations.slice(0, TOP_ISSUES).map((text) => `- ${text}`));
  return lines.join('\n');
}

/** The audit tools: a page now, a site crawl with progress, and the reads of past audits. */
export function registerAuditTools(server: McpServer, caller: Caller): void {
  server.registerTool(
    'run_audit',
    {
      title: 'Run an AI visibility audit',
      description: 'Audits one web page now and returns its overall score, the four subscores (Core plan and above) and the top issues with fixes.',
      // Shared with a keyless `citable mcp` (packages/contract/src/mcp-audit-tools.ts).
      inputSchema: runAuditToolInput.shape,
      outputSchema: runAuditToolOutput,
      annotations: ANNOTATIONS.web('Run an AI visibility audit'),
    },
    ({ url }) =>
      guarded(null, caller, async () => {
        const audit = await auditPageNow(caller.app, caller.options, caller.holder.userId, url);
        const issues = (audit.issues ?? []).slice(0, TOP_ISSUES);
        const lines = [`Overall score for ${url}: ${audit.overallScore}/100.`];
        if (audit.subscores) lines.push(`Subscores: ${Object.entries(audit.subscores).map(([id, score]) => `${id} ${score}`).join(', ')}.`);
        if (issues.length) lines.push('Top issues:', ...issues.map((issue) => `- [${issue.priority}] ${issue.title}: ${issue.suggestion}`));
        else if (audit.recommendations.length) lines.push('Recommendations:', ...audit.recommendations.slice(0, TOP_ISSUES).map((text) => `- ${text}`));
        return answer(lines.join('\n'), { id: audit.id, url, httpStatus: audit.page.httpStatus, overallScore: audit.overallScore, subscores: audit.subscores ?? null, topIssues: issues, recommendations: audit.recommendations });
      }),
  );

  server.registerTool(
    'audit_site',
    {
      title: 'Audit a whole site',
      description:
        'Crawls a site from the URL and audits its pages (as many as maxPages allows, up to the plan\u2019s limit), reporting progress as pages are audited, then returns the site\u2019s report. Counts as one audit of the monthly allowance and appears in the dashboard\u2019s history. Cancelling the call stops the crawl.',
      inputSchema: auditSiteToolInput.shape,
      outputSchema: auditSiteToolOutput,
      annotations: ANNOTATIONS.web('Audit a whole site'),
    },
    ({ url, maxPages }, extra) =>
      guarded(null, caller, async () => {
        const progressToken = extra._meta?.progressToken;
        const run = await auditSiteAndFollow(caller.app, caller.options.auditJob, caller.holder.userId, { url, maxPages }, {
          signal: extra.signal,
          cancelled: () => caller.cancelled.aborted,
          async onProgress({ done, total }) {
            if (progressToken === undefined) return;
            const message = total === undefined ? `Crawling ${url}` : `Audited ${done} of ${total} page(s) found so far`;
            await extra.sendNotification({ method: 'notifications/progress', params: { progressToken, progress: done, ...(total === undefined ? {} : { total }), message } });
          },
        });
        // The caller stopped waiting: the SDK sends nothing for a cancelled or closed request.
        if (!run) return toolError('The site audit was cancelled.');
        if (run.status === 'failed') return toolError(run.error ?? 'The site audit failed.');
        return answer(siteAuditText(run), run);
      }),
  );

  server.registerTool(
    'get_latest_scores',
    {
      title: 'Latest audit scores',
      description: 'Your score (the latest site audit of your own websites; a page audit, named as one page\u2019s score, only before any site audit), then the most recent audits of this account, newest first, each with its kind and score.',
      inputSchema: { limit: z.number().int().min(1).max(20).optional().describe('How many audits (default 5)') },
      outputSchema: latestScoresOutput,
      annotations: ANNOTATIONS.reads('Latest audit scores'),
    },
    ({ limit }) =>
      guarded(null, caller, async () => {
        const { audits } = await latestAudits(caller.app, caller.holder.userId, limit ?? 5);
        const yourScore = await accountScore(caller.app, caller.holder.userId);
        return answer(latestScoresText(yourScore, audits), { yourScore, audits });
      }),
  );

  server.registerTool(
    'get_issues',
    {
      title: 'Issues of the latest audit',
      description: 'The recommendations of the most recent audit, ordered by the points they cost.',
      inputSchema: { url: httpUrlSchema.optional().describe('Only audits of this site; the latest of any site otherwise') },
      outputSchema: issuesOutput,
      annotations: ANNOTATIONS.reads('Issues of the latest audit'),
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
}
