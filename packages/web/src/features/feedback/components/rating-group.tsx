import { useId } from 'react';
import { cn } from '../../../lib/cn';

const RATINGS = [1, 2, 3, 4, 5] as const;

interface RatingGroupProps {
  legend: string;
  /** Words for the two ends of the scale, read with the numbers. */
  low: string;
  high: string;
  value: number | null;
  onChange: (value: number) => void;
  name: string;
}

/** A 1-5 rating as a native radio group: arrow keys move, the legend names it for screen readers. */
export function RatingGroup({ legend, low, high, value, onChange, name }: RatingGroupProps) {
  const hint = useId();
  return (
    <fieldset aria-describedby={hint}>
      <legend className="text-sm font-medium text-slate-800">{legend}</legend>
      <div className="mt-2 flex gap-2">
        {RATINGS.map((rating) => (
          <label
            key={rating}
            className={cn(
              'flex size-10 cursor-pointer items-center justify-center rounded-lg border text-sm font-semibold transition-colors has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-primary-600/40',
              value === rating ? 'border-primary-600 bg-primary-600 text-white' : 'border-slate-300 bg-white text-slate-800 hover:border-slate-400',
            )}
          >
            <input type="radio" className="sr-only" name={name} value={rating} checked={value === rating} onChange={() => onChange(rating)} />
            {rating}
            <span className="sr-only">{rating === 1 ? ` (${low})` : rating === 5 ? ` (${high})` : ''}</span>
          </label>
        ))}
      </div>
      <p id={hint} className="mt-1 text-xs text-slate-600">
        1 = {low}, 5 = {high}
      </p>
    </fieldset>
  );
}
