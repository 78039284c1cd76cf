import { keywordDensityTone, readabilityLabel, SUBSCORE_IDS, SUBSCORE_LABELS, SUGGESTION_SEVERITIES, type ContentAnalysisResult, type RealtimeSuggestion } from '@citable/contract';
import { cn } from '../../../lib/cn';
import { DENSITY_STYLES, scoreBar, scoreTone, SEVERITY_STYLES } from '../lib/tones';

interface AnalysisPanelProps {
  analysis: ContentAnalysisResult | null;
  suggestions: RealtimeSuggestion[];
  keywords: string[];
  pending: boolean;
  lastMs: number | null;
}

function Card({ title, children, testId }: { title: string; children: React.ReactNode; testId?: string }) {
  return (
    <section className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm" data-testid={testId}>
      <h3 className="text-sm font-semibold text-slate-900">{title}</h3>
      <div className="mt-3">{children}</div>
    </section>
  );
}

/** The side panel: overall and detailed scores, keyword density, suggestion counts and readability. */
export function AnalysisPanel({ analysis, suggestions, keywords, pending, lastMs }: AnalysisPanelProps) {
  if (!analysis) {
    return (
      <aside className="rounded-xl border border-dashed border-slate-300 bg-white p-5 text-sm text-slate-600" data-testid="editor-analysis-empty">
        {pending ? 'Analyzing…' : 'Type or paste at least 50 characters: the analysis runs a second after you stop typing.'}
      </aside>
    );
  }
  return (
    <aside className="space-y-4" aria-live="polite" data-testid="editor-analysis" data-pending={pending} data-analysis-ms={lastMs === null ? undefined : lastMs.toFixed(1)}>
      <Card title="AI Visibility Score">
        <div className="flex items-baseline gap-2">
          <span className={cn('text-4xl font-bold tabular-nums', scoreTone(analysis.overallScore))} data-testid="editor-overall-score">
            {Math.round(analysis.overallScore)}
          </span>
          <span className="text-sm text-slate-500">/ 100</span>
          {pending ? <span className="ml-auto text-xs text-slate-500">Updating…</span> : null}
        </div>
        <p className="mt-1 text-xs text-slate-500">
          {analysis.wordCount.toLocaleString('en-US')} words{lastMs === null ? '' : ` · analyzed in your browser in ${Math.max(1, Math.round(lastMs))} ms`}
        </p>
      </Card>
      <Card title="Detailed scores">
        <ul className="space-y-2.5">
          {SUBSCORE_IDS.map((id) => {
            const value = Math.round(analysis.subscores[id]);
            return (
              <li key={id}>
                <div className="flex justify-between text-sm">
                  <span className="text-slate-700">{SUBSCORE_LABELS[id]}</span>
                  <span className={cn('font-semibold tabular-nums', scoreTone(value))}>{value}</span>
                </div>
                <div className="mt-1 h-1.5 rounded-full bg-slate-100" role="presentation">
                  <div className={cn('h-1.5 rounded-full', scoreBar(value))} style={{ width: `${value}%` }} />
                </div>
              </li>
            );
          })}
        </ul>
      </Card>
      <Card title="Keyword density" testId="editor-density">
        {keywords.length === 0 ? (
          <p className="text-sm text-slate-600">Add target keywords to see how often each one appears.</p>
        ) : (
          <ul className="space-y-2">
            {keywords.map((keyword) => {
              const density = analysis.keywordDensity[keyword] ?? 0;
              const style = DENSITY_STYLES[keywordDensityTone(density)];
              return (
                <li key={keyword} className="flex items-center justify-between gap-2 text-sm">
                  <span className="min-w-0 truncate text-slate-800" title={keyword}>
                    {keyword}
                  </span>
                  <span className={cn('shrink-0 rounded-full px-2 py-0.5 text-xs font-semibold tabular-nums', style.box)} title={style.label}>
                    {density.toFixed(1)}%<span className="sr-only"> ({style.label})</span>
                  </span>
                </li>
              );
            })}
          </ul>
        )}
        <p className="mt-3 text-xs text-slate-500">Above 3% reads as stuffing; 1-3% is a good range.</p>
      </Card>
      <Card title="Suggestions">
        <ul className="flex flex-wrap gap-2">
          {SUGGESTION_SEVERITIES.map((severity) => {
            const count = suggestions.filter((s) => s.severity === severity).length;
            return (
              <li key={severity} className={cn('rounded-full px-2.5 py-0.5 text-xs font-semibold', SEVERITY_STYLES[severity].badge)}>
                {count} {SEVERITY_STYLES[severity].label.toLowerCase()}
                {count === 1 ? '' : 's'}
              </li>
            );
          })}
        </ul>
      </Card>
      <Card title="Readability" testId="editor-readability">
        {analysis.readabilityScore === null ? (
          <p className="text-sm text-slate-600">Needs at least 30 words of English prose.</p>
        ) : (
          <div className="flex items-baseline gap-2">
            <span className="text-2xl font-bold tabular-nums text-slate-900">{analysis.readabilityScore}</span>
            <span className="text-sm font-medium text-slate-700">{readabilityLabel(analysis.readabilityScore)}</span>
            <span className="ml-auto text-xs text-slate-500">Flesch reading ease</span>
          </div>
        )}
      </Card>
    </aside>
  );
}
