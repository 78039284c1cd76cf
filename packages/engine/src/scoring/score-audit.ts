import { SUBSCORE_IDS } from '@citable/contract';
import type { AuditIssue, AuditResult, CheckOutcome, SiteContext, SubscoreId, Subscores } from '@citable/contract';
import type { Check, CheckEnv, CheckResult } from '../checks/types';
import type { PageModel } from '../model/types';
import type { ScoringConfig } from './default-config';

export interface RunChecksOptions {
  config: ScoringConfig;
  checks: ReadonlyMap<string, Check>;
  env: CheckEnv;
  /** Per-check option overrides, merged over each check's defaults. */
  checkOptions?: Record<string, object>;
}

function round(n: number, digits = 0): number {
  const f = 10 ** digits;
  return Math.round(n * f) / f;
}

/** Runs one check; a throw becomes an error outcome so that the audit carries on. */
function runOne(check: Check, model: PageModel, site: SiteContext | null, options: object, env: CheckEnv): CheckResult & { error?: string } {
  try {
    const result = check.run(model, site, options, env);
    if (result.applicable && !(result.score >= 0 && result.score <= 1)) throw new Error(`score ${result.score} is outside 0..1`);
    return result;
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    return { applicable: false, explanation: `The check could not run: ${message}`, error: message };
  }
}

/** Runs the configured checks and normalises their results into scores, issues and recommendations. */
export function scoreAudit(model: PageModel, site: SiteContext | null, opts: RunChecksOptions): Omit<AuditResult, 'page'> {
  const { config } = opts;
  const totalSubWeight = SUBSCORE_IDS.reduce((n, id) => n + config.subscores[id].weight, 0);
  const outcomes: CheckOutcome[] = [];
  const subscores = {} as Subscores;

  for (const sub of SUBSCORE_IDS) {
    const { weight: subWeight, checks } = config.subscores[sub];
    const rows: { check: Check; weight: number; penalty: boolean; result: CheckResult & { error?: string } }[] = [];
    for (const ref of checks) {
      const check = opts.checks.get(ref.id);
      if (!check) throw new Error(`Scoring config names unknown check "${ref.id}"`);
      const options = { ...check.defaultOptions, ...(opts.checkOptions?.[ref.id] ?? {}) };
      rows.push({ check, weight: ref.weight, penalty: ref.penalty === true, result: runOne(check, model, site, options, opts.env) });
    }
    const meanRows = rows.filter((r) => !r.penalty);
    const applicableWeight = meanRows.reduce((n, r) => n + (r.result.applicable ? r.weight : 0), 0);
    const totalWeight = meanRows.reduce((n, r) => n + r.weight, 0);
    // Too little evidence: the missing weight counts as neutral, so a subscore resting on one or
    // two checks stays near the middle instead of swinging to 0 or 100.
    const evidenceWeight = Math.max(applicableWeight, config.evidence.minShare * totalWeight);
    // A step, not a slope: trimming words that carry nothing must not cost a page its fill.
    const thin = config.evidence.contentSubscores.includes(sub) && model.wordCount < config.evidence.contentWords;
    const neutral = thin ? 0 : config.evidence.neutralScore;
    let sum = (evidenceWeight - applicableWeight) * neutral;
    const lostBy = new Map<Check, number>();
    for (const { check, weight, result } of meanRows) {
      const score = result.applicable ? result.score : null;
      if (score !== null) sum += weight * score;
      const share = score === null || evidenceWeight === 0 ? 0 : weight / evidenceWeight;
      lostBy.set(check, score === null ? 0 : share * (1 - score) * 100);
    }
    // Penalties come off the weighted mean, in config order, never below 0: each one's points
    // lost is exactly what removing its finding gives back.
    let value = evidenceWeight === 0 ? 0 : (sum / evidenceWeight) * 100;
    for (const { check, weight, penalty, result } of rows) {
      if (!penalty) continue;
      const lost = result.applicable ? Math.min(value, weight * (1 - result.score)) : 0;
      value -= lost;
      lostBy.set(check, lost);
    }
    for (const { check, weight, result } of rows) {
      outcomes.push(toOutcome(check, sub, weight, result, round((lostBy.get(check) ?? 0) * (subWeight / totalSubWeight), 2)));
    }
    subscores[sub] = round(value);
  }

  const overall = SUBSCORE_IDS.reduce((n, id) => n + subscores[id] * config.subscores[id].weight, 0) / totalSubWeight;
  const failing = outcomes
    .filter((o) => o.score !== null && o.score < config.passThreshold)
    .sort((a, b) => b.pointsLost - a.pointsLost || (a.id < b.id ? -1 : 1));
  const issues: AuditIssue[] = failing.map((o) => ({
    checkId: o.id,
    title: o.title,
    priority: o.priority,
    category: o.category,
    suggestion: o.suggestion,
    learnMore: o.learnMore,
  }));
  return {
    overallScore: round(overall),
    subscores,
    recommendations: issues.map((i) => `${i.title}: ${i.suggestion}`),
    issues,
    checks: outcomes,
  };
}

/**
 * The finding's own headline; a full pass shows the check's title. A check that scores short of
 * 1 without a headline of its own (one written outside the engine) falls back to the headline
 * true of every failure, never to the pass title.
 */
function titleOf(check: Check, result: CheckResult): string {
  if (!result.applicable) return check.title;
  return result.title ?? (result.score < 1 ? check.failureTitle : check.title);
}

function toOutcome(check: Check, subscore: SubscoreId, weight: number, result: CheckResult & { error?: string }, pointsLost: number): CheckOutcome {
  return {
    id: check.id,
    title: titleOf(check, result),
    subscore,
    weight,
    score: result.applicable ? result.score : null,
    applicable: result.applicable,
    ...(result.error !== undefined ? { error: result.error } : {}),
    explanation: result.explanation,
    details: result.applicable ? result.details ?? [] : [],
    pointsLost,
    priority: (result.applicable && result.priority) || check.priority,
    category: check.category,
    suggestion: (result.applicable && result.suggestion) || check.suggestion,
    learnMore: check.learnMore,
  };
}
