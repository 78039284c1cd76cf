import { TOAST_DEFAULT_MS } from '@citable/contract';
import { useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { ToastContext } from './toast-context';
import { ToastItem } from './toast-item';
import type { ToastApi, ToastInput, ToastRecord } from './toast-types';

export function sameToast(a: ToastInput, b: ToastInput): boolean {
  return a.title === b.title && (a.message ?? '') === (b.message ?? '');
}

/** The app's single toast stack (spec 000 §3, 002 §4). */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<ToastRecord[]>([]);
  const nextId = useRef(1);

  const dismiss = useCallback((id: number) => {
    setToasts((current) => current.filter((toast) => toast.id !== id));
  }, []);

  // The same notice twice (a button pressed again, an effect run twice) replaces the one on screen,
  // with its time restarted, rather than stacking a copy under it.
  const show = useCallback((input: ToastInput) => {
    const id = nextId.current++;
    setToasts((current) => [...current.filter((toast) => !sameToast(toast, input)), { ...input, id, duration: input.duration ?? TOAST_DEFAULT_MS }]);
    return id;
  }, []);

  const api = useMemo<ToastApi>(() => ({ show, dismiss }), [show, dismiss]);

  return (
    <ToastContext.Provider value={api}>
      {children}
      <section
        aria-label="Notifications"
        className="pointer-events-none fixed top-4 right-4 left-4 z-[100] flex flex-col items-end gap-3 sm:left-auto sm:w-96"
      >
        {toasts.map((toast) => (
          <ToastItem key={toast.id} toast={toast} onRemove={dismiss} />
        ))}
      </section>
    </ToastContext.Provider>
  );
}
