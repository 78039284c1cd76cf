import { TOAST_ENTER_MS, TOAST_EXIT_MS } from '@citable/contract';
import { CircleAlert, CircleCheck, Info, TriangleAlert, X } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { cn } from '../../lib/cn';
import type { ToastRecord, ToastType } from './toast-types';

const STYLES: Record<ToastType, { icon: typeof Info; iconClass: string; barClass: string }> = {
  success: { icon: CircleCheck, iconClass: 'text-emerald-600', barClass: 'bg-emerald-500' },
  info: { icon: Info, iconClass: 'text-primary-600', barClass: 'bg-primary-500' },
  warning: { icon: TriangleAlert, iconClass: 'text-accent-700', barClass: 'bg-accent-500' },
  error: { icon: CircleAlert, iconClass: 'text-red-600', barClass: 'bg-red-500' },
};

interface ToastItemProps {
  toast: ToastRecord;
  onRemove: (id: number) => void;
}

/** One toast: fades in after 10 ms, counts down with a progress bar, pauses while hovered or focused, leaves in 300 ms. */
export function ToastItem({ toast, onRemove }: ToastItemProps) {
  const [entered, setEntered] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const [paused, setPaused] = useState(false);
  const remaining = useRef(toast.duration);
  const startedAt = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const hovered = useRef(false);
  const focused = useRef(false);

  const close = useCallback(() => {
    clearTimeout(timer.current);
    setLeaving(true);
    setTimeout(() => onRemove(toast.id), TOAST_EXIT_MS);
  }, [onRemove, toast.id]);

  const run = useCallback(() => {
    clearTimeout(timer.current);
    startedAt.current = Date.now();
    timer.current = setTimeout(close, remaining.current);
  }, [close]);

  useEffect(() => {
    const enter = setTimeout(() => setEntered(true), TOAST_ENTER_MS);
    run();
    return () => {
      clearTimeout(enter);
      clearTimeout(timer.current);
    };
  }, [run]);

  const updatePause = () => {
    const shouldPause = hovered.current || focused.current;
    if (shouldPause === paused) return;
    if (shouldPause) {
      clearTimeout(timer.current);
      remaining.current = Math.max(0, remaining.current - (Date.now() - startedAt.current));
    } else {
      run();
    }
    setPaused(shouldPause);
  };

  const style = STYLES[toast.type];
  const Icon = style.icon;
  const urgent = toast.type === 'error' || toast.type === 'warning';

  return (
    <div
      role={urgent ? 'alert' : 'status'}
      aria-live={urgent ? 'assertive' : 'polite'}
      aria-atomic="true"
      data-testid={`toast-${toast.type}`}
      onMouseEnter={() => {
        hovered.current = true;
        updatePause();
      }}
      onMouseLeave={() => {
        hovered.current = false;
        updatePause();
      }}
      onFocus={() => {
        focused.current = true;
        updatePause();
      }}
      onBlur={(event) => {
        if (event.currentTarget.contains(event.relatedTarget as Node | null)) return;
        focused.current = false;
        updatePause();
      }}
      className={cn(
        'pointer-events-auto relative w-full overflow-hidden rounded-xl border border-slate-200 bg-white shadow-lg shadow-slate-900/10 transition-all duration-300 ease-out',
        entered && !leaving ? 'translate-y-0 opacity-100' : 'translate-y-2 opacity-0',
      )}
    >
      <div className="flex items-start gap-3 p-4 pr-11">
        <Icon aria-hidden="true" className={cn('mt-0.5 size-5 shrink-0', style.iconClass)} />
        <div className="min-w-0">
          <p className="font-semibold text-slate-900">{toast.title}</p>
          {toast.message ? <p className="mt-1 text-sm text-slate-600">{toast.message}</p> : null}
        </div>
      </div>
      <button
        type="button"
        onClick={close}
        aria-label={`Dismiss notification: ${toast.title}`}
        className="absolute top-3 right-3 rounded-md p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-800"
      >
        <X aria-hidden="true" className="size-4" />
      </button>
      <div
        aria-hidden="true"
        className={cn('animate-toast-progress absolute bottom-0 left-0 h-1 w-full origin-left', style.barClass)}
        style={{ animationDuration: `${toast.duration}ms`, animationPlayState: paused ? 'paused' : 'running' }}
      />
    </div>
  );
}
