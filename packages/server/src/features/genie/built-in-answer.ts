import { GENIE_MESSAGES, GENIE_PROACTIVE_PREFIX, PLANS, TOOLS, canUseTool, isToolId, type ActionSuggestion, type PlanId, type ToolId } from '@citable/contract';
import { KNOWLEDGE } from './knowledge';
import { routeQuestion } from './route-question';
import type { WeakestSubscore } from './user-context';

export interface GenieAnswer {
  response: string;
  toolIds: ToolId[];
}

const firstSentence = (text: string) => /^.*?[.!?](?=\s|$)/.exec(text)?.[0] ?? text;

/** The tools Genie can name, for the reply when nothing matched: what it can help with. */
const TOOL_NAMES = KNOWLEDGE.filter((entry) => entry.toolId).map((entry) => entry.title);

/**
 * Genie without a model: the question routed to the knowledge entries that answer it, each said
 * in its own words, with the matching tools. `plan` is null for a signed-out visitor (the landing
 * page), who hears about every tool; a signed-in user hears which plan a tool needs.
 * `weakest` stands in when the question matched no tool ("what should I do next?").
 */
export function builtInAnswer(question: string, plan: PlanId | null, weakest: WeakestSubscore | null): GenieAnswer {
  const routed = routeQuestion(question);
  const tools = routed.flatMap((r) => (r.entry.toolId ? [r.entry.toolId] : []));
  const topics = routed.filter((r) => !r.entry.toolId);
  const sentences: string[] = [];
  for (const topic of topics.slice(0, 1)) sentences.push(topic.entry.text.split(/(?<=[.!?])\s+/).slice(0, 2).join(' '));
  tools.forEach((toolId, index) => {
    const entry = routed.find((r) => r.entry.toolId === toolId)!.entry;
    const lead = index === 0 ? `The ${entry.title} is the tool for that` : `The ${entry.title} also helps`;
    const gate = plan && !canUseTool(plan, toolId) ? ` It is part of the ${PLANS[TOOLS[toolId].requiredPlan].name} plan.` : '';
    sentences.push(`${lead}: ${lowerFirst(firstSentence(entry.text))}${gate}`);
  });
  if (tools.length === 0 && weakest) {
    sentences.push(`Your latest audit scored ${weakest.score} for ${weakest.label}, your weakest area. The ${TOOLS[weakest.toolId].name} works on it: ${lowerFirst(TOOLS[weakest.toolId].description)}`);
    tools.push(weakest.toolId);
  }
  if (sentences.length === 0) {
    sentences.push(`I couldn't match that to anything I know. I can explain the AI Visibility Score and the plans, and point you to the right tool: ${TOOL_NAMES.join(', ')}.`);
  }
  return { response: sentences.join(' '), toolIds: tools };
}

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}

/** Launch buttons for the tools the caller may open: real ids only, within the plan when signed in. */
export function actionSuggestions(toolIds: readonly string[], plan: PlanId | null): ActionSuggestion[] {
  const seen = new Set<ToolId>();
  return toolIds.flatMap((toolId) => {
    if (!isToolId(toolId) || toolId === 'overview') return [];
    if (seen.has(toolId) || (plan && !canUseTool(plan, toolId))) return [];
    seen.add(toolId);
    return [{ label: GENIE_MESSAGES.launchLabel(TOOLS[toolId].name), type: 'launchTool' as const, toolId }];
  });
}

/**
 * The follow-up appended after the reply (spec 001 §4): the weakest area, unless the reply already
 * covered its tool. The caller passes null once the conversation has had it (issue 19).
 */
export function proactiveSuggestion(weakest: WeakestSubscore | null, suggested: readonly ToolId[]): string | undefined {
  if (!weakest || suggested.includes(weakest.toolId)) return undefined;
  const site = weakest.websiteUrl ? ` of ${weakest.websiteUrl}` : '';
  return `${GENIE_PROACTIVE_PREFIX} your latest audit${site} scored ${weakest.score} for ${weakest.label}, your weakest area. The ${TOOLS[weakest.toolId].name} works on it.`;
}
