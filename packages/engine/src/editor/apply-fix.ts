import type { EditorContentType, RealtimeSuggestion, SuggestionKind } from '@citable/contract';
import { editorSuggestions } from './analyze-content';

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

/**
 * Applies every suggestion that carries a replacement and does not overlap one already taken
 * (word-level fixes first, then whole sentences), from the end of the text backwards so the
 * earlier positions still hold. Returns the new text and the suggestions applied.
 */
export function applySuggestions(text: string, suggestions: readonly RealtimeSuggestion[]): { text: string; applied: RealtimeSuggestion[] } {
  const taken: RealtimeSuggestion[] = [];
  const candidates = suggestions
    .filter((s) => s.replacement !== null && s.replacement !== s.original && text.slice(s.position.start, s.position.end) === s.original)
    .sort((a, b) => a.position.end - a.position.start - (b.position.end - b.position.start) || a.position.start - b.position.start);
  for (const s of candidates) {
    const { start, end } = s.position;
    if (taken.some((t) => start < t.position.end && t.position.start < end)) continue;
    taken.push(s);
  }
  taken.sort((a, b) => b.position.start - a.position.start);
  let next = text;
  for (const s of taken) next = next.slice(0, s.position.start) + s.replacement + next.slice(s.position.end);
  return { text: next, applied: taken.reverse() };
}

export interface EditorFixOptions {
  keywords?: readonly string[];
  contentType?: EditorContentType;
  /** Only suggestions of these kinds; all kinds when absent. */
  kinds?: readonly SuggestionKind[];
}

/** Passes of analyse-then-fix: each pass may uncover a fix the last one overlapped. */
const FIX_PASSES = 6;

/**
 * The text with every fix the editor offers applied, as if the author clicked "Apply" on each
 * suggestion in turn: the text is analysed again after each pass, so fixes that overlapped
 * (a lead-in removed, then the same sentence split) are all made. A fix that keeps coming back
 * is made once. This is the one implementation the Content Optimizer uses for the same edits.
 */
export function applyEditorFixes(content: string, options: EditorFixOptions = {}): { text: string; applied: RealtimeSuggestion[] } {
  let text = content;
  const applied: RealtimeSuggestion[] = [];
  const tried = new Set<string>();
  for (let pass = 0; pass < FIX_PASSES; pass++) {
    const candidates = editorSuggestions(text, options).filter((s) => (!options.kinds || options.kinds.includes(s.kind)) && !tried.has(`${s.kind}|${s.original}|${s.replacement}`));
    const result = applySuggestions(text, candidates);
    if (result.applied.length === 0) break;
    for (const s of result.applied) tried.add(`${s.kind}|${s.original}|${s.replacement}`);
    applied.push(...result.applied);
    text = result.text;
  }
  return { text, applied };
}
