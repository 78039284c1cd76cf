export { analyzeEditorContent, MAX_SUGGESTIONS, type EditorAnalysisInput } from './analyze-content';
export { applySuggestion, type AppliedFix } from './apply-fix';
export { keywordCounts } from './keyword-density';
export { editorUnits, type EditorUnits, type Span } from './text-units';
export { benchEditor, benchArticle, type EditorBenchResult } from './bench';
