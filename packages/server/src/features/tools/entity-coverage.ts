import type { EntityCoverageInput, EntityCoverageResult } from '@citable/contract';
import { analyzeEntityCoverage } from '@citable/engine';
import { storedCompetitorUrls } from './competitors';
import { pastedPage, readOptionalSites, readPage } from './read-pages';
import type { ToolContext, ToolOutcome } from './tool-context';

/** Competitor pages read per competitor: the page the user named (or its home page) is what is compared. */
const COMPETITOR_PAGES = 1;

/**
 * The user's page against competitor pages. Without competitors in the request, the profile's
 * stored competitors are used, as the dashboard's competitor list is what the user compares with.
 * The user's page must be content (an error page fails the tool); a competitor page that is an
 * error page is left out of the comparison and listed.
 */
export async function runEntityCoverage(input: EntityCoverageInput, ctx: ToolContext): Promise<ToolOutcome<EntityCoverageResult>> {
  const url = input.url?.trim() || null;
  const competitorUrls = input.competitors.length > 0 ? input.competitors : storedCompetitorUrls(ctx.profile);
  const [page, competitors] = await Promise.all([
    url ? readPage(url, ctx, { probe: false }).then((read) => read.model) : Promise.resolve(pastedPage(input.content ?? '')),
    readOptionalSites(competitorUrls, ctx, COMPETITOR_PAGES),
  ]);
  const result = analyzeEntityCoverage({ page, competitors: competitors.sites.flatMap((c) => c.pages), industry: input.industry ?? ctx.profile.industry ?? undefined });
  return { result: { ...result, errorPages: competitors.errorPages }, websiteUrl: url };
}
