import type { WorkspaceSummary } from '@citable/contract';
import { useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { errorMessage } from '../../../lib/api-client';
import { useUpdateWorkspace } from '../hooks/use-team';

/** The owner's switch that makes two-factor sign-in a condition of access for every member. */
export function TwoFactorRequirement({ workspace }: { workspace: WorkspaceSummary }) {
  const update = useUpdateWorkspace(workspace.id);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);

  const toggle = (requireTwoFactor: boolean) => {
    setError(null);
    setSaved(null);
    update.mutate(
      { requireTwoFactor },
      {
        onSuccess: () => setSaved(requireTwoFactor ? 'Every member now needs two-factor sign-in to open the workspace.' : 'Two-factor sign-in is no longer required.'),
        onError: (failure) => setError(errorMessage(failure)),
      },
    );
  };

  return (
    <div className="space-y-2 rounded-lg border border-slate-200 p-4">
      <label className="flex items-start gap-3">
        <input
          type="checkbox"
          role="switch"
          className="mt-0.5 size-4 accent-primary-600"
          checked={workspace.requireTwoFactor}
          disabled={update.isPending}
          onChange={(event) => toggle(event.target.checked)}
          data-testid="require-two-factor"
        />
        <span>
          <span className="block text-sm font-medium text-slate-900">Require two-factor sign-in for every member</span>
          <span className="block text-xs text-slate-600">Members without it are refused until they turn it on in Settings → Security. Turn it on for yourself first.</span>
        </span>
      </label>
      {error ? (
        <Alert tone="error" testId="require-two-factor-error">
          {error}
        </Alert>
      ) : null}
      {saved ? <Alert tone="success">{saved}</Alert> : null}
    </div>
  );
}
