import { describe, expect, test } from 'vitest';
import { checkSiteCaps, completeRows, onboardingSchema, profileUpdateSchema } from './profile';

const site = (n: number) => ({ name: `Site ${n}`, url: `https://site${n}.example.com` });

describe('onboarding validation', () => {
  const valid = { websites: [site(1)], industry: 'Real Estate', competitors: [site(2)], goals: ['voice_search'] };

  test('accepts the four completed steps', () => {
    expect(onboardingSchema.safeParse(valid).success).toBe(true);
  });

  test.each([
    ['no website', { ...valid, websites: [] }],
    ['no competitor', { ...valid, competitors: [] }],
    ['no goal', { ...valid, goals: [] }],
    ['unknown industry', { ...valid, industry: 'Mining' }],
    ['unknown goal', { ...valid, goals: ['get_rich'] }],
    ['repeated goal', { ...valid, goals: ['voice_search', 'voice_search'] }],
    ['blank site name', { ...valid, websites: [{ name: '  ', url: 'https://a.example.com' }] }],
    ['non-web URL', { ...valid, websites: [{ name: 'A', url: 'ftp://a.example.com' }] }],
    ['javascript URL', { ...valid, websites: [{ name: 'A', url: 'javascript:alert(1)' }] }],
    ['credentials in URL', { ...valid, websites: [{ name: 'A', url: 'https://user:pw@a.example.com' }] }],
    ['bare scheme prefix', { ...valid, websites: [{ name: 'A', url: 'https://' }] }],
    ['unknown field', { ...valid, plan: 'agency' }],
  ])('refuses %s', (_label, input) => {
    expect(onboardingSchema.safeParse(input).success).toBe(false);
  });

  test('only rows with both name and URL count', () => {
    expect(completeRows([site(1), { name: '', url: 'https://x.example.com' }, { name: 'Y', url: 'https://' }])).toEqual([site(1)]);
  });

  test('the plan caps websites and competitors', () => {
    expect(checkSiteCaps('free', { websites: [site(1)], competitors: [site(2)] })).toEqual([]);
    expect(checkSiteCaps('free', { websites: [site(1), site(2)] }).map((v) => v.field)).toEqual(['websites']);
    expect(checkSiteCaps('core', { competitors: [site(1), site(2), site(3), site(4)] })[0]).toMatchObject({ field: 'competitors', limit: 3 });
    expect(checkSiteCaps('agency', { websites: Array.from({ length: 25 }, (_, i) => site(i)) })).toEqual([]);
  });

  test('settings updates are partial but strict', () => {
    expect(profileUpdateSchema.safeParse({ industry: 'Other' }).success).toBe(true);
    expect(profileUpdateSchema.safeParse({ email: 'x@example.com' }).success).toBe(false);
    expect(profileUpdateSchema.safeParse({ websites: [] }).success).toBe(false);
  });
});
