import type { RealtimeSuggestion } from '@citable/contract';

export interface AppliedFix {
  text: string;
  suggestions: RealtimeSuggestion[];
}

/**
 * Replaces a suggestion's range with its replacement and removes it. The others move with the
 * text: ranges after the edit shift by the change in length, ranges that overlap it are dropped
 * (their text is gone), and any whose original text is no longer at its position is dropped too.
 * Returns null when the suggestion has no replacement or its text has changed since the analysis.
 */
export function applySuggestion(text: string, suggestions: readonly RealtimeSuggestion[], id: string): AppliedFix | null {
  const target = suggestions.find((s) => s.id === id);
  if (!target || target.replacement === null) return null;
  const { start, end } = target.position;
  if (text.slice(start, end) !== target.original) return null;
  const next = text.slice(0, start) + target.replacement + text.slice(end);
  const delta = target.replacement.length - (end - start);

  const kept: RealtimeSuggestion[] = [];
  for (const s of suggestions) {
    if (s.id === id) continue;
    const { start: sStart, end: sEnd } = s.position;
    let moved: RealtimeSuggestion;
    if (sEnd <= start && !(sStart === sEnd && sStart === start && start !== end)) moved = s;
    else if (sStart >= end) moved = { ...s, position: { start: sStart + delta, end: sEnd + delta } };
    else continue;
    if (next.slice(moved.position.start, moved.position.end) === moved.original) kept.push(moved);
  }
  return { text: next, suggestions: kept };
}
