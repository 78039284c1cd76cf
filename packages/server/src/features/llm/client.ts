import { APICallError } from '@ai-sdk/provider';
import type { LanguageModel, LanguageModelUsage } from 'ai';
import type { z } from 'zod';
import { BUILT_IN_SOURCE, llmBudgetExceededMessage, type LlmFeature, type LlmPublicConfig, type LlmUsage, type PlanId } from '@citable/contract';
import {
  LlmBudgetExceededError,
  LlmInvalidOutputError,
  LlmNotConfiguredError,
  LlmProviderError,
  LlmRateLimitedError,
  LlmTimeoutError,
  LlmUnreachableError,
} from './errors';
import { loadAiSdk } from './ai-sdk';
import { createLanguageModel } from './model';
import { decideRetry, sleep } from './retry';
import type { LlmSettings } from '../../settings/llm';
import { monthlyLlmUsage, type LlmUsageStore } from './usage';

/** Who a call is for: usage is charged to the user's monthly budget under the feature. */
export interface LlmCallContext {
  userId: string;
  plan: PlanId;
  feature: LlmFeature;
  /** The caller's own cancellation (a closed request); the per-attempt timeout is added to it. */
  signal?: AbortSignal;
}

export interface LlmRequest {
  prompt: string;
  system?: string;
  maxOutputTokens?: number;
  temperature?: number;
}

export interface LlmAnswer<T> {
  value: T;
  /** The model name, which results carry as their `source`. */
  model: string;
  inputTokens: number;
  outputTokens: number;
}

export interface LlmClient {
  readonly configured: boolean;
  /** The configured model, or undefined. */
  readonly model: string | undefined;
  /** `source` for results this client produced: the model name, else the built-in engine. */
  readonly source: string;
  publicConfig(): LlmPublicConfig;
  complete(context: LlmCallContext, request: LlmRequest): Promise<LlmAnswer<string>>;
  /** The model's answer parsed as JSON and validated against `schema`; LlmInvalidOutputError otherwise. */
  structured<T>(context: LlmCallContext, schema: z.ZodType<T>, request: LlmRequest & { name?: string; description?: string }): Promise<LlmAnswer<T>>;
  usage(userId: string, plan: PlanId): Promise<LlmUsage>;
}

export interface LlmClientOptions {
  settings: LlmSettings | null;
  usage: LlmUsageStore;
  /** Tests inject a model; the app builds one from the settings. */
  model?: LanguageModel;
  now?: () => Date;
}

const tokens = (usage: LanguageModelUsage | undefined) => ({ inputTokens: usage?.inputTokens ?? 0, outputTokens: usage?.outputTokens ?? 0 });

export function createLlmClient(options: LlmClientOptions): LlmClient {
  const { settings, usage } = options;
  const now = options.now ?? (() => new Date());
  const modelName = settings?.model;
  let languageModel: Promise<LanguageModel> | undefined;
  const modelFor = (configured: LlmSettings) => (languageModel ??= options.model ? Promise.resolve(options.model) : createLanguageModel(configured));

  // Checked before each call, so concurrent calls may overshoot the budget by their own size at most.
  async function assertBudget(context: LlmCallContext): Promise<void> {
    const status = await monthlyLlmUsage(usage, context.userId, context.plan, now());
    if (status.usedTokens >= status.budgetTokens) throw new LlmBudgetExceededError(llmBudgetExceededMessage(context.plan));
  }

  async function record(context: LlmCallContext, used: { inputTokens: number; outputTokens: number }): Promise<void> {
    if (!modelName || used.inputTokens + used.outputTokens === 0) return;
    await usage.record({ userId: context.userId, feature: context.feature, model: modelName, ...used });
  }

  function failure(error: unknown, attempts: number): Error {
    const name = modelName ?? 'model';
    if (APICallError.isInstance(error)) {
      if (error.statusCode === 429) return new LlmRateLimitedError(name, attempts);
      if (error.statusCode === undefined) return new LlmUnreachableError(name, { cause: error });
      return new LlmProviderError(name, error.statusCode, attempts, { cause: error });
    }
    return new LlmProviderError(name, undefined, attempts, { cause: error });
  }

  /** One budget check, then attempts with a fresh timeout each, retried on 429/5xx. */
  async function call<T>(context: LlmCallContext, attempt: (model: LanguageModel, signal: AbortSignal) => Promise<{ value: T; usage: LanguageModelUsage }>): Promise<LlmAnswer<T>> {
    if (!settings || !modelName) throw new LlmNotConfiguredError();
    await assertBudget(context);
    const [model, { NoObjectGeneratedError }] = await Promise.all([modelFor(settings), loadAiSdk()]);
    for (let attempts = 1; ; attempts += 1) {
      const timeout = AbortSignal.timeout(settings.timeoutMs);
      const signal = context.signal ? AbortSignal.any([context.signal, timeout]) : timeout;
      try {
        const { value, usage: used } = await attempt(model, signal);
        const counted = tokens(used);
        await record(context, counted);
        return { value, model: modelName, ...counted };
      } catch (error) {
        if (NoObjectGeneratedError.isInstance(error)) {
          await record(context, tokens(error.usage));
          throw new LlmInvalidOutputError(modelName, error.text, { cause: error });
        }
        if (context.signal?.aborted) throw error;
        if (timeout.aborted) throw new LlmTimeoutError(modelName, settings.timeoutMs);
        const decision = decideRetry(error, attempts, settings.retry);
        if (!decision.retry) throw failure(error, attempts);
        await sleep(decision.delayMs, context.signal);
      }
    }
  }

  const base = (request: LlmRequest) => ({
    prompt: request.prompt,
    instructions: request.system,
    maxOutputTokens: request.maxOutputTokens,
    temperature: request.temperature,
    // Retries are ours (bounded Retry-After, typed errors), so the SDK's own are off.
    maxRetries: 0,
  });

  return {
    configured: settings !== null,
    model: modelName,
    source: modelName ?? BUILT_IN_SOURCE,
    publicConfig: () => (modelName ? { configured: true, model: modelName } : { configured: false }),
    complete(context, request) {
      return call(context, async (model, signal) => {
        const { generateText } = await loadAiSdk();
        const result = await generateText({ model, ...base(request), abortSignal: signal });
        return { value: result.text, usage: result.totalUsage };
      });
    },
    structured(context, schema, request) {
      return call(context, async (model, signal) => {
        const { generateText, Output } = await loadAiSdk();
        const result = await generateText({
          model,
          ...base(request),
          abortSignal: signal,
          output: Output.object({ schema, name: request.name, description: request.description }),
        });
        return { value: result.output, usage: result.totalUsage };
      });
    },
    usage: (userId, plan) => monthlyLlmUsage(usage, userId, plan, now()),
  };
}
