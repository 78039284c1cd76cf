import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ErrorBoundary } from '../components/error-boundary';
import { ToastProvider } from '../components/toast/toast-provider';
import { UiStateProvider } from '../stores/ui-state';
import { AppErrorFallback } from './app-error-fallback';

export function AppProvider({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <ErrorBoundary fallback={<AppErrorFallback />}>
      <QueryClientProvider client={queryClient}>
        <ToastProvider>
          <UiStateProvider>{children}</UiStateProvider>
        </ToastProvider>
      </QueryClientProvider>
    </ErrorBoundary>
  );
}
