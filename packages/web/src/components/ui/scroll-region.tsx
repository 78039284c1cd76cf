import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

/**
 * A box that scrolls sideways when what it holds is wider than the screen (a table on a phone).
 * It is focusable and named, so a keyboard user can reach it and scroll it with the arrow keys
 * (WCAG 2.1.1; axe's scrollable-region-focusable), and a screen reader says what it holds.
 */
export function ScrollRegion({ label, className, children, testId }: { label: string; className?: string; children: ReactNode; testId?: string }) {
  return (
    <div role="region" aria-label={label} tabIndex={0} className={cn('overflow-x-auto', className)} data-testid={testId}>
      {children}
    </div>
  );
}
