import { CircleAlert, CircleCheck, Info } from 'lucide-react';
import { useEffect, useRef, type ReactNode } from 'react';
import { cn } from '../../lib/cn';

type Tone = 'error' | 'success' | 'info';

const TONES: Record<Tone, { box: string; icon: typeof Info }> = {
  error: { box: 'border-red-200 bg-red-50 text-red-800', icon: CircleAlert },
  success: { box: 'border-emerald-200 bg-emerald-50 text-emerald-800', icon: CircleCheck },
  info: { box: 'border-primary-200 bg-primary-50 text-primary-900', icon: Info },
};

/** Inline message inside a form or dialog; errors interrupt screen readers, the rest wait. */
export function Alert({ tone, children, className, testId }: { tone: Tone; children: ReactNode; className?: string; testId?: string }) {
  const { box, icon: Icon } = TONES[tone];
  const ref = useRef<HTMLDivElement>(null);
  // In a long scrolled dialog the message may sit above the fold; bring it into view when it appears.
  useEffect(() => {
    ref.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }, [children]);
  return (
    <div ref={ref} role={tone === 'error' ? 'alert' : 'status'} data-testid={testId} className={cn('flex gap-2 rounded-lg border px-3 py-2.5 text-sm', box, className)}>
      <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <div>{children}</div>
    </div>
  );
}
