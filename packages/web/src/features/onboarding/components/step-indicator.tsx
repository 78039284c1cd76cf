import { Check } from 'lucide-react';
import { cn } from '../../../lib/cn';

interface StepIndicatorProps {
  steps: string[];
  current: number;
}

export function StepIndicator({ steps, current }: StepIndicatorProps) {
  return (
    <nav aria-label="Setup progress">
      <ol className="flex items-center gap-2" data-testid="onboarding-steps">
        {steps.map((label, index) => {
          const done = index < current;
          const active = index === current;
          return (
            <li key={label} className="flex flex-1 items-center gap-2" aria-current={active ? 'step' : undefined}>
              <span
                className={cn(
                  'flex size-8 shrink-0 items-center justify-center rounded-full text-sm font-bold',
                  done && 'bg-primary-600 text-white',
                  active && 'bg-primary-100 text-primary-800 ring-2 ring-primary-600',
                  !done && !active && 'bg-slate-100 text-slate-600',
                )}
              >
                {done ? <Check aria-hidden="true" className="size-4" strokeWidth={3} /> : index + 1}
              </span>
              <span className={cn('hidden text-sm font-medium sm:inline', active ? 'text-slate-900' : 'text-slate-600')}>
                {label}
                <span className="sr-only">{done ? ' (completed)' : active ? ' (current step)' : ''}</span>
              </span>
              {index < steps.length - 1 ? <span aria-hidden="true" className={cn('h-0.5 flex-1 rounded', done ? 'bg-primary-600' : 'bg-slate-200')} /> : null}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
