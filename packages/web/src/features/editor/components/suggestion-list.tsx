import type { RealtimeSuggestion } from '@citable/contract';
import { ArrowRight, TextCursorInput, Wand2 } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { SEVERITY_STYLES } from '../lib/tones';

interface SuggestionListProps {
  suggestions: RealtimeSuggestion[];
  onApply: (id: string) => void;
  onLocate: (suggestion: RealtimeSuggestion) => void;
}

/** Quotes longer than this are cut in the list; "Show in text" selects the whole range. */
const QUOTE_MAX = 160;
const quote = (text: string) => (text.length > QUOTE_MAX ? `${text.slice(0, QUOTE_MAX - 1)}…` : text);

/** The inline suggestions, in text order, each with its range, message and fix (spec 002 §3). */
export function SuggestionList({ suggestions, onApply, onLocate }: SuggestionListProps) {
  if (suggestions.length === 0) return null;
  return (
    <section aria-labelledby="editor-suggestions-title" className="space-y-3">
      <h3 id="editor-suggestions-title" className="text-base font-semibold text-slate-900">
        Inline suggestions <span className="font-normal text-slate-500">({suggestions.length})</span>
      </h3>
      <ul className="space-y-3" data-testid="editor-suggestions">
        {suggestions.map((s) => {
          const style = SEVERITY_STYLES[s.severity];
          return (
            <li key={s.id} className={cn('rounded-lg border border-l-4 border-slate-200 bg-white p-4 shadow-sm', style.border)} data-testid="editor-suggestion" data-kind={s.kind}>
              <div className="flex flex-wrap items-center gap-2">
                <span className={cn('rounded-full px-2 py-0.5 text-xs font-semibold', style.badge)}>{style.label}</span>
                <p className="min-w-0 flex-1 text-sm font-medium text-slate-900">{s.message}</p>
              </div>
              {s.original.trim() ? <blockquote className="mt-2 border-l-2 border-slate-200 pl-3 text-sm text-slate-600 italic">{quote(s.original)}</blockquote> : null}
              <p className="mt-2 text-sm text-slate-700">{s.suggestion}</p>
              {s.replacement !== null ? (
                <p className="mt-2 flex gap-2 text-sm text-emerald-800">
                  <ArrowRight aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
                  <span className="min-w-0 whitespace-pre-wrap">{s.replacement.trim() === '' ? 'Apply fix removes the quoted words.' : quote(s.replacement)}</span>
                </p>
              ) : null}
              <div className="mt-3 flex flex-wrap gap-2">
                {s.replacement !== null ? (
                  <Button size="sm" onClick={() => onApply(s.id)} data-testid="editor-apply-fix">
                    <Wand2 aria-hidden="true" className="size-4" /> Apply fix
                  </Button>
                ) : null}
                <Button size="sm" variant="outline" onClick={() => onLocate(s)}>
                  <TextCursorInput aria-hidden="true" className="size-4" /> Show in text
                </Button>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
