import { scoreBand } from '@citable/contract';

/** Text and stroke colours of a score (spec 001 §2: 80 and above green, 60 and above yellow, else red). */
const TONES = {
  good: { text: 'text-emerald-700', stroke: 'stroke-emerald-500', bar: 'bg-emerald-500', label: 'Good' },
  fair: { text: 'text-amber-700', stroke: 'stroke-amber-400', bar: 'bg-amber-400', label: 'Fair' },
  poor: { text: 'text-red-700', stroke: 'stroke-red-500', bar: 'bg-red-500', label: 'Poor' },
} as const;

export function scoreTone(score: number) {
  return TONES[scoreBand(score)];
}
