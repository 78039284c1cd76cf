/**
 * Typed failures of a model call, so callers can fall back to the built-in engine or tell the
 * user what happened. Messages never contain the API key or the provider's raw response body.
 */
export type LlmErrorCode = 'not_configured' | 'budget_exceeded' | 'timeout' | 'rate_limited' | 'invalid_output' | 'provider_error' | 'unreachable';

export class LlmError extends Error {
  constructor(
    readonly code: LlmErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'LlmError';
  }
}

export class LlmNotConfiguredError extends LlmError {
  constructor() {
    super('not_configured', 'No AI model is configured (LLM_PROVIDER is not set).');
  }
}

export class LlmBudgetExceededError extends LlmError {
  constructor(message: string) {
    super('budget_exceeded', message);
  }
}

export class LlmTimeoutError extends LlmError {
  constructor(model: string, timeoutMs: number) {
    super('timeout', `The AI model ${model} did not answer within ${Math.round(timeoutMs / 1000)} s.`);
  }
}

export class LlmRateLimitedError extends LlmError {
  constructor(model: string, attempts: number) {
    super('rate_limited', `The AI model ${model} is rate limited (HTTP 429 after ${attempts} attempt${attempts === 1 ? '' : 's'}). Try again later.`);
  }
}

export class LlmProviderError extends LlmError {
  constructor(
    model: string,
    readonly status: number | undefined,
    attempts: number,
    options?: { cause?: unknown },
  ) {
    super('provider_error', `The AI model ${model} failed${status ? ` with HTTP ${status}` : ''}${attempts > 1 ? ` after ${attempts} attempts` : ''}.`, options);
  }
}

export class LlmUnreachableError extends LlmError {
  constructor(model: string, options?: { cause?: unknown }) {
    super('unreachable', `The AI model ${model} could not be reached.`, options);
  }
}

/** The model answered, but not with JSON matching the schema. `text` is what it said (for logs). */
export class LlmInvalidOutputError extends LlmError {
  constructor(
    model: string,
    readonly text: string | undefined,
    options?: { cause?: unknown },
  ) {
    super('invalid_output', `The AI model ${model} did not return valid JSON for the expected structure.`, options);
  }
}
