import { describe, expect, it } from 'vitest';
import { formatDuration, formatLatency, overallTitle } from './format';

describe('status formatting', () => {
  it('titles the overall status and shows other values as Unknown', () => {
    expect(overallTitle('operational')).toBe('All Systems Operational');
    expect(overallTitle('partial_outage')).toBe('Partial System Outage');
    expect(overallTitle('major_outage')).toBe('Major System Outage');
    expect(overallTitle('maintenance')).toBe('System Maintenance');
    expect(overallTitle('degraded')).toBe('Unknown');
  });

  it('formats durations and latencies', () => {
    expect(formatDuration('2025-05-20T08:00:00Z', '2025-05-20T09:15:00Z')).toBe('1 h 15 min');
    expect(formatDuration('2025-05-20T08:00:00Z', '2025-05-20T08:20:00Z')).toBe('20 min');
    expect(formatDuration('2025-05-20T08:00:00Z', '2025-05-23T10:00:00Z')).toBe('3 days 2 h');
    expect(formatLatency(null)).toBe('-');
    expect(formatLatency(2.345)).toBe('2.3 ms');
    expect(formatLatency(123.6)).toBe('124 ms');
  });
});
