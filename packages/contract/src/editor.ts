import { z } from 'zod';
import { subscoresSchema } from './audit-result';
import { OPTIMIZER_CONTENT_MAX, OPTIMIZER_CONTENT_TYPES } from './content-tools';

/** Content Editor (spec 002 §2.4, §3, §4, §5, §9). */

/** Analysis runs this long after the last change to content, keywords or type. */
export const REALTIME_DEBOUNCE_MS = 1000;
/** Shorter content (blank characters not counted) is not analysed; result and suggestions are cleared. */
export const REALTIME_MIN_CHARS = 50;
/** The editor's text, like the optimizer's: long articles fit, the engine still answers while the user types. */
export const EDITOR_CONTENT_MAX = OPTIMIZER_CONTENT_MAX;

export const EDITOR_MESSAGES = {
  optimizeFailed: 'Failed to optimize content. Please try again.',
} as const;

export const SUGGESTION_SEVERITIES = ['error', 'warning', 'suggestion'] as const;
export type SuggestionSeverity = (typeof SUGGESTION_SEVERITIES)[number];

/** What a suggestion is about; the editor groups and the tests address them by it. */
export const SUGGESTION_KINDS = ['long-sentence', 'weasel-phrase', 'passive-voice', 'answer-first', 'keyword-stuffing', 'keyword-missing', 'question-heading', 'unsupported-claim'] as const;
export type SuggestionKind = (typeof SUGGESTION_KINDS)[number];

export const textRangeSchema = z.object({ start: z.number().int().min(0), end: z.number().int().min(0) });
export type TextRange = z.infer<typeof textRangeSchema>;

export const realtimeSuggestionSchema = z.object({
  /** Stable while the text around it changes, so the list can key and remove it. */
  id: z.string(),
  kind: z.enum(SUGGESTION_KINDS),
  severity: z.enum(SUGGESTION_SEVERITIES),
  message: z.string(),
  suggestion: z.string(),
  /** The text that replaces `position`; null when the fix needs the author's own words. */
  replacement: z.string().nullable(),
  /** Character offsets into the analysed text, end exclusive. */
  position: textRangeSchema,
  /** The text at `position` when analysed: a fix applies only while it is still there. */
  original: z.string(),
});
export type RealtimeSuggestion = z.infer<typeof realtimeSuggestionSchema>;

export const contentAnalysisResultSchema = z.object({
  overallScore: z.number().min(0).max(100),
  subscores: subscoresSchema,
  suggestions: z.array(realtimeSuggestionSchema),
  /** Percent of the words that are occurrences of each target keyword. */
  keywordDensity: z.record(z.string(), z.number().min(0)),
  /** Flesch reading ease clipped to 0-100; null when the text is too short or not English. */
  readabilityScore: z.number().min(0).max(100).nullable(),
  wordCount: z.number().int().min(0),
});
export type ContentAnalysisResult = z.infer<typeof contentAnalysisResultSchema>;

export const EDITOR_CONTENT_TYPES = OPTIMIZER_CONTENT_TYPES;
export type EditorContentType = (typeof EDITOR_CONTENT_TYPES)[number];

/** POST /api/functions/real-time-content-analysis (spec 002 §7.1). */
export const realtimeAnalysisRequestSchema = z.object({
  content: z.string().max(EDITOR_CONTENT_MAX),
  keywords: z.array(z.string().max(100)).max(20).default([]),
  contentType: z.enum(EDITOR_CONTENT_TYPES).default('article'),
});
export type RealtimeAnalysisRequest = z.input<typeof realtimeAnalysisRequestSchema>;

/** The analysis, or null with the reason when the content is below the minimum. */
export const realtimeAnalysisResponseSchema = z.object({
  analysis: contentAnalysisResultSchema.nullable(),
  suggestions: z.array(realtimeSuggestionSchema),
});
export type RealtimeAnalysisResponse = z.infer<typeof realtimeAnalysisResponseSchema>;


/** Whether content is long enough to analyse: 50 or more non-blank characters. */
export function analysable(content: string): boolean {
  return content.replace(/\s+/g, '').length >= REALTIME_MIN_CHARS;
}

export type DensityTone = 'high' | 'good' | 'low';

/** Keyword density colours (spec 002 §9): above 3% red (stuffed), above 1% green, else yellow (too rare). */
export function keywordDensityTone(percent: number): DensityTone {
  if (percent > 3) return 'high';
  if (percent > 1) return 'good';
  return 'low';
}

export type ReadabilityLabel = 'Very Easy' | 'Easy' | 'Moderate' | 'Difficult';

/** Readability labels of spec 002 §9, on the Flesch reading ease clipped to 0-100. */
export function readabilityLabel(score: number): ReadabilityLabel {
  if (score >= 80) return 'Very Easy';
  if (score >= 60) return 'Easy';
  if (score >= 40) return 'Moderate';
  return 'Difficult';
}
