import type { DensityTone, SuggestionSeverity } from '@citable/contract';

/** Score colours of spec 002 §9: 80+ green, 60+ yellow, below red. */
export function scoreTone(score: number): string {
  if (score >= 80) return 'text-emerald-700';
  if (score >= 60) return 'text-amber-700';
  return 'text-red-700';
}

export function scoreBar(score: number): string {
  if (score >= 80) return 'bg-emerald-500';
  if (score >= 60) return 'bg-amber-400';
  return 'bg-red-500';
}

export const DENSITY_STYLES: Record<DensityTone, { box: string; label: string }> = {
  high: { box: 'bg-red-100 text-red-800', label: 'Too frequent' },
  good: { box: 'bg-emerald-100 text-emerald-800', label: 'Good' },
  low: { box: 'bg-amber-100 text-amber-800', label: 'Too rare' },
};

export const SEVERITY_STYLES: Record<SuggestionSeverity, { badge: string; border: string; label: string }> = {
  error: { badge: 'bg-red-100 text-red-800', border: 'border-l-red-500', label: 'Error' },
  warning: { badge: 'bg-amber-100 text-amber-800', border: 'border-l-amber-400', label: 'Warning' },
  suggestion: { badge: 'bg-sky-100 text-sky-800', border: 'border-l-sky-400', label: 'Suggestion' },
};
