import { useEffect, useRef, useState, type ReactNode } from 'react';

/** Which sides of a scroll box hide content: more to the left (start) or to the right (end). */
export interface HiddenEdges {
  start: boolean;
  end: boolean;
}

/** The sides a box scrolled to `scrollLeft` hides, of `scrollWidth` shown `clientWidth` at a time. */
export function hiddenEdges({ scrollLeft, scrollWidth, clientWidth }: { scrollLeft: number; scrollWidth: number; clientWidth: number }): HiddenEdges {
  // A pixel of slack: zoomed pages report fractional widths.
  return { start: scrollLeft > 1, end: scrollLeft + clientWidth < scrollWidth - 1 };
}

/**
 * A box that scrolls sideways when what it holds is wider than the screen (a table on a phone).
 * It is focusable and named, so a keyboard user can reach it and scroll it with the arrow keys
 * (WCAG 2.1.1; axe's scrollable-region-focusable), and a screen reader says what it holds. While
 * it hides columns, a shadow on the hidden side and a line under it say there is more (issue 33:
 * a wide table scrolled inside its card with no hint).
 */
export function ScrollRegion({ label, className, children, testId }: { label: string; className?: string; children: ReactNode; testId?: string }) {
  const box = useRef<HTMLDivElement>(null);
  const [edges, setEdges] = useState<HiddenEdges>({ start: false, end: false });

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const update = () =>
      setEdges((previous) => {
        const next = hiddenEdges(element);
        return previous.start === next.start && previous.end === next.end ? previous : next;
      });
    update();
    element.addEventListener('scroll', update, { passive: true });
    // The table grows as its rows load, and the box narrows with the window.
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(update);
    observer?.observe(element);
    if (element.firstElementChild) observer?.observe(element.firstElementChild);
    return () => {
      element.removeEventListener('scroll', update);
      observer?.disconnect();
    };
  }, []);

  return (
    <div className={className}>
      <div className="relative">
      <div ref={box} role="region" aria-label={label} tabIndex={0} className="overflow-x-auto" data-testid={testId} data-hidden-start={edges.start || undefined} data-hidden-end={edges.end || undefined}>
        {children}
      </div>
      {edges.start ? <div aria-hidden="true" className="pointer-events-none absolute inset-y-0 left-0 w-6 bg-gradient-to-r from-slate-900/10 to-transparent" /> : null}
      {edges.end ? <div aria-hidden="true" className="pointer-events-none absolute inset-y-0 right-0 w-6 bg-gradient-to-l from-slate-900/10 to-transparent" /> : null}
      </div>
      {edges.start || edges.end ? (
        <p className="px-3 py-1.5 text-xs text-slate-500" data-testid="scroll-hint">
          {edges.end ? 'More columns to the right: scroll sideways or use the arrow keys.' : 'More columns to the left: scroll back to see them.'}
        </p>
      ) : null}
    </div>
  );
}
