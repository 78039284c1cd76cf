import { REPORT_MESSAGES, type ReportListItem } from '@citable/contract';
import { useEffect } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { useReportStatus } from '../hooks/use-reports';

/** Step three: the report is built in the background; this waits for it, then hands back to the list. */
export function GeneratingPanel({ reportId, onDone, onBack }: { reportId: string; onDone: (report: ReportListItem) => void; onBack: () => void }) {
  const status = useReportStatus(reportId);
  const report = status.data;

  useEffect(() => {
    if (report?.status === 'completed') onDone(report);
  }, [report, onDone]);

  if (report?.status === 'failed' || status.isError) {
    return (
      <div className="space-y-3 rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <Alert tone="error">{report?.error ?? REPORT_MESSAGES.generateFailed}</Alert>
        <Button variant="outline" onClick={onBack}>
          Back to reports
        </Button>
      </div>
    );
  }
  return (
    <div className="flex flex-col items-center gap-3 rounded-xl border border-slate-200 bg-white p-10 text-center shadow-sm" role="status" data-testid="report-generating">
      <Spinner />
      <p className="font-semibold text-slate-900">Generating your report…</p>
      <p className="max-w-sm text-sm text-slate-600">Gathering your audits, history and benchmarks and rendering the file. It will appear in your list when it is ready.</p>
      <Button variant="ghost" onClick={onBack}>
        Back to reports
      </Button>
    </div>
  );
}
