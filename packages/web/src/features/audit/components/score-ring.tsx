import { cn } from '../../../lib/cn';
import { scoreTone } from '../lib/score-tone';

const RADIUS = 52;
const CIRCUMFERENCE = 2 * Math.PI * RADIUS;

/** The overall score as a ring; the number and its band are in the text, so colour is never the only cue. */
export function ScoreRing({ score, size = 160 }: { score: number; size?: number }) {
  const tone = scoreTone(score);
  const filled = (Math.max(0, Math.min(100, score)) / 100) * CIRCUMFERENCE;
  return (
    <div className="relative shrink-0" style={{ width: size, height: size }} data-testid="score-ring">
      <svg viewBox="0 0 120 120" className="size-full -rotate-90" aria-hidden="true">
        <circle cx="60" cy="60" r={RADIUS} fill="none" strokeWidth="10" className="stroke-slate-200" />
        <circle
          cx="60"
          cy="60"
          r={RADIUS}
          fill="none"
          strokeWidth="10"
          strokeLinecap="round"
          strokeDasharray={`${filled} ${CIRCUMFERENCE}`}
          className={cn('transition-[stroke-dasharray] duration-700', tone.stroke)}
        />
      </svg>
      <div className="absolute inset-0 flex flex-col items-center justify-center">
        <span className={cn('text-4xl font-bold tabular-nums', tone.text)} data-testid="overall-score">
          {score}
        </span>
        <span className="text-xs font-medium text-slate-500">
          out of 100 <span className="sr-only">({tone.label})</span>
        </span>
      </div>
    </div>
  );
}
