import { describe, expect, it } from 'vitest';
import { matches } from './search';

describe('help centre search', () => {
  it('keeps everything for an empty query', () => {
    expect(matches('  ', 'anything')).toBe(true);
  });
  it('needs every word, in any field, ignoring case and accents', () => {
    expect(matches('Robots CRAWLERS', 'Let AI crawlers in', 'edit robots.txt')).toBe(true);
    expect(matches('robots billing', 'Let AI crawlers in', 'edit robots.txt')).toBe(false);
    expect(matches('cafe', 'Café')).toBe(true);
  });
});
