import { diffWords } from '@citable/engine';
import { useMemo } from 'react';

/**
 * A word-level diff of the original and the rewrite. Insertions and deletions are told apart by
 * more than colour: <ins>/<del> (announced by screen readers), a strike-through or underline,
 * and a visually hidden "added"/"removed" label at each edge.
 */
export function DiffView({ before, after, compact = false }: { before: string; after: string; /** One edit's diff: no legend, no scroll box. */ compact?: boolean }) {
  const parts = useMemo(() => diffWords(before, after), [before, after]);
  const added = parts.filter((p) => p.type === 'added').length;
  const removed = parts.filter((p) => p.type === 'removed').length;
  const box = compact
    ? 'rounded-md bg-slate-50 px-3 py-2 text-xs leading-relaxed break-words whitespace-pre-wrap text-slate-800 ring-1 ring-slate-200'
    : 'max-h-[32rem] overflow-auto rounded-lg bg-slate-50 p-4 font-mono text-xs leading-relaxed break-words whitespace-pre-wrap text-slate-800 ring-1 ring-slate-200';
  return (
    <div className="space-y-2">
      <p className={compact ? 'sr-only' : 'flex flex-wrap gap-4 text-xs text-slate-600'} aria-hidden="true">
        <span>
          <ins className="bg-emerald-100 px-1 text-emerald-900 underline decoration-2">inserted</ins> {added} insertion{added === 1 ? '' : 's'}
        </span>
        <span>
          <del className="bg-red-100 px-1 text-red-900 line-through decoration-2">deleted</del> {removed} deletion{removed === 1 ? '' : 's'}
        </span>
      </p>
      <div className={box} data-testid={compact ? 'optimizer-edit-diff' : 'optimizer-diff'}>
        {parts.map((part, index) =>
          part.type === 'same' ? (
            <span key={index}>{part.text}</span>
          ) : part.type === 'added' ? (
            <ins key={index} className="bg-emerald-100 text-emerald-900 underline decoration-emerald-600 decoration-2">
              <span className="sr-only">[added: </span>
              {part.text}
              <span className="sr-only">]</span>
            </ins>
          ) : (
            <del key={index} className="bg-red-100 text-red-900 line-through decoration-red-600 decoration-2">
              <span className="sr-only">[removed: </span>
              {part.text}
              <span className="sr-only">]</span>
            </del>
          ),
        )}
      </div>
    </div>
  );
}
