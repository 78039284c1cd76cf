import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

type Tone = 'primary' | 'secondary' | 'accent' | 'neutral';

const TONES: Record<Tone, string> = {
  primary: 'bg-primary-100 text-primary-800',
  secondary: 'bg-secondary-100 text-secondary-800',
  accent: 'bg-accent-100 text-accent-800',
  neutral: 'bg-slate-100 text-slate-700',
};

export function Badge({ tone = 'neutral', className, children }: { tone?: Tone; className?: string; children: ReactNode }) {
  return <span className={cn('inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold', TONES[tone], className)}>{children}</span>;
}
