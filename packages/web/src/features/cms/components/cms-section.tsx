import { canUse, CMS_CATALOGUE, CMS_NAMES, CMS_REQUIRED_PLAN, CMS_MESSAGES, isConnectableCms, UNSUPPORTED_CMS, type CmsCatalogueEntry, type CmsIntegration, type ConnectableCmsType, type Profile } from '@citable/contract';
import { Plug } from 'lucide-react';
import { useState } from 'react';
import { useToast } from '../../../components/toast/use-toast';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { useUiState } from '../../../stores/ui-state';
import { bareAction, type CmsAction } from '../api/cms-api';
import { useCmsAction, useDeleteIntegration, useIntegrations } from '../hooks/use-cms';
import { cardState, CmsCard } from './cms-card';
import { ConnectModal } from './connect-modal';
import { ConnectedList } from './connected-list';
import { DetailsModal } from './details-modal';
import { DisconnectDialog } from './disconnect-dialog';
import { PublishModal } from './publish-modal';

type ConnectableEntry = CmsCatalogueEntry & { cms_type: ConnectableCmsType };

/** CMS Integrations (spec 002 §2.6, §4, §8): connected list, catalogue, details, connect, sync, disconnect. */
export function CmsSection({ profile }: { profile: Profile }) {
  const integrations = useIntegrations();
  const action = useCmsAction();
  const remove = useDeleteIntegration();
  const toast = useToast();
  const { openBilling } = useUiState();
  const [details, setDetails] = useState<CmsCatalogueEntry | null>(null);
  const [connecting, setConnecting] = useState<ConnectableEntry | null>(null);
  const [disconnecting, setDisconnecting] = useState<CmsIntegration | null>(null);
  const [syncing, setSyncing] = useState<string | null>(null);
  const [publishing, setPublishing] = useState<CmsIntegration | null>(null);
  const [expanded, setExpanded] = useState<string | null>(null);

  const connected = integrations.data?.integrations ?? [];
  const byType = (entry: CmsCatalogueEntry) => connected.find((integration) => integration.cms_type === entry.cms_type);
  const stateOf = (entry: CmsCatalogueEntry) => cardState(entry, byType(entry), canUse(profile.plan, { cms: entry.cms_type }));

  const openConnect = (entry: CmsCatalogueEntry) => {
    setDetails(null);
    if (isConnectableCms(entry.cms_type)) setConnecting(entry as ConnectableEntry);
  };

  const sync = async (integration: CmsIntegration) => {
    setSyncing(integration.id);
    try {
      if (!isConnectableCms(integration.cms_type)) return;
      await action.mutateAsync(bareAction(integration.cms_type, 'sync'));
      toast.show({ type: 'success', title: CMS_MESSAGES.syncSucceeded, message: `${integration.cms_name} content is ready to audit.` });
      setExpanded(integration.id);
    } catch (error) {
      toast.show({ type: 'error', title: CMS_MESSAGES.syncFailed, message: errorMessage(error) });
    } finally {
      setSyncing(null);
    }
  };

  const disconnect = () => {
    if (!disconnecting) return;
    remove.mutate(disconnecting.id, {
      onError: () => toast.show({ type: 'error', title: CMS_MESSAGES.disconnectFailed, message: disconnecting.site_url }),
      onSettled: () => setDisconnecting(null),
    });
  };

  return (
    <div className="space-y-8" data-testid="cms-section">
      <header>
        <h2 className="flex items-center gap-2 text-2xl font-semibold text-slate-900">
          <Plug aria-hidden="true" className="size-6 text-primary-600" /> CMS Integrations
        </h2>
        <p className="mt-1 text-slate-600">Connect your CMS to publish optimized content and schema, and to audit your posts and products where they live.</p>
      </header>

      {integrations.isPending ? (
        <Spinner className="size-6" />
      ) : integrations.isError ? (
        <div className="space-y-3">
          <Alert tone="error">{errorMessage(integrations.error)}</Alert>
          <Button variant="outline" onClick={() => void integrations.refetch()}>
            Try Again
          </Button>
        </div>
      ) : connected.length > 0 ? (
        <section aria-labelledby="cms-connected-heading" className="space-y-3">
          <h3 id="cms-connected-heading" className="text-lg font-semibold text-slate-900">
            Connected
          </h3>
          <ConnectedList integrations={connected} syncing={syncing} onSync={sync} onDisconnect={setDisconnecting} onPublish={setPublishing} expanded={expanded} onToggle={setExpanded} />
        </section>
      ) : null}

      <section aria-labelledby="cms-catalogue-heading" className="space-y-3">
        <h3 id="cms-catalogue-heading" className="text-lg font-semibold text-slate-900">
          All integrations
        </h3>
        <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {CMS_CATALOGUE.map((entry) => (
            <CmsCard key={entry.cms_type} entry={entry} state={stateOf(entry)} onDetails={() => setDetails(entry)} onConnect={() => openConnect(entry)} onUpgrade={() => openBilling({ plan: CMS_REQUIRED_PLAN[entry.cms_type], feature: `${CMS_NAMES[entry.cms_type]} integration` })} />
          ))}
        </ul>
      </section>

      <section aria-labelledby="cms-unsupported-heading" className="space-y-2" data-testid="cms-unsupported">
        <h3 id="cms-unsupported-heading" className="text-lg font-semibold text-slate-900">
          Not possible
        </h3>
        <ul className="space-y-2">
          {UNSUPPORTED_CMS.map((platform) => (
            <li key={platform.id} className="rounded-xl border border-slate-200 bg-slate-50 p-4 text-sm text-slate-700">
              <span className="font-semibold text-slate-900">{platform.name}:</span> {platform.reason} {platform.instead}
            </li>
          ))}
        </ul>
      </section>

      <DetailsModal entry={details} state={details ? stateOf(details) : 'coming_soon'} onClose={() => setDetails(null)} onConnect={() => details && openConnect(details)} />
      <ConnectModal entry={connecting} onClose={() => setConnecting(null)} onConnect={(request: CmsAction) => action.mutateAsync(request)} />
      <PublishModal integration={publishing} onClose={() => setPublishing(null)} onPublish={(request: CmsAction) => action.mutateAsync(request)} />
      <DisconnectDialog integration={disconnecting} busy={remove.isPending} onConfirm={disconnect} onClose={() => setDisconnecting(null)} />
    </div>
  );
}
