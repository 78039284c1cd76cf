import { describe, expect, it } from 'vitest';
import type { AuditIssue } from './audit-result';
import {
  buildCustomPlaybook,
  canDoStep,
  stepRequiredPlan,
  stepSection,
  withOpeningAudits,
  playbookCheckIds,
  playbookListItemSchema,
  playbookMatch,
  playbookProgress,
  playbookRequiredPlan,
  PLAYBOOKS,
  PLAYBOOKS_BY_ID,
  playbooksResponseSchema,
  recommendPlaybook,
  stepState,
  VERIFY_STEP_ID,
} from './playbooks';

const foundation = PLAYBOOKS_BY_ID.get('ai-visibility-foundation')!;
const subscores = (low: string) => ({ aiUnderstanding: 80, citationLikelihood: 80, conversationalReadiness: 80, contentStructure: 80, [low]: 40 });

describe('playbooks', () => {
  it('defines the three known playbooks with real steps whose dependencies exist', () => {
    expect(PLAYBOOKS.map((p) => p.id)).toEqual(['ai-visibility-foundation', 'voice-search-optimization', 'content-optimization-mastery']);
    // No constant "match": each playbook names the checks its steps work on (ids checked against the engine's in its tests).
    for (const playbook of PLAYBOOKS) {
      expect(playbook).not.toHaveProperty('matchScore');
      expect(playbookCheckIds(playbook).length).toBeGreaterThan(0);
    }
    for (const playbook of PLAYBOOKS) {
      const ids = new Set(playbook.steps.map((s) => s.id));
      expect(ids.size).toBe(playbook.steps.length);
      for (const s of playbook.steps) {
        expect(s.priority).toBeGreaterThanOrEqual(1);
        expect(s.priority).toBeLessThanOrEqual(5);
        for (const d of s.dependsOn ?? []) expect(ids.has(d)).toBe(true);
      }
    }
  });

  it("shows Free's playbook as steps Free can do and upgrade steps with their plan (issue 33)", () => {
    const byId = (id: string) => foundation.steps.find((s) => s.id === id)!;
    // The audits run on the overview on every plan; schema, llms.txt and the editor are Core.
    expect(foundation.steps.map((s) => [s.id, stepRequiredPlan(s)])).toEqual([
      ['baseline-audit', 'free'],
      ['add-schema', 'core'],
      ['publish-llms-txt', 'core'],
      ['restructure-content', 'core'],
      ['re-audit', 'free'],
    ]);
    expect(canDoStep('free', byId('baseline-audit'))).toBe(true);
    expect(canDoStep('free', byId('add-schema'))).toBe(false);
    expect(canDoStep('core', byId('add-schema'))).toBe(true);
    expect(stepSection(byId('baseline-audit'), 'free')).toBe('overview');
    expect(stepSection(byId('baseline-audit'), 'core')).toBe('audit');
    expect(stepSection(byId('add-schema'), 'free')).toBe('schema');
    // Free re-audits once its own step is done: the upgrade steps between do not hold it.
    const afterBaseline = new Set(['baseline-audit']);
    expect(stepState(byId('re-audit'), afterBaseline, 'free', foundation.steps)).toBe('available');
    expect(stepState(byId('re-audit'), afterBaseline, 'core', foundation.steps)).toBe('locked');
    expect(stepState(byId('re-audit'), afterBaseline)).toBe('locked');
    expect(stepState(byId('re-audit'), new Set(), 'free', foundation.steps)).toBe('locked');
  });

  it('counts an audit already run for each playbook\u2019s opening audit step, and nothing without one', () => {
    expect(withOpeningAudits(PLAYBOOKS, {}, false)).toEqual({});
    const counted = withOpeningAudits(PLAYBOOKS, { 'voice-search-optimization': ['test-voice'] }, true);
    // The foundation opens with an audit; the other two open with other tools and keep what they had.
    expect(counted).toEqual({ 'ai-visibility-foundation': ['baseline-audit'], 'voice-search-optimization': ['test-voice'] });
    expect(playbookProgress(foundation, new Set(counted['ai-visibility-foundation']))).toBe(20);
    // Already stored: unchanged, never twice.
    expect(withOpeningAudits([foundation], { 'ai-visibility-foundation': ['baseline-audit'] }, true)).toEqual({ 'ai-visibility-foundation': ['baseline-audit'] });
  });

  it('locks a step until its dependencies are completed', () => {
    const [first, second, , , last] = foundation.steps;
    expect(stepState(first, new Set())).toBe('available');
    expect(stepState(second, new Set())).toBe('locked');
    expect(stepState(second, new Set([first.id]))).toBe('available');
    expect(stepState(second, new Set([first.id, second.id]))).toBe('completed');
    expect(stepState(last, new Set([first.id, second.id]))).toBe('locked');
  });

  it('computes progress as completed over total', () => {
    expect(playbookProgress(foundation, new Set())).toBe(0);
    expect(playbookProgress(foundation, new Set(['baseline-audit']))).toBe(20);
    expect(playbookProgress(foundation, new Set(foundation.steps.map((s) => s.id)))).toBe(100);
  });

  it('recommends from the weakest subscore unless a goal decides', () => {
    expect(recommendPlaybook(subscores('aiUnderstanding'), [])).toBe('ai-visibility-foundation');
    expect(recommendPlaybook(subscores('contentStructure'), [])).toBe('ai-visibility-foundation');
    expect(recommendPlaybook(subscores('citationLikelihood'), [])).toBe('content-optimization-mastery');
    expect(recommendPlaybook(subscores('conversationalReadiness'), [])).toBe('voice-search-optimization');
    expect(recommendPlaybook(subscores('aiUnderstanding'), ['voice_search'])).toBe('voice-search-optimization');
    expect(recommendPlaybook(null, [])).toBe('ai-visibility-foundation');
  });

  it('gates playbooks by plan: foundation free, voice and custom core, the rest pro', () => {
    expect(playbookRequiredPlan('ai-visibility-foundation')).toBe('free');
    expect(playbookRequiredPlan('voice-search-optimization')).toBe('core');
    expect(playbookRequiredPlan('custom-1234')).toBe('core');
    expect(playbookRequiredPlan('content-optimization-mastery')).toBe('pro');
  });

  it('builds a custom playbook from failing checks, ending with Verify Improvements', () => {
    const issue = (checkId: string, priority: AuditIssue['priority'], category: AuditIssue['category']): AuditIssue => ({ checkId, title: checkId, priority, category, suggestion: `Fix ${checkId}`, learnMore: '' });
    const playbook = buildCustomPlaybook('custom-1', {
      issues: [issue('structured-data', 'High', 'Schema'), issue('statistics', 'Medium', 'Content'), issue('sitemap', 'Low', 'Technical SEO')],
      websiteUrl: 'https://example.com',
      auditedAt: '2026-01-02T03:04:05.000Z',
    })!;
    expect(playbook).not.toHaveProperty('matchScore');
    expect(playbookCheckIds(playbook)).toEqual(['structured-data', 'statistics', 'sitemap']);
    expect(playbook.steps.map((s) => [s.id, s.toolId, s.priority])).toEqual([
      ['fix-structured-data', 'schema', 1],
      ['fix-statistics', 'optimizer', 3],
      ['fix-sitemap', 'audit', 5],
      [VERIFY_STEP_ID, 'audit', 10],
    ]);
    const verify = playbook.steps.at(-1)!;
    expect(verify.title).toBe('Verify Improvements');
    expect(verify.dependsOn).toEqual(['fix-structured-data', 'fix-statistics', 'fix-sitemap']);
    expect(buildCustomPlaybook('custom-2', { issues: [], websiteUrl: null, auditedAt: '2026-01-01' })).toBeNull();
  });

  it('lists a playbook’s checks once each, in step order', () => {
    expect(playbookCheckIds(PLAYBOOKS_BY_ID.get('voice-search-optimization')!)).toEqual(['question-headings', 'concise-answers', 'faq-content', 'speakable-markup']);
    // faq-content is worked on by two steps, an FAQ generator and FAQ markup: counted once.
    const mastery = playbookCheckIds(PLAYBOOKS_BY_ID.get('content-optimization-mastery')!);
    expect(mastery.filter((id) => id === 'faq-content')).toHaveLength(1);
    expect(mastery).toEqual(['statistics', 'quotations', 'cited-sources', 'entity-clarity', 'faq-content', 'sentence-length', 'keyword-stuffing']);
  });

  it('measures the match as the share of the playbook’s checks failing in the audit', () => {
    const voice = PLAYBOOKS_BY_ID.get('voice-search-optimization')!;
    // No audit: no figure at all, not 0%.
    expect(playbookMatch(voice, null)).toBeNull();
    // Every check passes (the audit fails only checks the playbook does not work on).
    expect(playbookMatch(voice, new Set(['llms-txt', 'sitemap']))).toEqual({ failing: 0, total: 4, percent: 0 });
    expect(playbookMatch(voice, new Set(['question-headings', 'faq-content', 'speakable-markup', 'llms-txt']))).toEqual({ failing: 3, total: 4, percent: 75 });
    expect(playbookMatch(voice, new Set(['question-headings', 'concise-answers', 'faq-content', 'speakable-markup']))).toEqual({ failing: 4, total: 4, percent: 100 });
    // Rounded: 1 of 9 is 11%, 2 of 3 is 67%.
    expect(playbookMatch(foundation, new Set(['llms-txt']))).toEqual({ failing: 1, total: 9, percent: 11 });
    const three = { steps: [{ ...foundation.steps[0], checkIds: ['a', 'b', 'c'] }] };
    expect(playbookMatch(three, new Set(['a', 'b']))?.percent).toBe(67);
    // A playbook whose steps work on no check has no match either.
    expect(playbookMatch({ steps: foundation.steps.map(({ checkIds: _checks, ...s }) => s) }, new Set(['llms-txt']))).toBeNull();
  });

  it('lets a listed playbook and the list go without a match figure', () => {
    const item = { ...foundation, available: true, requiredPlan: 'free' as const };
    expect(playbookListItemSchema.parse(item).match).toBeUndefined();
    expect(playbookListItemSchema.parse({ ...item, match: { failing: 3, total: 4, percent: 75 } }).match).toEqual({ failing: 3, total: 4, percent: 75 });
    expect(() => playbookListItemSchema.parse({ ...item, match: { failing: 1, total: 0, percent: 0 } })).toThrow();
    expect(playbooksResponseSchema.parse({ playbooks: [item], completed: {}, recommendedId: foundation.id, customAllowed: false, matchAudit: null }).matchAudit).toBeNull();
  });
});
