import { z } from 'zod';
import { PLANS } from './plans';
import { TOOL_IDS, type ToolId } from './tools';

/**
 * Genie, the chat assistant (spec 001 §2 "Genie chat", §4, §7 genie-chatbot; spec 000 §6 plan
 * rules). The server answers from the product's own knowledge and the user's audits, and with a
 * model for Pro and Agency; every suggested tool id is one of TOOL_IDS the caller's plan allows.
 */

export const GENIE_CONTEXTS = ['landing', 'dashboard'] as const;
export type GenieContext = (typeof GENIE_CONTEXTS)[number];

/** Longest message a user may send; a chat question, not a document. */
export const GENIE_MESSAGE_MAX = 2000;
/** Earlier turns sent with a message: enough to resolve "that tool", bounded so a request stays small. */
export const GENIE_HISTORY_MAX = 12;
/** Spec 001 §4: a proactive suggestion is appended this long after the reply. */
export const GENIE_PROACTIVE_DELAY_MS = 2000;
/**
 * How every proactive suggestion begins. It is given once per conversation (issue 19): the
 * server finds it among the conversation's earlier bot messages and does not repeat it.
 */
export const GENIE_PROACTIVE_PREFIX = 'By the way:';
/** Spec 001 §9: Genie loads 10 activities and 3 audits as context. */
export const GENIE_CONTEXT_ACTIVITIES = 10;
export const GENIE_CONTEXT_AUDITS = 3;
/** Signed-out questions from the landing page, per IP address. */
export const GENIE_LANDING_LIMIT = { limit: 20, windowMs: 60 * 60_000 } as const;

export const chatMessageTypeSchema = z.enum(['bot', 'user']);

export const actionSuggestionSchema = z.object({
  label: z.string(),
  type: z.literal('launchTool'),
  toolId: z.enum(TOOL_IDS),
});
export type ActionSuggestion = z.infer<typeof actionSuggestionSchema>;

/** Spec 001 §3 "Chat message". */
export const chatMessageSchema = z.object({
  type: chatMessageTypeSchema,
  content: z.string(),
  timestamp: z.string(),
  actionSuggestions: z.array(actionSuggestionSchema).optional(),
  /** Which engine wrote a bot message: the built-in analysis or the model's name. */
  source: z.string().optional(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

export const genieChatRequestSchema = z.object({
  message: z.string().max(GENIE_MESSAGE_MAX),
  context: z.enum(GENIE_CONTEXTS),
  /** Sent by the spec's client; ignored, the server reads the plan it stores. */
  userPlan: z.string().max(20).optional(),
  conversationHistory: z
    .array(z.object({ type: chatMessageTypeSchema, content: z.string().max(GENIE_MESSAGE_MAX * 2) }))
    .max(50)
    .optional(),
  /** Sent by the spec's client; the server reads the user's data itself. */
  userData: z.record(z.string(), z.unknown()).optional(),
});
export type GenieChatRequest = z.infer<typeof genieChatRequestSchema>;

export const genieChatResponseSchema = z.object({
  response: z.string(),
  actionSuggestions: z.array(actionSuggestionSchema),
  proactiveSuggestions: z.string().optional(),
  source: z.string(),
});
export type GenieChatResponse = z.infer<typeof genieChatResponseSchema>;

export const GENIE_MESSAGES = {
  greeting: {
    landing: "Hi, I'm Genie. Ask me what Citable does, which plan fits you, or how to get your site cited by AI assistants.",
    dashboard: "Hi, I'm Genie. Ask me how to improve your AI visibility and I'll open the right tool.",
  },
  chatFailure: "I'm sorry, I'm having trouble connecting right now. Please try again in a moment.",
  loggedOut: 'You need to be logged in to use the dashboard assistant. Please log in and try again.',
  loggedOutShort: 'Please log in to use the dashboard assistant',
  emptyMessage: 'Type a message first.',
  landingRateLimited: (minutes: number) =>
    `You've asked Genie a lot of questions from this network. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}, or sign up to use the dashboard assistant.`,
  freeUpgrade: `Genie is part of the ${PLANS.core.name} plan (tool guidance) and the ${PLANS.pro.name} plan (the full assistant). Upgrade from Billing to chat with Genie about your site.`,
  launchLabel: (toolName: string) => `Open ${toolName}`,
} as const;

export const isToolId = (id: string): id is ToolId => (TOOL_IDS as readonly string[]).includes(id);
