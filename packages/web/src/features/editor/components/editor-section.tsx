import { canUseArea, EDITOR_CONTENT_MAX, EDITOR_CONTENT_TYPES, EDITOR_MESSAGES, OPTIMIZER_CONTENT_TYPE_LABELS, parseKeywords, PLANS, AREAS, type ContentOptimizerResult, type EditorContentType, type Profile, type RealtimeSuggestion } from '@citable/contract';
import { applySuggestion } from '@citable/engine';
import { useMutation } from '@tanstack/react-query';
import { PenLine, WandSparkles } from 'lucide-react';
import { useMemo, useRef, useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { SelectField, TextAreaField, TextField } from '../../../components/ui/field';
import { Spinner } from '../../../components/ui/spinner';
import { useUiState } from '../../../stores/ui-state';
import { optimizeContent } from '../api/editor-api';
import { useLiveAnalysis } from '../hooks/use-live-analysis';
import { AnalysisPanel } from './analysis-panel';
import { OptimizedPanel } from './optimized-panel';
import { SuggestionList } from './suggestion-list';
import { useScopeAccess } from '../../../hooks/use-scope-access';

const requiredPlan = PLANS[AREAS.editor.requiredPlan];

/** Content Editor (spec 002 §2.4, §4): live analysis in the browser, inline fixes, optimize. */
export function EditorSection({ profile }: { profile: Profile }) {
  const { openBilling } = useUiState();
  if (!canUseArea(profile.plan, 'editor')) {
    return (
      <div className="space-y-6" data-testid="editor-section">
        <EditorHeader />
        <div className="space-y-3 rounded-xl border border-primary-200 bg-primary-50 p-6" data-testid="editor-upgrade">
          <p className="text-lg font-semibold text-slate-900">Upgrade to {requiredPlan.name} Plan</p>
          <p className="text-sm text-slate-700">The Content Editor scores your draft as you type, points at the sentences to change and fixes them in one click.</p>
          <Button onClick={() => openBilling({ plan: AREAS.editor.requiredPlan, feature: AREAS.editor.label })}>View Plans</Button>
        </div>
      </div>
    );
  }
  return <Editor />;
}

function EditorHeader() {
  return (
    <header>
      <h2 className="flex items-center gap-2 text-2xl font-semibold text-slate-900">
        <PenLine aria-hidden="true" className="size-6 text-primary-600" /> Content Editor
      </h2>
      <p className="mt-1 text-slate-600">Write or paste content: it is scored for AI visibility as you type, with fixes you can apply in place.</p>
    </header>
  );
}

function Editor() {
  const [contentType, setContentType] = useState<EditorContentType>('article');
  const [keywordText, setKeywordText] = useState('');
  const [content, setContent] = useState('');
  // A read-only role (a client of an agency) sees these controls off, with the reason (issue 33).
  const access = useScopeAccess();
  const [optimized, setOptimized] = useState<ContentOptimizerResult | null>(null);
  const textarea = useRef<HTMLTextAreaElement>(null);
  const keywords = useMemo(() => parseKeywords(keywordText), [keywordText]);
  const live = useLiveAnalysis(content, keywords, contentType);

  const optimize = useMutation({
    mutationFn: () => optimizeContent({ content, targetKeywords: keywords, contentType }),
    onSuccess: setOptimized,
  });

  const apply = (id: string) => {
    const applied = applySuggestion(content, live.suggestions, id);
    if (!applied) {
      // The text under the suggestion changed since the analysis: drop it, the next analysis re-finds it.
      live.setSuggestions(live.suggestions.filter((s) => s.id !== id));
      return;
    }
    setContent(applied.text);
    live.setSuggestions(applied.suggestions);
  };

  const locate = (suggestion: RealtimeSuggestion) => {
    const element = textarea.current;
    if (!element) return;
    element.focus();
    element.setSelectionRange(suggestion.position.start, suggestion.position.end);
  };

  const useVersion = () => {
    if (!optimized) return;
    setContent(optimized.optimizedContent);
    setOptimized(null);
  };

  return (
    <div className="space-y-6" data-testid="editor-section">
      <EditorHeader />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="min-w-0 space-y-6">
          <div className="space-y-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
            <div className="grid gap-4 sm:grid-cols-[12rem_minmax(0,1fr)]">
              <SelectField label="Content type" value={contentType} onChange={(event) => setContentType(event.target.value as EditorContentType)} data-testid="editor-type">
                {EDITOR_CONTENT_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {OPTIMIZER_CONTENT_TYPE_LABELS[type]}
                  </option>
                ))}
              </SelectField>
              <TextField label="Target keywords" hint="Comma separated" placeholder="solar panels, home battery" value={keywordText} onChange={(event) => setKeywordText(event.target.value)} data-testid="editor-keywords" />
            </div>
            <TextAreaField
              ref={textarea}
              label="Content"
              hint="Markdown headings (## Heading) are recognised. The analysis runs a second after you stop typing."
              rows={16}
              maxLength={EDITOR_CONTENT_MAX}
              value={content}
              onChange={(event) => setContent(event.target.value)}
              className="font-mono text-sm leading-relaxed"
              data-testid="editor-content"
            />
            <div className="flex flex-wrap items-center gap-3">
              <Button onClick={() => optimize.mutate()} disabled={content.trim() === '' || optimize.isPending || access.readOnly} title={access.writeControl.title} aria-describedby={access.writeControl['aria-describedby']} data-testid="editor-optimize">
                {optimize.isPending ? <Spinner className="size-4" /> : <WandSparkles aria-hidden="true" className="size-4" />} Optimize
              </Button>
              <span className="text-xs text-slate-500">Rewrites the content to be quoted: answer first, sourced, structured. Your text is kept until you choose Use This Version.</span>
            </div>
            {optimize.isError ? <Alert tone="error">{EDITOR_MESSAGES.optimizeFailed}</Alert> : null}
          </div>
          {optimized ? <OptimizedPanel result={optimized} onUse={useVersion} onClose={() => setOptimized(null)} /> : null}
          <SuggestionList suggestions={live.suggestions} onApply={apply} onLocate={locate} />
        </div>
        <div className="lg:sticky lg:top-24 lg:self-start">
          <AnalysisPanel analysis={live.analysis} suggestions={live.suggestions} keywords={keywords} pending={live.pending} lastMs={live.lastMs} />
        </div>
      </div>
    </div>
  );
}
