import type { ReportListItem } from '@citable/contract';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';

/** The confirmation spec 002 §5 asks for before a report is deleted. */
export function DeleteDialog({ report, deleting, onConfirm, onClose }: { report: ReportListItem | null; deleting: boolean; onConfirm: () => void; onClose: () => void }) {
  return (
    <Modal
      open={report !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title="Delete report?"
      description={report ? `“${report.name}” and its file will be removed. This cannot be undone.` : undefined}
      testId="report-delete-dialog"
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={deleting} data-autofocus>
            Cancel
          </Button>
          <Button variant="danger" onClick={onConfirm} disabled={deleting} data-testid="report-delete-confirm">
            {deleting ? 'Deleting…' : 'Delete'}
          </Button>
        </>
      }
    >
      <p className="text-sm text-slate-700">Anyone you sent a downloaded copy to keeps theirs; the report disappears from this list.</p>
    </Modal>
  );
}
