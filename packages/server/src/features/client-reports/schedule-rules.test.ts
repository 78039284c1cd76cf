import { describe, expect, it } from 'vitest';
import { addCalendarMonth, advance, firstRun, nextRunAfter, parseScheduleInput, SCHEDULE_MESSAGES } from './schedule-rules';

const at = (iso: string) => new Date(iso);

describe('client report schedule rules', () => {
  it('adds calendar months, clamping to the last day of shorter months', () => {
    expect(addCalendarMonth(at('2026-01-31T08:00:00Z')).toISOString()).toBe('2026-02-28T08:00:00.000Z');
    expect(addCalendarMonth(at('2028-01-31T08:00:00Z')).toISOString()).toBe('2028-02-29T08:00:00.000Z');
    expect(addCalendarMonth(at('2026-12-01T08:00:00Z')).toISOString()).toBe('2027-01-01T08:00:00.000Z');
    expect(advance('weekly', at('2026-11-23T08:00:00Z')).toISOString()).toBe('2026-11-30T08:00:00.000Z');
  });

  it('starts weekly reports on the next Monday 08:00 UTC and monthly ones on the next 1st', () => {
    // 2026-11-22 is a Sunday.
    expect(firstRun('weekly', at('2026-11-22T17:00:00Z')).toISOString()).toBe('2026-11-23T08:00:00.000Z');
    expect(firstRun('weekly', at('2026-11-23T07:59:00Z')).toISOString()).toBe('2026-11-23T08:00:00.000Z');
    expect(firstRun('weekly', at('2026-11-23T08:00:00Z')).toISOString()).toBe('2026-11-30T08:00:00.000Z');
    expect(firstRun('monthly', at('2026-11-22T17:00:00Z')).toISOString()).toBe('2026-12-01T08:00:00.000Z');
    expect(firstRun('monthly', at('2026-12-01T07:00:00Z')).toISOString()).toBe('2026-12-01T08:00:00.000Z');
  });

  it('skips periods missed while nothing ran, so one late run sends one report', () => {
    expect(nextRunAfter('weekly', at('2026-11-02T08:00:00Z'), at('2026-11-02T09:00:00Z')).toISOString()).toBe('2026-11-09T08:00:00.000Z');
    expect(nextRunAfter('weekly', at('2026-11-02T08:00:00Z'), at('2026-11-24T09:00:00Z')).toISOString()).toBe('2026-11-30T08:00:00.000Z');
    expect(nextRunAfter('monthly', at('2026-09-01T08:00:00Z'), at('2026-11-22T09:00:00Z')).toISOString()).toBe('2026-12-01T08:00:00.000Z');
  });

  it('validates the body field by field with a message naming the problem', () => {
    const good = { cadence: 'weekly', recipients: [' Ana@Example.com ', 'ana@example.com', 'bo@example.org'], template: 'technical-audit', format: 'html' };
    expect(parseScheduleInput(good)).toEqual({ ok: true, value: { ...good, recipients: ['ana@example.com', 'bo@example.org'] } });
    expect(parseScheduleInput({ ...good, recipients: ['not-an-address'] })).toEqual({ ok: false, error: SCHEDULE_MESSAGES.badRecipient('not-an-address') });
    expect(parseScheduleInput({ ...good, recipients: Array.from({ length: 11 }, (_, i) => `r${i}@example.com`) })).toEqual({ ok: false, error: SCHEDULE_MESSAGES.tooManyRecipients });
    expect(parseScheduleInput({ ...good, template: 'quarterly-deck' })).toEqual({ ok: false, error: SCHEDULE_MESSAGES.template });
    expect(parseScheduleInput({ ...good, cadence: 'daily' })).toEqual({ ok: false, error: SCHEDULE_MESSAGES.cadence });
    expect(parseScheduleInput({ ...good, format: 'csv' })).toEqual({ ok: false, error: SCHEDULE_MESSAGES.format });
    expect(parseScheduleInput({ ...good, recipients: [] })).toEqual({ ok: false, error: SCHEDULE_MESSAGES.needsRecipient });
    expect(parseScheduleInput({ ...good, cadence: 'off', recipients: [] }).ok).toBe(true);
    expect(parseScheduleInput({ ...good, nextRunAt: '2026-01-01' })).toEqual({ ok: false, error: 'Unknown field "nextRunAt".' });
    expect(parseScheduleInput(null).ok).toBe(false);
    expect(parseScheduleInput({ ...good, recipients: 'ana@example.com' })).toEqual({ ok: false, error: SCHEDULE_MESSAGES.recipientsList });
  });
});
