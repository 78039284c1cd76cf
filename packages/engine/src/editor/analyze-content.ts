import { analysable, type ContentAnalysisResult, type EditorContentType, type RealtimeSuggestion, type SuggestionSeverity } from '@citable/contract';
import { auditModel } from '../audit';
import { buildPageModel } from '../model/build-page-model';
import { keywordCounts } from './keyword-density';
import { answerFirst, keywordSuggestions, longSentences, marketingFluff, questionHeadings, unsupportedClaims, weaselPhrases } from './suggestions';
import { editorUnits } from './text-units';

export interface EditorAnalysisInput {
  content: string;
  keywords?: readonly string[];
  contentType?: EditorContentType;
}

const SEVERITY_ORDER: Record<SuggestionSeverity, number> = { error: 0, warning: 1, suggestion: 2 };
/** More than this many inline suggestions stop being read; the most severe, earliest ones are kept. */
export const MAX_SUGGESTIONS = 60;

/**
 * The Content Editor's analysis (spec 002 §3 "Content analysis result"), in the browser while the
 * user types and on the server for API users: the engine's audit of the text as Markdown for the
 * scores, plus suggestions located in the text. Null below the minimum length.
 */
export function analyzeEditorContent(input: EditorAnalysisInput): ContentAnalysisResult | null {
  const { content } = input;
  if (!analysable(content)) return null;
  const keywords = [...new Set((input.keywords ?? []).map((k) => k.trim()).filter(Boolean))];
  const model = buildPageModel({ body: content, format: 'markdown', url: null });
  const audit = auditModel(model, null);
  const counts = keywordCounts(content, keywords);
  const suggestions = editorSuggestions(content, { keywords, contentType: input.contentType }, counts)
    .sort((a, b) => SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity] || a.position.start - b.position.start)
    .slice(0, MAX_SUGGESTIONS)
    .sort((a, b) => a.position.start - b.position.start || SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity]);

  const flesch = model.readability.fleschReadingEase;
  return {
    overallScore: audit.overallScore,
    subscores: audit.subscores,
    suggestions,
    keywordDensity: Object.fromEntries(counts.map((c) => [c.keyword, c.density])),
    readabilityScore: flesch === null ? null : Math.min(100, Math.max(0, Math.round(flesch))),
    wordCount: model.wordCount,
  };
}

/**
 * Every inline suggestion for the text, located and with its replacement where one can be made:
 * the rules behind the editor's suggestions and its fixes, shared with the Content Optimizer so
 * both make the same edits. No audit is run, so this is cheap to repeat after each edit.
 */
export function editorSuggestions(content: string, options: { keywords?: readonly string[]; contentType?: EditorContentType } = {}, counts = keywordCounts(content, options.keywords ?? [])): RealtimeSuggestion[] {
  const units = editorUnits(content);
  const drafts = [
    ...keywordSuggestions(counts, units),
    ...answerFirst(units, content),
    ...longSentences(units),
    ...weaselPhrases(units),
    ...marketingFluff(units),
    ...questionHeadings(units, options.contentType ?? 'article'),
    ...unsupportedClaims(units),
  ];
  return drafts.map((d) => ({ ...d, id: `${d.kind}:${d.position.start}:${d.position.end}`, original: content.slice(d.position.start, d.position.end) }));
}
