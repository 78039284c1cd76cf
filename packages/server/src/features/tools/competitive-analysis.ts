import type { CompetitiveAnalysisInput, CompetitiveAnalysisResult } from '@citable/contract';
import { compareCompetitors, type NamedAudit } from '@citable/engine';
import { siteLabel } from './competitors';
import { industryScores } from './industry-scores';
import { auditReadPage, mapBounded } from './read-pages';
import type { ToolContext, ToolOutcome } from './tool-context';

const AUDITS_IN_PARALLEL = 4;

/**
 * Audits the user's page and each competitor's with the same engine the audit tool uses, then
 * compares them check by check. A competitor that cannot be read fails the analysis with the
 * crawler's reason: a comparison that silently drops a chosen competitor would mislead.
 * The industry average comes from this installation's audits of sites in the user's industry
 * (the engine uses it from MIN_INDUSTRY_AUDITS sites on, the competitors' mean otherwise).
 */
export async function runCompetitiveAnalysis(input: CompetitiveAnalysisInput, ctx: ToolContext): Promise<ToolOutcome<CompetitiveAnalysisResult>> {
  const urls = [input.primaryUrl, ...input.competitorUrls];
  const audits = await mapBounded(urls, AUDITS_IN_PARALLEL, async (url): Promise<NamedAudit> => {
    const { snapshot, result } = await auditReadPage(url, ctx, ctx.now);
    const audited = snapshot.page.url ?? url;
    return { ...result, url: audited, name: siteLabel(ctx.profile, audited) };
  });
  const industry = input.industry ?? ctx.profile.industry;
  const industryAudits = industry ? await industryScores(ctx.db, industry) : [];
  const [primary, ...competitors] = audits;
  return { result: compareCompetitors({ primary, competitors, industryAudits }), websiteUrl: input.primaryUrl };
}
