import { describe, expect, it } from 'vitest';
import type { AuditIssue } from './audit-result';
import { buildCustomPlaybook, playbookProgress, playbookRequiredPlan, PLAYBOOKS, PLAYBOOKS_BY_ID, recommendPlaybook, stepState, VERIFY_STEP_ID } from './playbooks';

const foundation = PLAYBOOKS_BY_ID.get('ai-visibility-foundation')!;
const subscores = (low: string) => ({ aiUnderstanding: 80, citationLikelihood: 80, conversationalReadiness: 80, contentStructure: 80, [low]: 40 });

describe('playbooks', () => {
  it('defines the three known playbooks with real steps whose dependencies exist', () => {
    expect(PLAYBOOKS.map((p) => [p.id, p.matchScore])).toEqual([
      ['ai-visibility-foundation', 95],
      ['voice-search-optimization', 85],
      ['content-optimization-mastery', 75],
    ]);
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
    expect(playbook.matchScore).toBe(100);
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
});
