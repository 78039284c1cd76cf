import type { ContentOptimizerResult } from '@citable/contract';
import { Check, X } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { scoreTone } from '../lib/tones';

interface OptimizedPanelProps {
  result: ContentOptimizerResult;
  onUse: () => void;
  onClose: () => void;
}

/** The optimizer's version beside the measured scores, adoptable with Use This Version (spec 002 §4). */
export function OptimizedPanel({ result, onUse, onClose }: OptimizedPanelProps) {
  const gain = Math.round(result.improvement);
  return (
    <section aria-labelledby="editor-optimized-title" className="rounded-xl border border-primary-200 bg-primary-50/40 p-5" data-testid="editor-optimized">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h3 id="editor-optimized-title" className="text-base font-semibold text-slate-900">
            Optimized version
          </h3>
          <p className="mt-1 text-sm text-slate-600">
            Score <span className={cn('font-semibold', scoreTone(result.originalScore))}>{Math.round(result.originalScore)}</span> →{' '}
            <span className={cn('font-semibold', scoreTone(result.optimizedScore))}>{Math.round(result.optimizedScore)}</span> ({gain >= 0 ? `+${gain}` : gain} points) · Source: {result.source}
          </p>
        </div>
        <Button variant="ghost" size="icon" onClick={onClose} aria-label="Close the optimized version">
          <X aria-hidden="true" className="size-5" />
        </Button>
      </div>
      {result.changes.length > 0 ? (
        <ul className="mt-3 list-disc space-y-1 pl-5 text-sm text-slate-700">
          {result.changes.map((change, index) => (
            <li key={index}>{change.description}</li>
          ))}
        </ul>
      ) : null}
      <pre className="mt-4 max-h-96 overflow-auto rounded-lg border border-slate-200 bg-white p-4 text-sm whitespace-pre-wrap text-slate-800">{result.optimizedContent}</pre>
      {result.placeholders.length > 0 ? <p className="mt-2 text-xs text-slate-600">Fill the markers before publishing: {result.placeholders.join(', ')}.</p> : null}
      <div className="mt-4 flex gap-3">
        <Button onClick={onUse} data-testid="editor-use-version">
          <Check aria-hidden="true" className="size-4" /> Use This Version
        </Button>
        <Button variant="outline" onClick={onClose}>
          Keep mine
        </Button>
      </div>
    </section>
  );
}
