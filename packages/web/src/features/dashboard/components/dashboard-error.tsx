import { useQueryClient } from '@tanstack/react-query';
import { TriangleAlert } from 'lucide-react';
import { Button } from '../../../components/ui/button';

/** Dashboard crash panel (spec 002 §2.1): Reload Dashboard clears cached data and reloads. */
export function DashboardError() {
  const queryClient = useQueryClient();
  return (
    <div role="alert" className="mx-auto my-16 max-w-md rounded-2xl bg-white p-8 text-center shadow-sm ring-1 ring-slate-200">
      <TriangleAlert aria-hidden="true" className="mx-auto size-10 text-accent-600" />
      <h2 className="mt-4 text-xl font-bold text-slate-900">Dashboard Error</h2>
      <p className="mt-2 text-slate-600">Something went wrong while showing your dashboard. Reloading usually fixes it.</p>
      <Button
        className="mt-6"
        onClick={() => {
          queryClient.clear();
          window.location.reload();
        }}
      >
        Reload Dashboard
      </Button>
    </div>
  );
}
