/**
 * The AI SDK and its providers are loaded on the first model call, not with the server: together
 * they take about a tenth of a second and several megabytes, and most processes (every worker
 * without a configured model, most test servers) never call a model.
 */
let sdk: Promise<typeof import('ai')> | undefined;

export function loadAiSdk(): Promise<typeof import('ai')> {
  sdk ??= import('ai');
  return sdk;
}
