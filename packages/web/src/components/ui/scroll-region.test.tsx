// @vitest-environment jsdom
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { hiddenEdges, ScrollRegion } from './scroll-region';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

describe('hiddenEdges', () => {
  it('says which sides of a scrolled box hide content', () => {
    expect(hiddenEdges({ scrollLeft: 0, scrollWidth: 400, clientWidth: 400 })).toEqual({ start: false, end: false });
    expect(hiddenEdges({ scrollLeft: 0, scrollWidth: 900, clientWidth: 400 })).toEqual({ start: false, end: true });
    expect(hiddenEdges({ scrollLeft: 250, scrollWidth: 900, clientWidth: 400 })).toEqual({ start: true, end: true });
    expect(hiddenEdges({ scrollLeft: 500, scrollWidth: 900, clientWidth: 400 })).toEqual({ start: true, end: false });
    // A fractional width on a zoomed page is not a hidden column.
    expect(hiddenEdges({ scrollLeft: 0, scrollWidth: 400.6, clientWidth: 400 })).toEqual({ start: false, end: false });
  });
});

describe('ScrollRegion', () => {
  let unmount: (() => void) | undefined;
  afterEach(() => unmount?.());

  /** Renders a region whose box measures `scrollWidth` wide content in `clientWidth` (jsdom lays nothing out). */
  function render(scrollWidth: number, clientWidth: number): HTMLElement {
    for (const [name, value] of [
      ['scrollWidth', scrollWidth],
      ['clientWidth', clientWidth],
    ] as const) {
      Object.defineProperty(HTMLElement.prototype, name, { configurable: true, get: () => value });
    }
    const container = document.createElement('div');
    document.body.append(container);
    const root = createRoot(container);
    act(() =>
      root.render(
        <ScrollRegion label="Clients">
          <table />
        </ScrollRegion>,
      ),
    );
    unmount = () => {
      act(() => root.unmount());
      container.remove();
    };
    return container;
  }

  it('is a named, focusable region', () => {
    const region = render(400, 400).querySelector('[role="region"]')!;
    expect(region.getAttribute('aria-label')).toBe('Clients');
    expect(region.getAttribute('tabindex')).toBe('0');
  });

  it('says nothing when everything fits', () => {
    expect(render(400, 400).querySelector('[data-testid="scroll-hint"]')).toBeNull();
  });

  it('says there are more columns when the table is wider than its box, and which way they are', () => {
    const container = render(900, 400);
    expect(container.querySelector('[data-testid="scroll-hint"]')?.textContent).toContain('More columns to the right');
    const region = container.querySelector<HTMLElement>('[role="region"]')!;
    region.scrollLeft = 500;
    act(() => {
      region.dispatchEvent(new Event('scroll'));
    });
    expect(container.querySelector('[data-testid="scroll-hint"]')?.textContent).toContain('More columns to the left');
  });
});
