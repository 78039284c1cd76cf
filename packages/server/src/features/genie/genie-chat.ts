import { GENIE_HISTORY_MAX, GENIE_MESSAGES, GENIE_PROACTIVE_PREFIX, BUILT_IN_SOURCE, canUseArea, type GenieChatRequest, type GenieChatResponse, type PlanId } from '@citable/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { type LlmClient, LlmError } from '../llm';
import { actionSuggestions, builtInAnswer, proactiveSuggestion } from './built-in-answer';
import { llmAnswer } from './llm-answer';
import { isOwnScoreQuestion, ownScoreAnswer } from './own-score-answer';
import { loadUserContext, weakestSubscore } from './user-context';

export interface GenieDeps {
  db: Db;
  llm: LlmClient;
  log: FastifyBaseLogger;
}

/** Signed-out landing visitors: product questions, answered from the product's knowledge alone. */
export function landingReply(request: GenieChatRequest): GenieChatResponse {
  const answer = builtInAnswer(request.message, null, null);
  return { response: answer.response, actionSuggestions: actionSuggestions(answer.toolIds, null), source: BUILT_IN_SOURCE };
}

/**
 * The dashboard assistant by plan (spec 000 §6): Free gets the upgrade message, Core tool guidance
 * from the built-in routing, Pro and Agency the full assistant when a model is configured. A model
 * that fails (budget, timeout, bad output) falls back to the guidance rather than to an error.
 */
export async function dashboardReply(deps: GenieDeps, call: { userId: string; plan: PlanId; signal?: AbortSignal }, request: GenieChatRequest): Promise<GenieChatResponse> {
  if (!canUseArea(call.plan, 'genie')) return { response: GENIE_MESSAGES.freeUpgrade, actionSuggestions: [], source: BUILT_IN_SOURCE };
  const context = await loadUserContext(deps.db, call.userId);
  // Once per conversation (issue 19): not again when an earlier reply of this conversation gave it.
  const weakest = proactiveGiven(request) ? null : weakestSubscore(context.audits[0]);
  // "What is my score?" is answered with the user's own numbers, whatever the plan's assistant.
  if (isOwnScoreQuestion(request.message)) {
    const answer = ownScoreAnswer(request.message, context.audits[0]);
    return withProactive({ response: answer.response, actionSuggestions: actionSuggestions(answer.toolIds, call.plan), source: BUILT_IN_SOURCE }, weakest);
  }
  const bounded = { ...request, conversationHistory: (request.conversationHistory ?? []).slice(-GENIE_HISTORY_MAX) };
  if (canUseArea(call.plan, 'genie-full') && deps.llm.configured) {
    try {
      const answer = await llmAnswer(deps.llm, call, bounded, context);
      // An empty reply says nothing; the guidance below at least routes the question.
      if (answer.response) return withProactive({ response: answer.response, actionSuggestions: actionSuggestions(answer.toolIds, call.plan), source: answer.model }, weakest);
      deps.log.warn('genie: the model returned an empty reply, answering with the built-in guidance');
    } catch (error) {
      if (!(error instanceof LlmError)) throw error;
      deps.log.warn({ err: error }, 'genie: model failed, answering with the built-in guidance');
    }
  }
  const answer = builtInAnswer(request.message, call.plan, weakestSubscore(context.audits[0]));
  return withProactive({ response: answer.response, actionSuggestions: actionSuggestions(answer.toolIds, call.plan), source: BUILT_IN_SOURCE }, weakest);
}

/** Whether an earlier bot message of the conversation (the whole history sent, not only the turns a model reads) was the proactive suggestion. */
export function proactiveGiven(request: Pick<GenieChatRequest, 'conversationHistory'>): boolean {
  return (request.conversationHistory ?? []).some((message) => message.type === 'bot' && message.content.trimStart().startsWith(GENIE_PROACTIVE_PREFIX));
}

function withProactive(reply: GenieChatResponse, weakest: ReturnType<typeof weakestSubscore>): GenieChatResponse {
  const proactive = proactiveSuggestion(
    weakest,
    reply.actionSuggestions.map((a) => a.toolId),
  );
  return proactive ? { ...reply, proactiveSuggestions: proactive } : reply;
}
