import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';

/** Deleting a client deletes all of its data; this confirmation says so before anything happens. */
export function DeleteClientDialog({ name, deleting, onConfirm, onClose }: { name: string | null; deleting: boolean; onConfirm: () => void; onClose: () => void }) {
  return (
    <Modal
      open={name !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={name ? `Delete ${name}?` : 'Delete client?'}
      description="Its websites, audits, alerts, reports, share links, schedules, integrations and branding are deleted with it. This cannot be undone."
      testId="delete-client-dialog"
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={deleting} data-autofocus>
            Cancel
          </Button>
          <Button variant="danger" onClick={onConfirm} disabled={deleting} data-testid="delete-client-confirm">
            {deleting ? 'Deleting…' : 'Delete client'}
          </Button>
        </>
      }
    >
      <p className="text-sm text-slate-700">Members who were shared only this client keep their accounts but no longer see it.</p>
    </Modal>
  );
}
