export { analyzeEditorContent, editorSuggestions, MAX_SUGGESTIONS, type EditorAnalysisInput } from './analyze-content';
export { applySuggestion, applySuggestions, applyEditorFixes, type AppliedFix, type EditorFixOptions } from './apply-fix';
export { keywordCounts } from './keyword-density';
export { editorUnits, type EditorUnits, type Span } from './text-units';
export { benchEditor, benchArticle, type EditorBenchResult } from './bench';
