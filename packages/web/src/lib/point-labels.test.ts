import { describe, expect, it } from 'vitest';
import { fullDateTime, pointLabelParts, pointLabels } from './point-labels';

const UTC = { locale: 'en-GB', timeZone: 'UTC' };

describe('pointLabels', () => {
  it('labels points on different days with the day alone', () => {
    expect(pointLabels(['2026-11-24T09:00:00Z', '2026-11-25T10:00:00Z', '2026-11-26T14:05:00Z'], UTC)).toEqual(['24 Nov', '25 Nov', '26 Nov']);
  });

  it('adds the time to the points that share a day, and only to them', () => {
    expect(pointLabels(['2026-11-25T10:00:00Z', '2026-11-26T09:30:00Z', '2026-11-26T14:05:00Z'], UTC)).toEqual(['25 Nov', '26 Nov 09:30', '26 Nov 14:05']);
  });

  it('adds the seconds when points share the minute, and an ordinal when they share the second', () => {
    const labels = pointLabels(['2026-11-26T14:05:07Z', '2026-11-26T14:05:09Z', '2026-11-26T14:06:00Z'], UTC);
    expect(labels).toEqual(['26 Nov 14:05:07', '26 Nov 14:05:09', '26 Nov 14:06']);
    // Same second: told apart by their order in time, whatever the order given.
    expect(pointLabels(['2026-11-26T14:05:07.900Z', '2026-11-26T14:05:07.100Z'], UTC)).toEqual(['26 Nov 14:05:07 (2)', '26 Nov 14:05:07 (1)']);
  });

  it('never gives two points the same label', () => {
    const dates = Array.from({ length: 12 }, (_, i) => new Date(Date.UTC(2026, 10, 26, 14, 5, Math.floor(i / 3), i)));
    const labels = pointLabels(dates, UTC);
    expect(new Set(labels).size).toBe(dates.length);
  });

  it('reads days in the given time zone', () => {
    // 23:30 and 00:30 UTC are the same day in New York, so both need the time there.
    const dates = ['2026-11-26T23:30:00Z', '2026-11-27T00:30:00Z'];
    expect(pointLabels(dates, UTC)).toEqual(['26 Nov', '27 Nov']);
    expect(pointLabels(dates, { locale: 'en-GB', timeZone: 'America/New_York' })).toEqual(['26 Nov 18:30', '26 Nov 19:30']);
  });

  it('adds the year when the points span more than one', () => {
    expect(pointLabels(['2025-12-30T10:00:00Z', '2026-01-02T10:00:00Z'], UTC)).toEqual(['30 Dec 2025', '2 Jan 2026']);
  });
});

describe('pointLabelParts', () => {
  it('splits each label into the day and the time, if any', () => {
    expect(pointLabelParts(['2026-11-25T10:00:00Z', '2026-11-26T14:05:07.100Z', '2026-11-26T14:05:07.900Z'], UTC)).toEqual([
      { day: '25 Nov', time: null },
      { day: '26 Nov', time: '14:05:07 (1)' },
      { day: '26 Nov', time: '14:05:07 (2)' },
    ]);
  });
});

describe('fullDateTime', () => {
  it('carries the date and the time', () => {
    expect(fullDateTime('2026-11-26T14:05:00Z', UTC)).toBe('26 Nov 2026, 14:05');
  });
});
