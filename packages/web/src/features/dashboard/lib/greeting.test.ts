import { describe, expect, it } from 'vitest';
import { greetingFor } from './greeting';

describe('greetingFor', () => {
  it('follows the time of day', () => {
    expect(greetingFor(new Date(2026, 0, 1, 6))).toBe('Good morning');
    expect(greetingFor(new Date(2026, 0, 1, 11, 59))).toBe('Good morning');
    expect(greetingFor(new Date(2026, 0, 1, 12))).toBe('Good afternoon');
    expect(greetingFor(new Date(2026, 0, 1, 18))).toBe('Good evening');
  });

  it('keeps the small hours in the evening: no "Good morning" at 1 AM', () => {
    expect(greetingFor(new Date(2026, 0, 1, 0, 30))).toBe('Good evening');
    expect(greetingFor(new Date(2026, 0, 1, 1))).toBe('Good evening');
    expect(greetingFor(new Date(2026, 0, 1, 4, 59))).toBe('Good evening');
    expect(greetingFor(new Date(2026, 0, 1, 5))).toBe('Good morning');
  });

});
