import { TOOL_MESSAGES, TOOL_SITE_PAGES, type PromptSuggestionsInput, type PromptSuggestionsResult } from '@citable/contract';
import { suggestPrompts } from '@citable/engine';
import { firstWebsite } from './competitors';
import { readSitePages } from './read-pages';
import { ToolFailure } from './tool-failure';
import type { ToolContext, ToolOutcome } from './tool-context';

/** Prompts about the topic, each matched against the passages of the user's first website (its error pages listed, not matched). */
export async function runPromptSuggestions(input: PromptSuggestionsInput, ctx: ToolContext): Promise<ToolOutcome<PromptSuggestionsResult>> {
  const website = firstWebsite(ctx.profile);
  if (!website) throw new ToolFailure(TOOL_MESSAGES.noWebsite);
  const { pages, errorPages } = await readSitePages(website, ctx, TOOL_SITE_PAGES);
  const result = suggestPrompts({ ...input, industry: input.industry ?? ctx.profile.industry ?? undefined, pages });
  return { result: { ...result, errorPages }, websiteUrl: website };
}
