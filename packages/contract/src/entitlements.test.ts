import { describe, expect, test } from 'vitest';
import { canUseArea, canUseTool, planComparison, requiredPlanFor, toolsForPlan, usageLimit } from './entitlements';

describe('entitlements (spec 002 §6, §9; spec 000 §6)', () => {
  test('tools follow TOOLS.requiredPlan', () => {
    expect(canUseTool('free', 'schema')).toBe(false);
    expect(canUseTool('core', 'schema')).toBe(true);
    expect(canUseTool('core', 'entities')).toBe(false);
    expect(canUseTool('pro', 'entities')).toBe(true);
    expect(toolsForPlan('agency')).toHaveLength(12);
  });

  test('area gates', () => {
    expect(['reports', 'editor', 'custom-playbook'].map((area) => requiredPlanFor({ area: area as 'reports' }))).toEqual(['core', 'core', 'core']);
    expect(canUseArea('core', 'competitive-viz')).toBe(false);
    expect(canUseArea('pro', 'competitive-viz')).toBe(true);
    expect(canUseArea('core', 'trends-compare')).toBe(false);
    expect(canUseArea('pro', 'report-white-label')).toBe(false);
    expect(canUseArea('agency', 'report-white-label')).toBe(true);
    expect(canUseArea('free', 'playbooks')).toBe(true);
  });

  test('CMS tiers, playbooks and report templates', () => {
    expect(['wordpress', 'shopify', 'webflow', 'contentful', 'drupal'].map((cms) => requiredPlanFor({ cms: cms as 'drupal' }))).toEqual(['core', 'pro', 'pro', 'pro', 'agency']);
    expect(requiredPlanFor({ playbook: 'ai-visibility-foundation' })).toBe('free');
    expect(requiredPlanFor({ playbook: 'voice-search-optimization' })).toBe('core');
    expect(requiredPlanFor({ playbook: 'something-new' })).toBe('pro');
    expect(requiredPlanFor({ reportTemplate: 'competitive-intelligence' })).toBe('pro');
    expect(requiredPlanFor({ reportTemplate: 'technical-audit' })).toBe('core');
  });

  test('usage limits', () => {
    expect(['free', 'core', 'pro', 'agency'].map((plan) => [usageLimit(plan as 'free', 'audits'), usageLimit(plan as 'free', 'toolUses'), usageLimit(plan as 'free', 'reports')])).toEqual([
      [5, 10, 0],
      [50, 100, 10],
      [200, 500, 50],
      [1000, 2000, 200],
    ]);
  });

  test('the comparison table is derived from the gates', () => {
    const rows = Object.fromEntries(planComparison().map((row) => [row.label, row.values]));
    expect(rows['Competitive Intelligence']).toEqual({ free: false, core: false, pro: true, agency: true });
    expect(rows['CMS integrations'].core).toBe('WordPress');
    expect(rows['CMS integrations'].agency).toBe('WordPress, Shopify, Webflow, Contentful, Drupal');
    expect(rows['Reports per month']).toEqual({ free: false, core: '10', pro: '50', agency: '200' });
  });
});
