import { describe, expect, it } from 'vitest';
import { placePopup } from './placement';

const viewport = { width: 1280, height: 800 };
const size = { width: 400, height: 250 };

describe('placePopup', () => {
  it('goes below the target, centred on it, when there is room', () => {
    expect(placePopup({ top: 100, left: 400, width: 200, height: 40 }, size, viewport, 20)).toEqual({ top: 160, left: 300, side: 'below' });
  });

  it('goes above a target near the bottom', () => {
    expect(placePopup({ top: 700, left: 400, width: 200, height: 40 }, size, viewport, 20)).toEqual({ top: 430, left: 300, side: 'above' });
  });

  it('goes to the right of a tall target such as the sidebar', () => {
    expect(placePopup({ top: 64, left: 0, width: 240, height: 736 }, size, viewport, 20)).toEqual({ top: 64, left: 260, side: 'right' });
  });

  it('keeps the margin from the viewport edges and centres without a target', () => {
    expect(placePopup({ top: 100, left: 1200, width: 60, height: 40 }, size, viewport, 20).left).toBe(860);
    expect(placePopup(null, size, viewport, 20)).toEqual({ top: 275, left: 440, side: 'center' });
    expect(placePopup(null, size, { width: 360, height: 640 }, 20).left).toBe(20);
  });
});
