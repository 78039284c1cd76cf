/** Outgoing webhooks (features/webhooks). */
export interface WebhookSettings {
  /**
   * WEBHOOK_RETRY_DELAY_SECONDS (0-3600, default 30): the first retry's delay; pg-boss doubles it
   * (with up to as much again of jitter) for each later one: 30-60 s, then 1-2, 2-4 and 4-8 min. 0 retries at
   * once, without backoff, which is what the tests use so they never wait on a clock.
   */
  retryDelaySeconds: number;
}

export function readWebhookSettings(env: Record<string, string | undefined>, fail: (message: string) => Error): WebhookSettings {
  const value = env.WEBHOOK_RETRY_DELAY_SECONDS?.trim();
  if (!value) return { retryDelaySeconds: 30 };
  const seconds = Number(value);
  if (!Number.isInteger(seconds) || seconds < 0 || seconds > 3600) throw fail(`WEBHOOK_RETRY_DELAY_SECONDS must be a whole number of seconds between 0 and 3600, got "${value}"`);
  return { retryDelaySeconds: seconds };
}
