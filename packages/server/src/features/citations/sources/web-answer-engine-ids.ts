/** The engines asked as their users ask them: through the vendor's API, with its web search on. */
export type WebAnswerEngineId = 'chatgpt' | 'claude' | 'gemini' | 'perplexity';
export const WEB_ANSWER_ENGINE_IDS: readonly WebAnswerEngineId[] = ['chatgpt', 'claude', 'gemini', 'perplexity'];
