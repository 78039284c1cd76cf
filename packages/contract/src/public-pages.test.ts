import { describe, expect, it } from 'vitest';
import { contactRequestSchema, serviceStatusLabel, statusFileSchema, worstStatus } from './public-pages';

describe('worstStatus', () => {
  it.each([
    [['operational'], 'operational'],
    [['operational', 'maintenance'], 'maintenance'],
    [['maintenance', 'partial_outage'], 'partial_outage'],
    [['partial_outage', 'major_outage', 'operational'], 'major_outage'],
    [['degraded', 'operational'], 'operational'],
  ])('%j -> %s', (statuses, expected) => {
    expect(worstStatus(statuses)).toBe(expected);
  });
});

describe('serviceStatusLabel', () => {
  it('names the four statuses and shows anything else as Unknown', () => {
    expect(serviceStatusLabel('partial_outage')).toBe('Partial Outage');
    expect(serviceStatusLabel('degraded')).toBe('Unknown');
  });
});

describe('contactRequestSchema', () => {
  const base = { name: 'Ada', email: 'ada@example.com', subject: 'general', message: 'Hi', consent: true };
  it('treats empty optional fields as absent', () => {
    expect(contactRequestSchema.parse({ ...base, company: ' ', website: '' })).toMatchObject({ company: undefined, website: undefined });
  });
  it('requires consent and an http(s) website', () => {
    expect(contactRequestSchema.safeParse({ ...base, consent: false }).success).toBe(false);
    expect(contactRequestSchema.safeParse({ ...base, website: 'ftp://example.com' }).success).toBe(false);
  });
});

describe('statusFileSchema', () => {
  it('accepts an empty file body and fills the lists', () => {
    expect(statusFileSchema.parse({})).toEqual({ incidents: [], maintenance: [] });
  });
});
