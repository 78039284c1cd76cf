import { describe, expect, it } from 'vitest';
import { auditContent, DEFAULT_SCORING_CONFIG } from '@citable/engine';
import { siteChecks, storedSiteAudit } from './stored-audit';
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
