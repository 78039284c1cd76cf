import type { CmsIntegration } from '@citable/contract';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';

/** The confirmation spec 002 §5 asks for before an integration is disconnected. */
export function DisconnectDialog({ integration, busy, onConfirm, onClose }: { integration: CmsIntegration | null; busy: boolean; onConfirm: () => void; onClose: () => void }) {
  return (
    <Modal
      open={integration !== null}
      onOpenChange={(open) => (open || busy ? undefined : onClose())}
      title={integration ? `Disconnect ${integration.cms_name}?` : ''}
      description={integration ? `Citable deletes the stored credentials for ${integration.site_url} and the items it synced.` : undefined}
      testId="cms-disconnect-dialog"
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={busy} data-autofocus>
            Cancel
          </Button>
          <Button variant="danger" onClick={onConfirm} disabled={busy} data-testid="cms-disconnect-confirm">
            {busy ? 'Disconnecting…' : 'Disconnect'}
          </Button>
        </>
      }
    >
      <p className="text-sm text-slate-700">Posts and products on your site stay as they are. To stop the old credentials working, also revoke them in your CMS.</p>
    </Modal>
  );
}
