import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { citationHistoryResponseSchema, HISTORY_PERIODS, httpUrlSchema, trendsResponseSchema } from '@citable/contract';
import { citationHistory, hostOf } from '../citations';
import { getOrCreateProfile } from '../profile';
import { trendSeries } from '../track';
import { ANNOTATIONS, answer, guarded, type Caller } from './tool-kit';

const percent = (rate: number) => `${Math.round(rate * 100)}%`;

/** Reads of the account's stored tracking: citation runs and score history. */
export function registerHistoryTools(server: McpServer, caller: Caller): void {
  server.registerTool(
    'get_citations',
    {
      title: 'Citation tracking history',
      description: 'The account\u2019s stored citation checks, newest first: per run the domain, the answer source, how often the domain was mentioned (with its confidence interval) and how many citations it got.',
      inputSchema: {
        domain: z.string().trim().min(1).max(2048).optional().describe('Only runs for this domain or URL, e.g. example.com'),
        limit: z.number().int().min(1).max(100).optional().describe('How many runs (default 30)'),
      },
      outputSchema: citationHistoryResponseSchema,
      annotations: ANNOTATIONS.reads('Citation tracking history'),
    },
    ({ domain, limit }) =>
      // Gated as the dashboard's citation history (GET /api/citations/history): the Citation Tracker's plan.
      guarded({ tool: 'citations' }, caller, async () => {
        const host = domain === undefined ? undefined : (hostOf(domain) ?? domain);
        const runs = await citationHistory(caller.app.db, caller.holder.userId, host, limit ?? 30);
        const text = runs.length
          ? runs.map((run) => `${run.created_at.slice(0, 10)} ${run.domain} (${run.source}): mentioned in ${percent(run.rate)} of ${run.samples} answer(s), ${run.citations} citation(s)`).join('\n')
          : 'No citation checks yet. Run one with check_citations.';
        return answer(text, { runs });
      }),
  );

  server.registerTool(
    'get_score_history',
    {
      title: 'Score history of a site',
      description: 'The overall score (and subscores, Core plan and above) of each audit of a site over time, oldest first, as the dashboard\u2019s Trends view draws it: like with like, so page and site audits are never mixed.',
      inputSchema: {
        url: httpUrlSchema.optional().describe('The site, e.g. https://example.com/; the account\u2019s first website otherwise'),
        period: z.enum(HISTORY_PERIODS).optional().describe('How far back (default all)'),
      },
      outputSchema: trendsResponseSchema,
      annotations: ANNOTATIONS.reads('Score history of a site'),
    },
    ({ url, period }) =>
      // One site's line is every plan's, as on the Trends view (comparing several sites is not offered here).
      guarded(null, caller, async () => {
        const profile = await getOrCreateProfile(caller.app.db, caller.holder.userId);
        const series = await trendSeries(caller.app.db, caller.holder.userId, profile, url ? [url] : [], period ?? 'all');
        const [site] = series;
        const text =
          site && site.points.length
            ? [`Score history of ${site.url}:`, ...site.points.map((point) => `${point.date.slice(0, 10)}: ${point.overallScore}/100`)].join('\n')
            : 'No audits of this site yet. Run one with run_audit or audit_site.';
        return answer(text, { series });
      }),
  );
}
