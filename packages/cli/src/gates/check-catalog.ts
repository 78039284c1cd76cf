import { SUBSCORE_IDS, SUBSCORE_LABELS, type IssueCategory, type IssuePriority, type SubscoreId } from '@citable/contract';
import { CHECKS_BY_ID, DEFAULT_SCORING_CONFIG, type ScoringConfig } from '@citable/engine';
import { CliError } from '../cli-error';
import { unknownCheckMessage } from './check-ids';
import { scoringConfigWithout } from './scoring-config';

/** What a report says about a check, from the engine's own definition. */
export interface CheckInfo {
  id: string;
  title: string;
  failureTitle: string;
  /** Why it matters for AI visibility. */
  description: string;
  suggestion: string;
  learnMore: string;
  priority: IssuePriority;
  category: IssueCategory;
  subscore: SubscoreId;
}

/** The checks the engine scores, in the scoring config's order, and the config to audit with. */
export interface CheckCatalog {
  checks: CheckInfo[];
  byId: ReadonlyMap<string, CheckInfo>;
  /** The checks left out (config `skip`, `--skip`). */
  skipped: string[];
  /** The engine's scoring config without the skipped checks. */
  config: ScoringConfig;
}

/** Every check id the engine scores, in its scoring config's order. */
export const SCORED_CHECK_IDS: readonly string[] = SUBSCORE_IDS.flatMap((id) => DEFAULT_SCORING_CONFIG.subscores[id].checks.map((ref) => ref.id));

/**
 * The engine's checks less the skipped ones. A skipped check is taken out of the scoring config,
 * so the engine neither runs nor scores it: its subscore is the weighted mean of the checks left
 * (the engine's own arithmetic, SCORING.md). An unknown id is refused with the valid ones, and so
 * is skipping every check of a subscore, which would leave that subscore nothing to measure.
 */
export function checkCatalog(skip: readonly { id: string; source: string }[] = []): CheckCatalog {
  for (const { id, source } of skip) {
    if (!SCORED_CHECK_IDS.includes(id)) throw new CliError(unknownCheckMessage(id, source, SCORED_CHECK_IDS));
  }
  const skipped = [...new Set(skip.map(({ id }) => id))];
  const config = scoringConfigWithout(skipped);
  for (const sub of SUBSCORE_IDS) {
    if (config.subscores[sub].checks.length === 0) throw new CliError(`skipping every check of ${SUBSCORE_LABELS[sub]} would leave that subscore nothing to measure; keep at least one`);
  }
  const checks = SUBSCORE_IDS.flatMap((sub) =>
    config.subscores[sub].checks.map((ref): CheckInfo => {
      const check = CHECKS_BY_ID.get(ref.id)!;
      return {
        id: check.id,
        title: check.title,
        failureTitle: check.failureTitle,
        description: check.description,
        suggestion: check.suggestion,
        learnMore: check.learnMore,
        priority: check.priority,
        category: check.category,
        subscore: sub,
      };
    }),
  );
  return { checks, byId: new Map(checks.map((check) => [check.id, check])), skipped, config };
}
