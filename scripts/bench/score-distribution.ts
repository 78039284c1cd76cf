/**
 * Benchmark phase: how the scores spread over the corpus pages (median, quartiles, standard
 * deviation of the overall score and each subscore) and which checks fail on nearly every page.
 * A narrow spread means the score cannot tell pages apart. The pages are audited as saved files
 * (no URL), as `citable audit page.html` does. Sends a ScoreDistribution over IPC.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { auditSnapshot, DEFAULT_SCORING_CONFIG, scoreDistribution } from '@citable/engine';

const corpus = fileURLToPath(new URL('../../packages/engine/test/corpus/', import.meta.url));
const results = readdirSync(corpus, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => auditSnapshot({ page: { url: null, body: readFileSync(`${corpus}${entry.name}/source.html`, 'utf8'), format: 'html' }, site: null }));
process.send?.(scoreDistribution(results, DEFAULT_SCORING_CONFIG.passThreshold));
