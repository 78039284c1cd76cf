import { and, desc, eq } from 'drizzle-orm';
import type { CompetitiveAnalysisInput, CompetitiveAnalysisResult } from '@citable/contract';
import { compareCompetitors, type NamedAudit } from '@citable/engine';
import { auditHistory } from '../../db/schema';
import { siteAuditCondition, siteScoreCondition } from '../track';
import { siteLabel } from './competitors';
import { industryScores } from './industry-scores';
import { auditReadPage, mapBounded } from './read-pages';
import type { ToolContext, ToolOutcome } from './tool-context';

const AUDITS_IN_PARALLEL = 4;

/**
 * The site's score as the dashboard shows it (contract your-score.ts, issue 30): the user's latest
 * site audit of it, with its checks (each the mean over the crawl's pages). Null when the user has
 * no site audit of it.
 */
async function storedSiteAudit(url: string, ctx: ToolContext): Promise<NamedAudit | null> {
  const ofSite = siteAuditCondition(ctx.profile, url);
  if (ofSite === null) return null;
  const [row] = await ctx.db
    .select()
    .from(auditHistory)
    .where(and(eq(auditHistory.userId, ctx.userId), ofSite, siteScoreCondition))
    .orderBy(desc(auditHistory.createdAt))
    .limit(1);
  if (!row || row.auditData.kind !== 'site') return null;
  return { overallScore: row.overallScore, subscores: row.auditData.result.subscores, checks: row.auditData.checks, url, name: siteLabel(ctx.profile, url) };
}

/**
 * Compares the user's site with each competitor's, like with like (issue 30). When every site has a
 * stored site audit, those are compared: site against site, with the scores the overview, Competitive
 * Insights and reports show. Otherwise each site's start page is audited now with the engine the
 * audit tool uses and the pages are compared, page against page; `basis` says which. A competitor
 * that cannot be read fails the analysis with the crawler's reason: a comparison that silently
 * drops a chosen competitor would mislead. The industry average comes from this installation's
 * audits of sites in the user's industry (the engine uses it from MIN_INDUSTRY_AUDITS sites on,
 * the competitors' mean otherwise).
 */
export async function runCompetitiveAnalysis(input: CompetitiveAnalysisInput, ctx: ToolContext): Promise<ToolOutcome<CompetitiveAnalysisResult>> {
  const urls = [input.primaryUrl, ...input.competitorUrls];
  const stored = await Promise.all(urls.map((url) => storedSiteAudit(url, ctx)));
  const siteAudits = stored.every((audit): audit is NamedAudit => audit !== null) ? stored : null;
  const audits =
    siteAudits ??
    (await mapBounded(urls, AUDITS_IN_PARALLEL, async (url): Promise<NamedAudit> => {
      const { snapshot, result } = await auditReadPage(url, ctx, ctx.now);
      const audited = snapshot.page.url ?? url;
      return { ...result, url: audited, name: siteLabel(ctx.profile, audited) };
    }));
  const industry = input.industry ?? ctx.profile.industry;
  const industryAudits = industry ? await industryScores(ctx.db, industry) : [];
  const [primary, ...competitors] = audits;
  const result = compareCompetitors({ primary: primary!, competitors, industryAudits });
  return { result: { ...result, basis: siteAudits ? 'site-audits' : 'start-pages' }, websiteUrl: input.primaryUrl };
}
