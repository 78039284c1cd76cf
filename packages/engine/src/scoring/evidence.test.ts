import { describe, expect, it } from 'vitest';
import type { SubscoreId } from '@citable/contract';
import { CHECKS_BY_ID } from '../checks';
import type { Check, CheckResult } from '../checks/types';
import { goodArticle } from '../../test/fixtures/pages';
import { DEFAULT_SCORING_CONFIG, type ScoringConfig } from './default-config';
import { scoreAudit } from './score-audit';

// Three made-up checks in one subscore (weights 8, 8, 4: 20 in all), the other subscores empty,
// so each case states the arithmetic of SCORING.md's evidence rule directly.
const template = CHECKS_BY_ID.get('statistics')!;
const fake = (id: string, result: CheckResult): Check => ({ ...template, id, run: () => result });
const scored = (score: number): CheckResult => ({ applicable: true, score, explanation: `scored ${score}` });
const notApplicable: CheckResult = { applicable: false, explanation: 'not applicable' };

function run(results: [CheckResult, CheckResult, CheckResult], evidence = DEFAULT_SCORING_CONFIG.evidence) {
  const checks = new Map([fake('a', results[0]), fake('b', results[1]), fake('c', results[2])].map((check) => [check.id, check]));
  const empty = { weight: 1, checks: [] };
  const subscores = { aiUnderstanding: { weight: 1, checks: [{ id: 'a', weight: 8 }, { id: 'b', weight: 8 }, { id: 'c', weight: 4 }] }, citationLikelihood: empty, conversationalReadiness: empty, contentStructure: empty } as ScoringConfig['subscores'];
  const config: ScoringConfig = { ...DEFAULT_SCORING_CONFIG, evidence, subscores };
  const result = scoreAudit(goodArticle(), null, { config, checks, env: { now: null } });
  const lost = (id: string) => result.checks.find((check) => check.id === id)!.pointsLost;
  return { subscore: result.subscores.aiUnderstanding as number, lost, subscores: result.subscores as Record<SubscoreId, number> };
}

describe('the evidence rule', () => {
  it('is the plain weighted mean once the applicable checks weigh at least half', () => {
    expect(run([scored(1), scored(0), scored(0.5)]).subscore).toBe(Math.round(((8 + 0 + 2) / 20) * 100));
    // 8 + 4 = 12 of 20 applicable: above half, no neutral weight added.
    expect(run([scored(1), notApplicable, scored(0)]).subscore).toBe(Math.round((8 / 12) * 100));
  });

  it('keeps a subscore resting on one check away from 0 and 100', () => {
    // One check of weight 8 applicable; 10 (half of 20) is needed, so 2 count as neutral (0.5).
    expect(run([scored(1), notApplicable, notApplicable]).subscore).toBe(90);
    expect(run([scored(0), notApplicable, notApplicable]).subscore).toBe(10);
  });

  it('makes a subscore without any applicable check neutral, not 0', () => {
    expect(run([notApplicable, notApplicable, notApplicable]).subscore).toBe(50);
    // Empty subscores (no checks at all) stay 0: there is nothing to be neutral about.
    expect(run([notApplicable, notApplicable, notApplicable]).subscores.citationLikelihood).toBe(0);
  });

  it('charges points lost on the evidence weight, so fixing the check gains exactly them', () => {
    const { lost, subscore } = run([scored(0), notApplicable, notApplicable]);
    // Share 8 / 10 of a subscore that is a quarter of the overall (weights 1 of 4).
    expect(lost('a')).toBe(20);
    expect(run([scored(1), notApplicable, notApplicable]).subscore - subscore).toBe(80);
  });

  it('follows the configured share and neutral score', () => {
    expect(run([scored(1), notApplicable, notApplicable], { ...DEFAULT_SCORING_CONFIG.evidence, minShare: 0, neutralScore: 0.5 }).subscore).toBe(100);
    expect(run([scored(1), notApplicable, notApplicable], { ...DEFAULT_SCORING_CONFIG.evidence, minShare: 1, neutralScore: 0 }).subscore).toBe(40);
    expect(run([notApplicable, notApplicable, notApplicable], { ...DEFAULT_SCORING_CONFIG.evidence, minShare: 0.5, neutralScore: 0.7 }).subscore).toBe(70);
  });

  it('gives a content subscore no neutral fill under the content word threshold', () => {
    // The good article has well over 80 words: the full neutral score.
    expect(run([notApplicable, notApplicable, notApplicable], { ...DEFAULT_SCORING_CONFIG.evidence, contentSubscores: ['aiUnderstanding'] }).subscore).toBe(50);
    const words = goodArticle().wordCount;
    const neutral = (contentWords: number) => run([notApplicable, notApplicable, notApplicable], { ...DEFAULT_SCORING_CONFIG.evidence, contentSubscores: ['aiUnderstanding'], contentWords }).subscore;
    expect(neutral(words)).toBe(50);
    expect(neutral(words + 1)).toBe(0);
    // One applicable check and too few words: only the check's own score counts, over the evidence weight.
    expect(run([scored(1), notApplicable, notApplicable], { ...DEFAULT_SCORING_CONFIG.evidence, contentSubscores: ['aiUnderstanding'], contentWords: words + 1 }).subscore).toBe(80);
    // Not a content subscore: the word count does not matter.
    expect(run([notApplicable, notApplicable, notApplicable], { ...DEFAULT_SCORING_CONFIG.evidence, contentSubscores: [], contentWords: words + 1 }).subscore).toBe(50);
  });
});

describe('thin pages', () => {
  it('cannot outrank a substantial article, however tidy their markup', async () => {
    const { auditModel } = await import('../audit');
    const { htmlModel, GOOD_ARTICLE_HEAD } = await import('../../test/fixtures/pages');
    // A 21-word post with the article's head (title, description, canonical, Open Graph, JSON-LD).
    const tweet = htmlModel('<main><article><h1>Solar panels</h1><p>Just installed solar panels on the roof today and the first bill came in at half of last month. Amazing.</p></article></main>', GOOD_ARTICLE_HEAD);
    const thin = auditModel(tweet, null, { now: '2025-07-01' });
    const article = auditModel(goodArticle(), null, { now: '2025-07-01' });
    expect(thin.overallScore).toBeLessThan(article.overallScore - 20);
    for (const id of DEFAULT_SCORING_CONFIG.evidence.contentSubscores) expect(thin.subscores[id], id).toBeLessThan(article.subscores[id]);
  });
});

describe('trimming a thin text', () => {
  it('never lowers its score: removing marketing fluff from two short paragraphs keeps or raises every subscore', async () => {
    const { auditContent } = await import('../audit');
    const fluffy = 'Our world-class team delivers cutting-edge, revolutionary solutions that are truly best-in-class. We offer unparalleled service and a seamless experience for every customer.\n\nOur platform helps small businesses manage their invoices, sends reminders and tracks payments for every client.';
    const plain = 'Our team delivers solutions. We offer service and an experience for every customer.\n\nOur platform helps small businesses manage their invoices, sends reminders and tracks payments for every client.';
    const before = auditContent(fluffy, { format: 'markdown' });
    const after = auditContent(plain, { format: 'markdown' });
    expect(after.overallScore).toBeGreaterThanOrEqual(before.overallScore);
    for (const id of DEFAULT_SCORING_CONFIG.evidence.contentSubscores) expect(after.subscores[id], id).toBeGreaterThanOrEqual(before.subscores[id]);
  });
});
