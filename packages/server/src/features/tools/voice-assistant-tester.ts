import { TOOL_COMPETITOR_PAGES, TOOL_MESSAGES, TOOL_SITE_PAGES, type VoiceTestInput, type VoiceTestResult } from '@citable/contract';
import { testVoiceAssistants } from '@citable/engine';
import { firstWebsite, storedCompetitorUrls } from './competitors';
import { listErrorPages, readOptionalSites, readSitePages } from './read-pages';
import { ToolFailure } from './tool-failure';
import type { ToolContext, ToolOutcome } from './tool-context';

/**
 * What each assistant would read out for the query, chosen among the passages of the user's
 * first website and of their stored competitors' sites, so a competitor can win the answer.
 * Error pages of either are no passages: they are listed.
 */
export async function runVoiceTester(input: VoiceTestInput, ctx: ToolContext): Promise<ToolOutcome<VoiceTestResult>> {
  const website = firstWebsite(ctx.profile);
  if (!website) throw new ToolFailure(TOOL_MESSAGES.noWebsite);
  const [user, competitors] = await Promise.all([
    readSitePages(website, ctx, TOOL_SITE_PAGES),
    readOptionalSites(storedCompetitorUrls(ctx.profile), ctx, TOOL_COMPETITOR_PAGES),
  ]);
  const result = testVoiceAssistants({ query: input.query, assistants: input.assistants, userPages: user.pages, competitorPages: competitors.sites.flatMap((c) => c.pages) });
  return { result: { ...result, errorPages: listErrorPages(user.errorPages, competitors.errorPages) }, websiteUrl: website };
}
