import type { ReactNode } from 'react';
import { Spinner } from './spinner';

interface FullScreenStatusProps {
  message: string;
  children?: ReactNode;
}

/** The spec's full-screen waits: "Initializing...", "Loading dashboard...", "Loading user data...". */
export function FullScreenStatus({ message, children }: FullScreenStatusProps) {
  return (
    <div className="fixed inset-0 z-[60] flex flex-col items-center justify-center gap-4 bg-white" role="status" aria-live="polite">
      <Spinner className="size-10 text-primary-600" />
      <p className="text-lg font-medium text-slate-700">{message}</p>
      {children}
    </div>
  );
}
