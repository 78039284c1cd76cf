import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import type { ApiKey } from '../api/api-keys';

const date = (iso: string) => new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });

/** One key: name, prefix, dates, and a revoke that asks for confirmation first. */
export function ApiKeyRow({ apiKey, revoking, onRevoke }: { apiKey: ApiKey; revoking: boolean; onRevoke: () => void }) {
  const [confirming, setConfirming] = useState(false);
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3" data-testid="api-key-row">
      <div className="min-w-0">
        <p className="font-medium text-slate-900">{apiKey.name}</p>
        <p className="text-xs text-slate-600">
          <code className="font-mono">{apiKey.prefix}...</code> · Created {date(apiKey.created_at)} · {apiKey.last_used_at ? `Last used ${date(apiKey.last_used_at)}` : 'Never used'}
        </p>
      </div>
      {confirming ? (
        <div className="flex items-center gap-2">
          <span className="text-sm text-slate-700">Revoke this key? Apps using it stop working.</span>
          <Button size="sm" variant="danger" onClick={onRevoke} disabled={revoking}>
            Revoke
          </Button>
          <Button size="sm" variant="ghost" onClick={() => setConfirming(false)} disabled={revoking}>
            Cancel
          </Button>
        </div>
      ) : (
        <Button size="sm" variant="outline" onClick={() => setConfirming(true)}>
          Revoke
        </Button>
      )}
    </li>
  );
}
