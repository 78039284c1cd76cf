import { z } from 'zod';
import { PLANS, type PlanId } from './plans';

/**
 * The optional language-model provider (DESIGN "Works offline, better online"). Without one every
 * feature runs on the built-in engine; with one, results name the model that produced them.
 */

export const LLM_PROVIDERS = ['openai', 'anthropic', 'openai-compatible'] as const;
export const llmProviderSchema = z.enum(LLM_PROVIDERS);
export type LlmProvider = z.infer<typeof llmProviderSchema>;

/** The `source` of a result no model touched. */
export const BUILT_IN_SOURCE = 'built-in analysis';

/** `source` on every result: the built-in engine, or the model name that produced it. */
export const resultSourceSchema = z.string().min(1);
export type ResultSource = z.infer<typeof resultSourceSchema>;

/** What GET /api/config says about the provider; never the key or the base URL. */
export const llmPublicConfigSchema = z.object({
  configured: z.boolean(),
  model: z.string().optional(),
});
export type LlmPublicConfig = z.infer<typeof llmPublicConfigSchema>;

/** What one model call is for, so usage can be reported per feature. */
export const LLM_FEATURES = ['citations', 'genie', 'generator', 'optimizer', 'summaries'] as const;
export type LlmFeature = (typeof LLM_FEATURES)[number];

/**
 * Tokens (input plus output) a plan may spend on the operator's provider per calendar month
 * (UTC). Sized so a Core user can run the Citation Tracker daily: one run of 2 keywords x 2
 * templates x 3 samples is about 12 answers of ~600 tokens, ~7,500 tokens. Free users get a
 * taste; the deterministic engine keeps working for everyone once the budget is spent.
 */
export const LLM_MONTHLY_TOKEN_BUDGET: Record<PlanId, number> = {
  free: 20_000,
  core: 300_000,
  pro: 1_500_000,
  agency: 6_000_000,
};

export function llmBudgetExceededMessage(plan: PlanId): string {
  const budget = LLM_MONTHLY_TOKEN_BUDGET[plan].toLocaleString('en-US');
  return `This month's AI model budget for the ${PLANS[plan].name} plan (${budget} tokens) is used up. Results from the built-in analysis are still available; the budget resets on the 1st (UTC).`;
}

/** Usage of the monthly token budget, as the billing dialog and the tools show it. */
export const llmUsageSchema = z.object({
  plan: z.string(),
  usedTokens: z.number().int().min(0),
  budgetTokens: z.number().int().min(0),
  periodStart: z.string(),
  periodEnd: z.string(),
});
export type LlmUsage = z.infer<typeof llmUsageSchema>;
