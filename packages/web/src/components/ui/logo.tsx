import { cn } from '../../lib/cn';

/**
 * The Citable mark and word; decorative mark, the word is the accessible text. `markOnly` keeps
 * the word for screen readers only, where a phone's header has no room for it.
 */
export function Logo({ className, markOnly = false }: { className?: string; markOnly?: boolean }) {
  return (
    <span className={cn('inline-flex items-center gap-2 text-lg font-bold tracking-tight text-slate-900', className)}>
      <svg aria-hidden="true" viewBox="0 0 32 32" className="size-8 shrink-0">
        <rect width="32" height="32" rx="8" fill="#7C3AED" />
        <path d="M21.5 11.2a7 7 0 1 0 0 9.6" fill="none" stroke="#fff" strokeWidth="3.2" strokeLinecap="round" />
        <circle cx="23" cy="16" r="2.2" fill="#F59E0B" />
      </svg>
      <span className={markOnly ? 'sr-only' : undefined}>Citable</span>
    </span>
  );
}
