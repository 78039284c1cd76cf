import { Lock } from 'lucide-react';

/**
 * The reason beside a control disabled by the viewer's role (issue 33): visible text the control
 * names with aria-describedby, so screen readers hear why it cannot be used.
 */
export function ReadOnlyNote({ id, reason, className = '' }: { id: string; reason: string; className?: string }) {
  return (
    <p id={id} className={`flex items-center gap-1.5 text-sm text-slate-600 ${className}`} data-testid="read-only-note">
      <Lock aria-hidden="true" className="size-3.5 shrink-0" />
      {reason}
    </p>
  );
}
