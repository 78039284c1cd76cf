import type { ContentGeneratorResult, ContentOptimizerResult } from './content-tools';
import type { EntityCoverageResult, PromptSuggestionsResult, VoiceTestResult, CompetitiveAnalysisResult } from './tool-results';
import { TOOL_MESSAGES, type ToolFunctionName, type ToolFunctionResponse } from './tool-functions';

/**
 * What a tool's completion toast says (issue #32): what the run found, in a line, and plainly
 * when nothing improved or the site gave no answer; never "executed successfully" over a result
 * that is no win. Tools without a summary here keep the spec's default text.
 */

const plural = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;

export function voiceOutcome(result: VoiceTestResult): string {
  const answered = result.results.filter((r) => r.source !== null);
  if (answered.length === 0) return 'Your site does not answer this question, and neither do the competitor pages read.';
  const mentions = result.summary.totalMentions;
  if (mentions === 0) return `A competitor's page answers this for ${plural(answered.length, 'assistant')}; your site does not.`;
  return `Your site answers this for ${mentions} of ${plural(result.results.length, 'assistant')} (simulated).`;
}

export function promptsOutcome(result: PromptSuggestionsResult): string {
  const all = Object.values(result.promptsByCategory).flat();
  const answered = all.filter((p) => p.answered ?? p.likelihood >= 50).length;
  if (all.length === 0) return 'No prompts could be made from this topic.';
  return answered === 0
    ? `${plural(all.length, 'prompt')}; no passage on your site answers any of them yet.`
    : `${plural(all.length, 'prompt')}; your site answers ${answered} of them.`;
}

export function entitiesOutcome(result: EntityCoverageResult): string {
  const named = `${plural(result.mentionedCount, 'entity', 'entities')} named on your page`;
  if (result.competitorsAnalyzed === 0) return `${named}; no competitor page to compare with.`;
  return result.missingCount === 0
    ? `${named}; none missing against ${plural(result.competitorsAnalyzed, 'competitor')}.`
    : `${named}; ${result.missingCount} named by competitors and not by you.`;
}

export function competitiveOutcome(result: CompetitiveAnalysisResult): string {
  const { competitivePosition, scoreDifference } = result.summary;
  return `${competitivePosition}: ${scoreDifference >= 0 ? '+' : ''}${scoreDifference} points against the average of ${plural(result.competitorAnalyses.length, 'competitor')}.`;
}

export function optimizerOutcome(result: ContentOptimizerResult): string {
  if (result.optimizedScore <= result.originalScore) return `Nothing to improve automatically (score ${result.originalScore}); the suggestions list what only you can add.`;
  return `Score ${result.originalScore} -> ${result.optimizedScore} with ${plural(result.changes.length, 'change')}.`;
}

export function generatorOutcome(result: ContentGeneratorResult): string {
  const g = result.generatedContent;
  const items = g.faqs.length + g.snippets.length + g.headings.length + g.descriptions.length + (g.metaTags ? 1 : 0);
  if (items === 0) return 'Nothing could be generated from your pages for this topic.';
  return `Generated ${plural(items, 'item')} from ${plural(result.pagesRead, 'page')} of your site.`;
}

/** The toast text for a completed tool function: its summary, or the spec's default text. */
export function toolOutcomeMessage<N extends ToolFunctionName>(name: N, result: ToolFunctionResponse<N>): string {
  switch (name) {
    case 'voice-assistant-tester':
      return voiceOutcome(result as VoiceTestResult);
    case 'prompt-match-suggestions':
      return promptsOutcome(result as PromptSuggestionsResult);
    case 'entity-coverage-analyzer':
      return entitiesOutcome(result as EntityCoverageResult);
    case 'competitive-analysis':
      return competitiveOutcome(result as CompetitiveAnalysisResult);
    default:
      return TOOL_MESSAGES.succeeded;
  }
}

/** Below this confidence a tool's result is shown as NOT_ENOUGH_EVIDENCE, never as a score or a rank (issue #32). */
export const LOW_CONFIDENCE = 40;
export const NOT_ENOUGH_EVIDENCE = 'Not enough evidence on your site';
