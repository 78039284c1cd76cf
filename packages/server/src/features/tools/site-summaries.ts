import { TOOL_SITE_PAGES, type SiteSummaryInput, type SiteSummaryResponse } from '@citable/contract';
import { generateLlmsTxt, summarizeSite } from '@citable/engine';
import { pastedPage, readSitePages } from './read-pages';
import type { ToolContext, ToolOutcome } from './tool-context';

/**
 * The site's summary and its llms.txt files, from one crawl of up to TOOL_SITE_PAGES pages (or the
 * pasted content). Error pages are neither summarised nor linked from llms.txt: they are listed.
 */
export async function runSiteSummaries(input: SiteSummaryInput, ctx: ToolContext): Promise<ToolOutcome<SiteSummaryResponse>> {
  const url = input.url?.trim() || null;
  const { pages, errorPages } = url ? await readSitePages(url, ctx, TOOL_SITE_PAGES) : { pages: [pastedPage(input.content ?? '')], errorPages: undefined };
  const summary = summarizeSite({ pages, summaryType: input.summaryType });
  return { result: { ...summary, llms: generateLlmsTxt({ pages }), ...(errorPages ? { errorPages } : {}) }, websiteUrl: url };
}
