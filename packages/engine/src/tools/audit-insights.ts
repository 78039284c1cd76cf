import { SUBSCORE_IDS, type AuditInsightsResult, type AuditResult, type CheckChange, type CheckOutcome, type Subscores, type TopFix } from '@citable/contract';
import { DEFAULT_SCORING_CONFIG } from '../scoring/default-config';
import { CHECKS_BY_ID } from '../checks';
import { round } from './text-terms';

export interface CompareAuditsInput {
  current: AuditResult;
  previous?: AuditResult;
  /** The previous overall score when only the score was kept. */
  previousScore?: number;
}

/** Spec 001 §9: a score change above 5 is positive, below -5 negative. */
export const TREND_THRESHOLD = 5;
const TOP_FIXES = 3;
/** A check passes at the scoring config's threshold, as in the audit itself. */
const PASS = DEFAULT_SCORING_CONFIG.passThreshold;

function percent(score: number | null): number | null {
  return score === null ? null : Math.round(score * 100);
}

function change(checkId: string, before: CheckOutcome | undefined, after: CheckOutcome | undefined): CheckChange {
  return {
    checkId,
    title: CHECKS_BY_ID.get(checkId)?.title ?? after?.title ?? before?.title ?? checkId,
    previousScore: percent(before?.score ?? null),
    currentScore: percent(after?.score ?? null),
    pointsChange: round((before?.pointsLost ?? 0) - (after?.pointsLost ?? 0), 2),
  };
}

/** The checks two audits score differently (applicable in either), in the order of the later audit. */
export function checkChanges(before: AuditResult, after: AuditResult): CheckChange[] {
  const prior = new Map(before.checks.map((c) => [c.id, c]));
  return after.checks.flatMap((a) => {
    const b = prior.get(a.id);
    return (b?.score ?? null) === a.score ? [] : [change(a.id, b, a)];
  });
}

const failing = (o: CheckOutcome | undefined): boolean => o !== undefined && o.score !== null && o.score < PASS;

/**
 * What changed since the previous audit, check by check, and the three fixes worth the most
 * points now. With only a previous score, the check lists stay empty and the delta is kept.
 */
export function compareAudits(input: CompareAuditsInput): AuditInsightsResult {
  const { current, previous } = input;
  const previousScore = previous?.overallScore ?? input.previousScore ?? null;
  const scoreDelta = previousScore === null ? null : round(current.overallScore - previousScore, 1);
  const improved: CheckChange[] = [];
  const regressed: CheckChange[] = [];
  const newFailures: CheckChange[] = [];
  const fixed: CheckChange[] = [];
  if (previous) {
    const before = new Map(previous.checks.map((c) => [c.id, c]));
    for (const after of current.checks) {
      const prior = before.get(after.id);
      const c = change(after.id, prior, after);
      if (failing(prior) && after.score !== null && !failing(after)) fixed.push(c);
      else if (failing(after) && !failing(prior)) newFailures.push(c);
      else if (prior?.score != null && after.score !== null && after.score > prior.score) improved.push(c);
      else if (prior?.score != null && after.score !== null && after.score < prior.score) regressed.push(c);
    }
  }
  const byPoints = (a: CheckChange, b: CheckChange): number => Math.abs(b.pointsChange) - Math.abs(a.pointsChange) || (a.checkId < b.checkId ? -1 : 1);
  const topFixes: TopFix[] = current.checks
    .filter((c) => c.score !== null && c.score < PASS && c.pointsLost > 0)
    .sort((a, b) => b.pointsLost - a.pointsLost || (a.id < b.id ? -1 : 1))
    .slice(0, TOP_FIXES)
    .map((c) => ({ checkId: c.id, title: c.title, pointsLost: c.pointsLost, priority: c.priority, suggestion: c.suggestion }));
  return {
    currentScore: current.overallScore,
    previousScore,
    scoreDelta,
    trend: scoreDelta === null ? null : scoreDelta > TREND_THRESHOLD ? 'improved' : scoreDelta < -TREND_THRESHOLD ? 'declined' : 'unchanged',
    subscoreDeltas: previous ? (Object.fromEntries(SUBSCORE_IDS.map((id) => [id, current.subscores[id] - previous.subscores[id]])) as Subscores) : null,
    improved: improved.sort(byPoints),
    regressed: regressed.sort(byPoints),
    newFailures: newFailures.sort(byPoints),
    fixed: fixed.sort(byPoints),
    topFixes,
    potentialScore: Math.min(100, round(current.overallScore + topFixes.reduce((n, f) => n + f.pointsLost, 0))),
  };
}
