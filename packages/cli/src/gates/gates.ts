import { CliError } from '../cli-error';
import type { CheckCatalog } from './check-catalog';
import { unknownCheckMessage } from './check-ids';
import { closest } from './closest';
import { SCORE_KEYS, scoreKeyOf, type ScoreKey } from './score-keys';

/**
 * A threshold a run must meet: a minimum score (overall or a subscore), or a check that must pass.
 * `source` names where it was set, the way messages quote it: "--fail-under 70",
 * "--assert check:document-title=pass", "failUnder 70 in citable.config.json".
 */
export type Gate = { kind: 'score'; key: ScoreKey; min: number; source: string } | { kind: 'check'; checkId: string; source: string };

/** One assertion as written: `key` is "ai-understanding" or "check:document-title", `value` 70 or "pass". */
export interface Assertion {
  key: string;
  value: string | number;
  source: string;
}

export const ASSERT_SYNTAX = 'KEY=VALUE, e.g. ai-understanding=70 or check:document-title=pass';

/** `--assert KEY=VALUE` as an assertion, or a one-line error for anything else. */
export function parseAssertOption(text: string): Assertion {
  const match = /^\s*([^=\s]+)\s*=\s*(\S+)\s*$/.exec(text);
  if (!match) throw new CliError(`--assert ${text}: expected ${ASSERT_SYNTAX}`);
  return { key: match[1], value: match[2], source: `--assert ${match[1]}=${match[2]}` };
}

/** A score threshold from an option or the config: a number from 0 to 100. */
export function parseScore(value: string | number, source: string): number {
  const n = typeof value === 'number' ? value : value.trim() === '' ? Number.NaN : Number(value);
  if (!Number.isFinite(n) || n < 0 || n > 100) throw new CliError(`${source}: a score threshold is a number from 0 to 100, not ${JSON.stringify(value)}`);
  return n;
}

/**
 * The gate of an assertion, checked against the engine's real ids; null for a check the run
 * skips (a skipped check is not run, so it is not asserted: `skippedAssertion` says so).
 */
export function toGate(assertion: Assertion, catalog: Pick<CheckCatalog, 'byId' | 'skipped'>): Gate | null {
  const { key, value, source } = assertion;
  if (key.startsWith('check:')) {
    const checkId = key.slice('check:'.length);
    if (catalog.skipped.includes(checkId)) return null;
    if (!catalog.byId.has(checkId)) throw new CliError(unknownCheckMessage(checkId, source, [...catalog.byId.keys()]));
    if (value !== 'pass') throw new CliError(`${source}: a check's assertion is "pass" (check:${checkId}=pass), not ${JSON.stringify(value)}`);
    return { kind: 'check', checkId, source };
  }
  const scoreKey = scoreKeyOf(key);
  if (!scoreKey) {
    const suggestion = closest(key, [...SCORE_KEYS, ...[...catalog.byId.keys()].map((id) => `check:${id}`)]);
    throw new CliError(
      `${source}: unknown score "${key}"${suggestion ? ` (did you mean ${suggestion}?)` : ''}; the scores are ${SCORE_KEYS.join(', ')}, and check:<check id> for a check`,
    );
  }
  return { kind: 'score', key: scoreKey, min: parseScore(value, source), source };
}

/** "citable: check:llms-txt is skipped, so --assert check:llms-txt=pass is ignored" */
export function skippedAssertion(assertion: Assertion): string {
  return `${assertion.key} is skipped, so ${assertion.source} is ignored`;
}

/** The normalised key an assertion overrides by: a command-line `--assert` replaces the config's on the same key. */
export function assertionKey(assertion: Assertion): string {
  return assertion.key.startsWith('check:') ? assertion.key : (scoreKeyOf(assertion.key) ?? assertion.key);
}
