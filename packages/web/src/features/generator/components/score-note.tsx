import type { GeneratedContentScore } from '@citable/contract';
import { CheckCircle2, CircleAlert } from 'lucide-react';
import { cn } from '../../../lib/cn';

const KIND_LABEL: Record<GeneratedContentScore['kind'], string> = { title: 'Title length', description: 'Description length', answer: 'Answer length' };

/**
 * The engine's score of one generated text: its length against the range the audit's check
 * applies, pass or not in words. A text the tool wrote from a template has none (issue #32).
 */
export function ScoreNote({ score }: { score: GeneratedContentScore | null }) {
  if (!score) {
    return (
      <p className="text-xs text-slate-600" data-testid="generated-unrated">
        Not rated: the tool wrote this from a template, not from your pages.
      </p>
    );
  }
  const Icon = score.passed ? CheckCircle2 : CircleAlert;
  return (
    <p className={cn('flex items-start gap-1.5 text-xs', score.passed ? 'text-emerald-800' : 'text-amber-800')} data-testid="generated-score">
      <Icon aria-hidden="true" className="mt-0.5 size-3.5 shrink-0" />
      <span className="font-medium">
        {KIND_LABEL[score.kind]}: {score.length} {score.unit} (ideal {score.range.min}-{score.range.max}), {score.score}/100, {score.passed ? 'passes' : 'needs editing'}.
      </span>
    </p>
  );
}

/** Where a text came from: a page of the site and the passage it was taken from, or why it could not be grounded in one. */
export function GroundingNote({ grounded, reason, sourceUrl, sourcePassage }: { grounded: boolean; reason?: string; sourceUrl?: string | null; sourcePassage?: string | null }) {
  if (!grounded) {
    return (
      <p className="text-xs font-medium text-amber-900" data-testid="generated-ungrounded">
        Not grounded in your pages: {reason}
      </p>
    );
  }
  return sourceUrl ? (
    <div className="space-y-1 text-xs text-slate-600">
      <p>
        From{' '}
        <a href={sourceUrl} target="_blank" rel="noopener noreferrer" className="text-primary-700 underline">
          {sourceUrl}
        </a>
      </p>
      {sourcePassage ? (
        <details data-testid="generated-source-passage">
          <summary className="cursor-pointer text-slate-700">The passage it was taken from</summary>
          <blockquote className="mt-1 border-l-2 border-slate-200 pl-3 whitespace-pre-line text-slate-700">{sourcePassage}</blockquote>
        </details>
      ) : null}
    </div>
  ) : null;
}
