import { BUILT_IN_SOURCE, TOOL_SITE_PAGES, type SiteSummaryInput, type SiteSummaryResponse, type SiteSummaryResult, type SummaryType } from '@citable/contract';
import { generateLlmsTxt, summarizeSite } from '@citable/engine';
import { LlmError } from '../llm';
import { pastedPage, readSitePages } from './read-pages';
import type { ToolContext, ToolOutcome } from './tool-context';

const LENGTH: Record<SummaryType, string> = { brief: 'one or two sentences', overview: 'one paragraph of four to six sentences', detailed: 'about ten sentences' };
/** Ranked sentences the model is given: the facts it may use, bounded for the call's cost. */
const MODEL_SENTENCES = 30;

/** The prompt for a model-written summary: only the site's own sentences as facts, so it invents nothing. */
export function summaryPrompt(summary: SiteSummaryResult): { system: string; prompt: string } {
  const facts = summary.sentences.slice(0, MODEL_SENTENCES).map((sentence) => `- ${sentence.text}`);
  return {
    system: 'You write the summary an AI assistant would give of a website. Use only the facts given; never add claims, prices or numbers that are not in them. Plain prose, no headings, no lists, no marketing tone.',
    prompt: [
      `Write ${LENGTH[summary.summaryType]} summarising this website for someone asking an assistant about it.`,
      summary.entities.length > 0 ? `Entities named on the site: ${summary.entities.map((entity) => entity.name).join(', ')}.` : '',
      summary.topics.length > 0 ? `Topics: ${summary.topics.join(', ')}.` : '',
      'Facts, most representative first:',
      ...facts,
    ]
      .filter((line) => line !== '')
      .join('\n'),
  };
}

/**
 * The extractive summary rewritten by the configured model, labelled with its name; the extractive
 * one, labelled as the built-in analysis, when no model is configured, the site gave no sentences
 * or the call fails (budget, time-out, provider error).
 */
async function withModelSummary(summary: SiteSummaryResult, ctx: ToolContext): Promise<SiteSummaryResult> {
  const llm = ctx.llm;
  if (!llm?.client.configured || summary.sentences.length === 0) return { ...summary, source: BUILT_IN_SOURCE };
  try {
    const answer = await llm.client.complete({ userId: ctx.userId, plan: llm.plan, feature: 'summaries' }, { ...summaryPrompt(summary), maxOutputTokens: 600, temperature: 0.2 });
    const text = answer.value.trim();
    return text ? { ...summary, summary: text, source: answer.model } : { ...summary, source: BUILT_IN_SOURCE };
  } catch (error) {
    if (error instanceof LlmError) return { ...summary, source: BUILT_IN_SOURCE };
    throw error;
  }
}

/**
 * The site's summary and its llms.txt files, from one crawl of up to TOOL_SITE_PAGES pages (or the
 * pasted content). Error pages are neither summarised nor linked from llms.txt: they are listed.
 */
export async function runSiteSummaries(input: SiteSummaryInput, ctx: ToolContext): Promise<ToolOutcome<SiteSummaryResponse>> {
  const url = input.url?.trim() || null;
  const { pages, errorPages } = url ? await readSitePages(url, ctx, TOOL_SITE_PAGES) : { pages: [pastedPage(input.content ?? '')], errorPages: undefined };
  const summary = await withModelSummary(summarizeSite({ pages, summaryType: input.summaryType }), ctx);
  return { result: { ...summary, llms: generateLlmsTxt({ pages }), ...(errorPages ? { errorPages } : {}) }, websiteUrl: url };
}
