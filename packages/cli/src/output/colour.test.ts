import { describe, expect, it } from 'vitest';
import { colourEnabled, createColours } from './colour';

describe('colours', () => {
  it('colours scores by band: 80+ green, 60+ yellow, else red', () => {
    const c = createColours(true);
    expect(c.score(80)).toBe('\u001b[32m80\u001b[39m');
    expect(c.score(79)).toBe('\u001b[33m79\u001b[39m');
    expect(c.score(60)).toBe('\u001b[33m60\u001b[39m');
    expect(c.score(59)).toBe('\u001b[31m59\u001b[39m');
    expect(createColours(false).score(90)).toBe('90');
  });

  it('is on only for a terminal without NO_COLOR', () => {
    expect(colourEnabled({ isTTY: true } as never, {})).toBe(true);
    expect(colourEnabled({ isTTY: true } as never, { NO_COLOR: '1' })).toBe(false);
    expect(colourEnabled({ isTTY: false } as never, {})).toBe(false);
  });
});
