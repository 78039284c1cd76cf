import { TriangleAlert } from 'lucide-react';
import { Button } from '../components/ui/button';

/** Startup failure screen of spec 000 §2. */
export function AppErrorFallback() {
  return (
    <main className="flex min-h-dvh items-center justify-center bg-slate-50 px-4">
      <div role="alert" className="w-full max-w-md rounded-2xl bg-white p-8 text-center shadow-lg ring-1 ring-slate-200">
        <TriangleAlert aria-hidden="true" className="mx-auto size-12 text-accent-600" />
        <h1 className="mt-4 text-2xl font-bold text-slate-900">Application Error</h1>
        <p className="mt-3 text-slate-600">
          Citable could not start. This is usually caused by an outdated or unsupported browser, or by a network problem. Check your connection, make sure your browser is up to date, and try again.
        </p>
        <Button className="mt-6" onClick={() => window.location.reload()}>
          Reload Application
        </Button>
      </div>
    </main>
  );
}
