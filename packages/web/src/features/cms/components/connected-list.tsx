import type { CmsIntegration } from '@citable/contract';
import { RefreshCw, Send, Unplug } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { SyncedItems } from './synced-items';

interface ConnectedListProps {
  integrations: CmsIntegration[];
  syncing: string | null;
  onSync: (integration: CmsIntegration) => void;
  onDisconnect: (integration: CmsIntegration) => void;
  onPublish: (integration: CmsIntegration) => void;
  /** The integration whose synced content is shown (one at a time). */
  expanded: string | null;
  onToggle: (id: string | null) => void;
}

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export function ConnectedList({ integrations, syncing, onSync, onDisconnect, onPublish, expanded: open, onToggle: setOpen }: ConnectedListProps) {
  return (
    <ul className="space-y-3" aria-label="Connected integrations" data-testid="cms-connected-list">
      {integrations.map((integration) => (
        <li key={integration.id} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm" data-testid={`cms-connected-${integration.cms_type}`}>
          <div className="flex flex-wrap items-center gap-3">
            {/* On a phone the address takes the whole first row, so it is not cut down to a few letters beside the buttons. */}
            <div className="min-w-0 flex-1 basis-full sm:basis-0">
              <p className="font-semibold text-slate-900">{integration.cms_name}</p>
              <p className="truncate text-sm text-slate-600">{integration.site_url}</p>
              <p className="text-xs text-slate-500" data-testid="cms-last-sync">
                {integration.last_sync_at ? `Last synced ${dateFormat.format(new Date(integration.last_sync_at))}` : 'Not synced yet'}
              </p>
            </div>
            <Button size="sm" variant="outline" onClick={() => setOpen(open === integration.id ? null : integration.id)} aria-expanded={open === integration.id}>
              {open === integration.id ? 'Hide content' : 'Content'}
            </Button>
            <Button size="sm" variant="outline" onClick={() => onPublish(integration)} data-testid={`cms-publish-${integration.cms_type}`}>
              <Send aria-hidden="true" className="size-4" /> Publish
            </Button>
            <Button size="sm" onClick={() => onSync(integration)} disabled={syncing !== null} data-testid={`cms-sync-${integration.cms_type}`}>
              <RefreshCw aria-hidden="true" className={`size-4 ${syncing === integration.id ? 'animate-spin' : ''}`} />
              {syncing === integration.id ? 'Syncing…' : 'Sync'}
            </Button>
            <Button size="sm" variant="ghost" onClick={() => onDisconnect(integration)} data-testid={`cms-disconnect-${integration.cms_type}`}>
              <Unplug aria-hidden="true" className="size-4" /> Disconnect
            </Button>
          </div>
          {open === integration.id ? (
            <div className="mt-4">
              <SyncedItems integrationId={integration.id} />
            </div>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
