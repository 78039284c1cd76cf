import type { AuditFunctionResponse, CmsSyncedItem } from '@citable/contract';
import { ExternalLink } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { useAuditItem, useSyncedItems } from '../hooks/use-cms';

function scoreClass(score: number): string {
  if (score >= 80) return 'bg-emerald-100 text-emerald-800';
  if (score >= 60) return 'bg-amber-100 text-amber-800';
  return 'bg-red-100 text-red-800';
}

/** The posts or products a sync read, each with an Audit action on its stored HTML. */
export function SyncedItems({ integrationId }: { integrationId: string }) {
  const items = useSyncedItems(integrationId, true);
  const audit = useAuditItem();
  const [results, setResults] = useState<Record<string, AuditFunctionResponse | { error: string }>>({});
  const [running, setRunning] = useState<string | null>(null);

  const run = async (item: CmsSyncedItem) => {
    setRunning(item.id);
    try {
      const result = await audit.mutateAsync(item.id);
      setResults((current) => ({ ...current, [item.id]: result }));
    } catch (error) {
      setResults((current) => ({ ...current, [item.id]: { error: errorMessage(error) } }));
    } finally {
      setRunning(null);
    }
  };

  if (items.isPending) return <Spinner className="size-5" />;
  if (items.isError) return <p className="text-sm text-red-700">{errorMessage(items.error)}</p>;
  if (items.data.items.length === 0) return <p className="text-sm text-slate-600">Nothing synced yet. Sync to read your content into Citable.</p>;

  return (
    <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200" data-testid="cms-synced-items">
      {items.data.items.map((item) => {
        const result = results[item.id];
        return (
          <li key={item.id} className="flex flex-wrap items-center gap-3 px-4 py-3">
            <div className="min-w-0 flex-1">
              <p className="truncate font-medium text-slate-900">{item.title}</p>
              <p className="text-xs break-all text-slate-500">
                <span className="capitalize">{item.kind}</span> #{item.external_id}
                {item.url ? (
                  <a href={item.url} target="_blank" rel="noreferrer" className="ml-2 inline-flex items-center gap-1 text-primary-700 normal-case hover:underline">
                    View <ExternalLink aria-hidden="true" className="size-3" />
                    <span className="sr-only">(opens in a new tab)</span>
                  </a>
                ) : null}
              </p>
            </div>
            {result && 'overallScore' in result ? (
              <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${scoreClass(result.overallScore)}`} data-testid="cms-item-score">
                {result.overallScore}/100 · {result.recommendations.length} recommendations
              </span>
            ) : result ? (
              <span className="text-xs text-red-700">{result.error}</span>
            ) : null}
            <Button size="sm" variant="outline" onClick={() => run(item)} disabled={running !== null} aria-label={`Audit ${item.title}`}>
              {running === item.id ? 'Auditing…' : 'Audit'}
            </Button>
          </li>
        );
      })}
    </ul>
  );
}
