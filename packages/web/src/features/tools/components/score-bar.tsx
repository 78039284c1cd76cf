import { cn } from '../../../lib/cn';

/** Spec 001 §2's score colours: 80 and above green, 60 and above yellow, otherwise red. */
export function scoreTone(score: number): { bar: string; text: string } {
  if (score >= 80) return { bar: 'bg-emerald-500', text: 'text-emerald-700' };
  if (score >= 60) return { bar: 'bg-amber-400', text: 'text-amber-700' };
  return { bar: 'bg-red-500', text: 'text-red-700' };
}

const NEUTRAL = { bar: 'bg-primary-500', text: 'text-primary-800' };

/**
 * A 0-100 value as a labelled bar (a meter for assistive technology). Scores take the score
 * colours; `neutral` is for measures where low is not bad (relevance of a suggestion).
 */
export function ScoreBar({ value, label, className, neutral = false }: { value: number; label: string; className?: string; neutral?: boolean }) {
  const tone = neutral ? NEUTRAL : scoreTone(value);
  return (
    <div className={cn('flex items-center gap-3', className)}>
      <div role="meter" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={value} className="h-2 min-w-16 flex-1 overflow-hidden rounded-full bg-slate-200">
        <div className={cn('h-full rounded-full', tone.bar)} style={{ width: `${Math.max(0, Math.min(100, value))}%` }} />
      </div>
      <span className={cn('w-10 text-right text-sm font-semibold tabular-nums', tone.text)}>{Math.round(value)}</span>
    </div>
  );
}
