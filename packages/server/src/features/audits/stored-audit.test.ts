import { describe, expect, it } from 'vitest';
import type { AuditResult } from '@citable/contract';
import { auditContent, CHECKS_BY_ID, DEFAULT_SCORING_CONFIG, type Check, type ContentInput } from '@citable/engine';
import { failingChecksGain, siteChecks, storedSiteAudit } from './stored-audit';
import { toReport } from './reveal';

const thin = auditContent('# Tea\n\nShort.', { url: 'https://tea.example.com/a' });
const rich = auditContent(
  '# How to brew sencha\n\nBrew sencha at 70 °C for one minute; hotter water makes it bitter.\n\n## How much tea per cup?\n\nUse five grams of leaves per cup, according to the Japan Tea Association (2023).\n\n- Warm the pot\n- Add the leaves\n- Pour and wait',
  { url: 'https://tea.example.com/b' },
);

describe('siteChecks', () => {
  it("merges each check over the pages: mean score, pages failing, and the worst page's explanation", () => {
    const lines = siteChecks([thin, rich]);
    expect(lines).toHaveLength(thin.checks.length);
    for (const line of lines) {
      const scores = [thin, rich].map((page) => page.checks.find((check) => check.id === line.id)!.score).filter((score) => score !== null);
      expect(line.pagesApplicable).toBe(scores.length);
      if (scores.length === 0) {
        expect(line).toMatchObject({ score: null, passed: null });
        continue;
      }
      expect(line.score).toBeCloseTo(scores.reduce((sum, score) => sum + score, 0) / scores.length, 3);
      expect(line.passed).toBe(line.pagesFailing === 0);
      if (line.passed) continue;
      const worst = [thin, rich]
        .map((page) => page.checks.find((check) => check.id === line.id)!)
        .filter((check) => check.score !== null && check.score < DEFAULT_SCORING_CONFIG.passThreshold)
        .sort((a, b) => b.pointsLost - a.pointsLost)[0];
      expect(line.explanation).toBe(worst.explanation);
    }
  });
});

describe('toReport', () => {
  const stored = storedSiteAudit([thin, rich], [{ url: 'https://tea.example.com/c', error: 'timed out' }]);

  it('reveals everything from Core up', () => {
    const report = toReport(stored, 'core');
    expect(report).toMatchObject({ kind: 'site', detail: 'full', pageCount: 2, subscores: stored.result.subscores, failedPages: [{ url: 'https://tea.example.com/c' }] });
    expect(report.recommendations).toEqual(stored.result.recommendations);
    expect(report.checks?.length).toBeGreaterThan(0);
  });

  it("shows the free plan the overall score and the recommendations' titles only", () => {
    const report = toReport(stored, 'free');
    expect(report).toEqual({
      kind: 'site',
      detail: 'overall',
      requiredPlan: 'core',
      overallScore: stored.result.overallScore,
      pageCount: 2,
      recommendations: stored.result.issues.map((issue) => issue.title),
    });
  });
});

/** The same content audited again with every check failing in `result` scoring 1: what fixing them gives. */
function fixedAudit(text: string, input: ContentInput, result: AuditResult): AuditResult {
  const checks = new Map<string, Check>(CHECKS_BY_ID);
  for (const issue of result.issues) {
    const check = CHECKS_BY_ID.get(issue.checkId)!;
    checks.set(check.id, { ...check, run: () => ({ applicable: true, score: 1, explanation: 'Fixed.' }) });
  }
  return auditContent(text, input, { checks });
}

describe('failingChecksGain', () => {
  const thinText = '# Tea\n\nShort.';
  const richText =
    '# How to brew sencha\n\nBrew sencha at 70 °C for one minute; hotter water makes it bitter.\n\n## How much tea per cup?\n\nUse five grams of leaves per cup, according to the Japan Tea Association (2023).\n\n- Warm the pot\n- Add the leaves\n- Pour and wait';

  it("sums a page's failing checks' points lost, which the engine gives back when they are fixed", () => {
    for (const [text, result] of [
      [thinText, thin],
      [richText, rich],
    ] as const) {
      const gain = failingChecksGain({ kind: 'page', result })!;
      const failing = result.checks.filter((check) => check.score !== null && check.score < DEFAULT_SCORING_CONFIG.passThreshold);
      expect(gain.failing).toBe(result.issues.length);
      expect(gain.failing).toBe(failing.length);
      expect(gain.failing).toBeGreaterThan(0);
      expect(gain.pointsLost).toBeCloseTo(failing.reduce((sum, check) => sum + check.pointsLost, 0), 6);
      // Passing checks that still lose a little are not counted: only the failing ones are fixed.
      const lostByAll = result.checks.reduce((sum, check) => sum + check.pointsLost, 0);
      expect(gain.pointsLost).toBeLessThanOrEqual(lostByAll);
      // The engine's figure: re-scored with those checks passing, the page lands on it (subscores round to whole points).
      const fixed = fixedAudit(text, { url: result.page.url }, result);
      expect(fixed.issues).toEqual([]);
      expect(Math.abs(fixed.overallScore - Math.min(100, Math.round(result.overallScore + gain.pointsLost)))).toBeLessThanOrEqual(1);
    }
  });

  it('gives no gain for a page where nothing fails, and no figure for an audit stored without points', () => {
    const passing: AuditResult = { ...rich, issues: [], checks: rich.checks.map((check) => ({ ...check, score: check.score === null ? null : 1, pointsLost: 0 })) };
    expect(failingChecksGain({ kind: 'page', result: passing })).toEqual({ failing: 0, pointsLost: 0 });
    // A check at the pass threshold passes; just below it fails.
    const atThreshold = (score: number): AuditResult => ({ ...rich, checks: [{ ...rich.checks[0], score, pointsLost: 2 }] });
    expect(failingChecksGain({ kind: 'page', result: atThreshold(DEFAULT_SCORING_CONFIG.passThreshold) })).toEqual({ failing: 0, pointsLost: 0 });
    expect(failingChecksGain({ kind: 'page', result: atThreshold(DEFAULT_SCORING_CONFIG.passThreshold - 0.01) })).toEqual({ failing: 1, pointsLost: 2 });
    const withoutPoints = { ...thin, checks: thin.checks.map(({ pointsLost: _lost, ...check }) => check) } as unknown as AuditResult;
    expect(failingChecksGain({ kind: 'page', result: withoutPoints })).toBeNull();
    expect(failingChecksGain({ kind: 'content', result: { ...thin, checks: undefined } as unknown as AuditResult })).toBeNull();
    expect(failingChecksGain(undefined)).toBeNull();
  });

  it("sums a site's failing checks' mean points lost over the pages where they fail", () => {
    const stored = storedSiteAudit([thin, rich], []);
    if (stored.kind !== 'site') throw new Error('a site audit');
    const gain = failingChecksGain(stored)!;
    expect(gain.failing).toBe(stored.result.issues.length);
    const expected = [...new Set([...thin.issues, ...rich.issues].map((issue) => issue.checkId))].reduce((sum, id) => {
      const lost = [thin, rich].map((page) => page.checks.find((check) => check.id === id)!).filter((check) => check.score !== null && check.score < DEFAULT_SCORING_CONFIG.passThreshold);
      return sum + lost.reduce((n, check) => n + check.pointsLost, 0) / 2;
    }, 0);
    expect(gain.pointsLost).toBeCloseTo(expected, 1);
    // Fixing them on every page: the mean of the fixed pages' scores.
    const fixedMean = (fixedAudit(thinText, { url: thin.page.url }, thin).overallScore + fixedAudit(richText, { url: rich.page.url }, rich).overallScore) / 2;
    expect(Math.abs(fixedMean - (stored.result.overallScore + gain.pointsLost))).toBeLessThanOrEqual(1.5);
    const legacy = { ...stored, result: { ...stored.result, recommendationsByCheck: undefined } } as unknown as typeof stored;
    expect(failingChecksGain(legacy)).toBeNull();
  });
});
