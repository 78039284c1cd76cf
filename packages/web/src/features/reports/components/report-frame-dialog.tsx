import { REPORT_MESSAGES, type ReportListItem } from '@citable/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert } from '../../../components/ui/alert';
import { Modal } from '../../../components/ui/modal';
import { Spinner } from '../../../components/ui/spinner';
import { fetchReportFile } from '../api/reports-api';

/**
 * The HTML report of an agency client, viewed in the page: a new tab cannot carry the client
 * scope header, so the file is fetched with it and shown in a sandboxed frame (no script, an
 * opaque origin), which keeps what the viewer's own Content-Security-Policy guarantees.
 */
export function ReportFrameDialog({ report, onClose }: { report: ReportListItem | null; onClose: () => void }) {
  const file = useQuery({
    queryKey: ['reports', report?.id ?? 'none', 'html'],
    queryFn: async () => (await fetchReportFile(report!.id, 'html')).blob.text(),
    enabled: report !== null,
    staleTime: Infinity,
  });
  return (
    <Modal open={report !== null} onOpenChange={(open) => (open ? undefined : onClose())} title={report?.name ?? 'Report'} className="max-w-5xl" testId="report-frame-dialog">
      {file.isPending ? (
        <div className="flex justify-center p-10" role="status" aria-label="Loading the report">
          <Spinner className="size-6" />
        </div>
      ) : file.isError ? (
        <Alert tone="error">{REPORT_MESSAGES.viewFailedReason(file.error instanceof Error ? file.error.message : undefined)}</Alert>
      ) : (
        <iframe title={report?.name ?? 'Report'} sandbox="" srcDoc={file.data} className="h-[70dvh] w-full rounded-lg border border-slate-200 bg-white" />
      )}
    </Modal>
  );
}
