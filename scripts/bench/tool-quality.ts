/**
 * The built-in tools' quality on the hand-labelled bench sites (issue #32), beside the figures
 * measured before the tools rested on the site's structure (commit dfe5397, the same sites and
 * rules), so a change that makes a tool worse shows as a lower number here.
 */
import { benchTotals, runToolQualityBench, type BenchTotals } from '@citable/engine';
import { runModelQualityBench, traceableShare } from '../../packages/server/src/features/content/model-quality-bench';
import { createLlmClient } from '../../packages/server/src/features/llm/client';
import { readLlmSettings } from '../../packages/server/src/settings/llm';

/**
 * Measured with this bench on commit dfe5397, before issue #32's fixes. The prompt scorer could
 * not be given a prompt of the bench's own then, so it has no earlier figure.
 */
const BEFORE: Partial<BenchTotals> = { entityPrecision: 60.9, entityRecall: 31.8, junkTopics: 6, voiceCorrect: 43.3, unfitPrompts: 10 };

const LABELS: Record<keyof BenchTotals, string> = {
  entityPrecision: 'entity precision, % of named entities found that a reader lists (target >= 90)',
  entityRecall: "entity recall, % of the reader's entities found",
  junkTopics: 'topics that are not noun phrases (target 0)',
  voiceCorrect: '% of labelled questions every assistant answers right or says "not answered" (target >= 90)',
  unfitPrompts: "prompts that do not fit the site's kind or are a page title (target 0)",
  promptScoring: '% of labelled questions the prompt scorer rates answered exactly when the site answers them',
};

export function printToolQuality(): void {
  const figures = runToolQualityBench();
  const now = benchTotals(figures);
  console.log(`tool quality on ${figures.length} labelled sites (${figures.map((f) => f.site).join(', ')}), before -> now:`);
  for (const key of Object.keys(LABELS) as (keyof BenchTotals)[]) console.log(`  ${LABELS[key]}: ${BEFORE[key] ?? 'n/a'} -> ${now[key]}`);
  const misses = figures.flatMap((f) => [...f.entities.wrong.map((w) => `${f.site}: entity ${w}`), ...f.voice.misses.map((m) => `${f.site}: voice ${m}`), ...f.prompts.unfit.map((p) => `${f.site}: unfit prompt ${p}`)]);
  if (misses.length > 0) console.log(`  misses:\n    ${misses.join('\n    ')}`);
}

/**
 * With a language model configured (LLM_PROVIDER and the rest, as for the server), the same
 * labelled sites through the model: the share of its generated FAQs traceable to the passage that
 * answers them. Its token use is kept in memory, not in any database.
 */
export async function printModelToolQuality(): Promise<void> {
  const settings = readLlmSettings(process.env, (message) => new Error(message));
  if (!settings) {
    console.log('tool quality with a language model: skipped (no LLM_PROVIDER set)');
    return;
  }
  const llm = createLlmClient({ settings, usage: { tokensSince: async () => 0, record: async () => {} } });
  const figures = await runModelQualityBench(llm);
  console.log(`tool quality with ${settings.model}: ${traceableShare(figures)} % of ${figures.reduce((n, f) => n + f.faqs, 0)} generated FAQs traceable to the passage that answers them (target 100)`);
  for (const f of figures) if (f.source !== settings.model) console.log(`  ${f.site}: the model failed, the built-in generator answered`);
  const misses = figures.flatMap((f) => f.misses);
  if (misses.length > 0) console.log(`  misses:\n    ${misses.join('\n    ')}`);
}
