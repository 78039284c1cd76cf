import { z } from 'zod';
import { SUBSCORE_IDS, SUBSCORE_LABELS, TOOLS, toolsForPlan, type GenieChatRequest, type PlanId } from '@citable/contract';
import type { LlmClient } from '../llm';
import type { GenieAnswer } from './built-in-answer';
import { KNOWLEDGE } from './knowledge';
import { failingChecks, type GenieUserContext } from './user-context';

const answerSchema = z.object({
  response: z.string().describe('The reply to the user, plain text, under 150 words.'),
  toolIds: z.array(z.string()).describe('Ids of tools from the list to offer as buttons, most useful first; empty when none fits.'),
});

function contextLines(context: GenieUserContext): string[] {
  const audits = context.audits.map((a) => {
    const subscores = SUBSCORE_IDS.map((id) => `${SUBSCORE_LABELS[id]} ${a[id]}`).join(', ');
    const failing = failingChecks(a)
      .slice(0, 3)
      .map((check) => `${check.title} (${Math.round(check.pointsLost * 10) / 10} points lost)`);
    return `- ${a.createdAt.toISOString().slice(0, 10)} ${a.websiteUrl ?? 'pasted content'}: overall ${a.overallScore} (${subscores}). Top fixes: ${a.recommendations.slice(0, 3).join('; ') || 'none'}${failing.length ? `. Checks costing the most: ${failing.join('; ')}` : ''}`;
  });
  const activities = context.activities.map((a) => `- ${a.created_at.slice(0, 10)} ${a.activity_type}${a.tool_id ? ` (${a.tool_id})` : ''}`);
  return [`Latest audits:\n${audits.join('\n') || '- none yet'}`, `Recent activity:\n${activities.join('\n') || '- none yet'}`];
}

/**
 * The full assistant (Pro and Agency): the model answers freely, grounded in the product's
 * knowledge, the user's latest audits and activity. Its tool ids are filtered by the caller.
 */
export async function llmAnswer(llm: LlmClient, call: { userId: string; plan: PlanId; signal?: AbortSignal }, request: GenieChatRequest, context: GenieUserContext): Promise<GenieAnswer & { model: string }> {
  const tools = toolsForPlan(call.plan)
    .filter((id) => id !== 'overview')
    .map((id) => `- ${id}: ${TOOLS[id].name}. ${KNOWLEDGE.find((k) => k.toolId === id)?.text ?? TOOLS[id].description}`);
  const product = KNOWLEDGE.filter((k) => !k.toolId).map((k) => `- ${k.title}: ${k.text}`);
  const history = (request.conversationHistory ?? []).map((m) => `${m.type === 'user' ? 'User' : 'Genie'}: ${m.content}`);
  const system = [
    'You are Genie, the assistant inside Citable, a product that measures and improves how AI answer engines understand, retrieve and cite a website.',
    'Answer the user\'s question helpfully and concisely, using only the facts below and the conversation. Do not invent scores, figures or features.',
    'Suggest tools only from this list, by id:',
    ...tools,
    'Product facts:',
    ...product,
    ...contextLines(context),
  ].join('\n');
  const prompt = [...(history.length ? ['Conversation so far:', ...history, ''] : []), `User: ${request.message.trim()}`].join('\n');
  const answer = await llm.structured({ userId: call.userId, plan: call.plan, feature: 'genie', signal: call.signal }, answerSchema, {
    system,
    prompt,
    name: 'genie_reply',
    maxOutputTokens: 600,
  });
  return { response: answer.value.response.trim(), toolIds: answer.value.toolIds as GenieAnswer['toolIds'], model: answer.model };
}
