import { describe, expect, it } from 'vitest';
import { lockedBy, sectionRequiredPlan } from './section-plan';

describe('sectionRequiredPlan', () => {
  it('takes tools and areas from the contract', () => {
    expect(sectionRequiredPlan('entities')).toBe('pro');
    expect(sectionRequiredPlan('citations')).toBe('core');
    expect(sectionRequiredPlan('reports')).toBe('core');
    expect(sectionRequiredPlan('competitive-viz')).toBe('pro');
    expect(sectionRequiredPlan('white-label')).toBe('agency');
    expect(sectionRequiredPlan('clients')).toBe('agency');
    expect(sectionRequiredPlan('overview')).toBe('free');
    expect(sectionRequiredPlan('tools')).toBe('free');
    expect(sectionRequiredPlan('playbooks')).toBe('free');
    expect(sectionRequiredPlan('history')).toBe('free');
  });

  it('locks only what is above the plan', () => {
    expect(lockedBy('entities', 'free')).toBe('pro');
    expect(lockedBy('entities', 'core')).toBe('pro');
    expect(lockedBy('entities', 'pro')).toBeNull();
    expect(lockedBy('schema', 'core')).toBeNull();
    expect(lockedBy('overview', 'free')).toBeNull();
  });
});
