import type { Subscores } from '@citable/contract';
import type { PageView } from '../report/page-view';
import type { Gate } from './gates';
import { scoreOf } from './score-keys';

/**
 * A gate's verdict on a page or a site. `subject` is what it is about, as messages begin: ""
 * for the only page of a run, "site " for a crawl's site, "https://example.com/a: " for one of
 * many pages. A score equal to its threshold passes.
 */
export interface GateResult {
  gate: Gate;
  /** The page's label, or "site". */
  scope: string;
  passed: boolean;
  message: string;
}

export function evaluateScoreGate(gate: Extract<Gate, { kind: 'score' }>, scores: { overallScore: number; subscores: Subscores }, scope: string, subject: string): GateResult {
  const score = scoreOf(gate.key, scores);
  const passed = score >= gate.min;
  const message = passed
    ? `${subject}${gate.key} score ${score} meets ${gate.source}`
    : `${subject}${gate.key} score ${score} is under ${gate.source} (${formatNumber(gate.min - score)} short)`;
  return { gate, scope, passed, message };
}

/** A check gate passes when the check passes, or does not apply to the page. */
export function evaluateCheckGate(gate: Extract<Gate, { kind: 'check' }>, page: PageView, subject: string): GateResult {
  const check = page.checks.find((candidate) => candidate.id === gate.checkId);
  const scope = page.label;
  if (!check) return { gate, scope, passed: false, message: `${subject}check ${gate.checkId} was not run, so it fails ${gate.source}` };
  switch (check.state) {
    case 'pass':
      return { gate, scope, passed: true, message: `${subject}check ${gate.checkId} passes ${gate.source}` };
    case 'not-applicable':
      return { gate, scope, passed: true, message: `${subject}check ${gate.checkId} does not apply to the page, which passes ${gate.source}` };
    case 'error':
      return { gate, scope, passed: false, message: `${subject}check ${gate.checkId} could not run, so it fails ${gate.source}: ${check.explanation}` };
    case 'fail':
      return { gate, scope, passed: false, message: `${subject}check ${gate.checkId} fails ${gate.source}: ${check.title}${check.explanation ? ` (${check.explanation})` : ''}` };
  }
}

/** 8, 8.5, 0.25: a difference of scores without float noise. */
export function formatNumber(n: number): string {
  return String(Number(n.toFixed(2)));
}
