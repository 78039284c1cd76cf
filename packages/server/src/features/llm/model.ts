import { createAnthropic } from '@ai-sdk/anthropic';
import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { LanguageModel } from 'ai';
import type { LlmSettings } from '../../settings/llm';

/** The AI SDK model for the configured provider (https://ai-sdk.dev/providers). */
export function createLanguageModel(settings: LlmSettings): LanguageModel {
  switch (settings.provider) {
    case 'openai':
      return createOpenAI({ apiKey: settings.apiKey, baseURL: settings.baseUrl })(settings.model);
    case 'anthropic':
      return createAnthropic({ apiKey: settings.apiKey, baseURL: settings.baseUrl })(settings.model);
    case 'openai-compatible':
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
