import type { LanguageModel } from 'ai';
import type { LlmSettings } from '../../settings/llm';

/**
 * The AI SDK model for the configured provider (https://ai-sdk.dev/providers), with the provider's
 * package loaded on first use (llm/ai-sdk.ts says why).
 */
export async function createLanguageModel(settings: LlmSettings): Promise<LanguageModel> {
  switch (settings.provider) {
    case 'openai': {
      const { createOpenAI } = await import('@ai-sdk/openai');
      return createOpenAI({ apiKey: settings.apiKey, baseURL: settings.baseUrl })(settings.model);
    }
    case 'anthropic': {
      const { createAnthropic } = await import('@ai-sdk/anthropic');
      return createAnthropic({ apiKey: settings.apiKey, baseURL: settings.baseUrl })(settings.model);
    }
    case 'openai-compatible': {
      const { createOpenAICompatible } = await import('@ai-sdk/openai-compatible');
      // Without supportsStructuredOutputs the provider never sends the JSON schema
      // (response_format json_schema) and structured() would only get free text back.
      return createOpenAICompatible({
        name: 'openai-compatible',
        baseURL: settings.baseUrl ?? '',
        apiKey: settings.apiKey,
        supportsStructuredOutputs: true,
      })(settings.model);
    }
  }
}
