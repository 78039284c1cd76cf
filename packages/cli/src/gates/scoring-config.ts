import { SUBSCORE_IDS } from '@citable/contract';
import { DEFAULT_SCORING_CONFIG, type ScoringConfig } from '@citable/engine';

/**
 * The engine's scoring config without the skipped checks: the engine neither runs nor scores
 * them, and each subscore is the weighted mean of the checks left (its usual arithmetic). The
 * ids are checked beforehand (checkCatalog); a crawl's audit workers build the same config.
 */
export function scoringConfigWithout(skip: readonly string[]): ScoringConfig {
  if (skip.length === 0) return DEFAULT_SCORING_CONFIG;
  const subscores = {} as ScoringConfig['subscores'];
  for (const sub of SUBSCORE_IDS) {
    const scored = DEFAULT_SCORING_CONFIG.subscores[sub];
    subscores[sub] = { ...scored, checks: scored.checks.filter((ref) => !skip.includes(ref.id)) };
  }
  return { ...DEFAULT_SCORING_CONFIG, subscores };
}
