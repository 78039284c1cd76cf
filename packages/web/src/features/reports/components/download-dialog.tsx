import { REPORT_FORMATS, REPORT_MESSAGES, type ReportFormat, type ReportListItem } from '@citable/contract';
import { useEffect, useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { checkReportView, fetchReportFile } from '../api/reports-api';
import { FORMAT_LABELS } from '../lib/format';
import { saveFile } from '../lib/save-file';

const FORMAT_HINTS: Record<ReportFormat, string> = {
  html: 'A web page to read or print',
  pdf: 'A paged document with charts',
  csv: 'One row per measure, for spreadsheets',
  json: 'The report’s data, for your own tools',
};

/** The Download Report modal (spec 002 §2.3, §4): any format of the same report, a processing flag and an error box. */
export function DownloadDialog({ report, onClose }: { report: ReportListItem | null; onClose: () => void }) {
  const [format, setFormat] = useState<ReportFormat>('pdf');
  const [processing, setProcessing] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!report) return;
    setFormat(report.format);
    setError(null);
  }, [report]);

  const download = async () => {
    if (!report) return;
    setProcessing(true);
    setError(null);
    try {
      const { blob, fileName } = await fetchReportFile(report.id, format);
      saveFile(blob, fileName);
      onClose();
    } catch {
      setError(REPORT_MESSAGES.downloadFailed);
    } finally {
      setProcessing(false);
    }
  };

  const view = async () => {
    if (!report) return;
    // Opened before the check so the browser treats it as the click's pop-up, not a blocked one.
    const tab = window.open('', '_blank');
    setProcessing(true);
    setError(null);
    try {
      const url = await checkReportView(report.id);
      if (tab) tab.location.href = url;
      else window.location.assign(url);
      onClose();
    } catch {
      tab?.close();
      setError(REPORT_MESSAGES.viewFailed);
    } finally {
      setProcessing(false);
    }
  };

  return (
    <Modal
      open={report !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title="Download Report"
      description={report ? report.name : undefined}
      testId="report-download-dialog"
      footer={
        <>
          <Button variant="outline" onClick={view} disabled={processing}>
            View as HTML
          </Button>
          <Button onClick={download} disabled={processing} data-testid="report-download-confirm">
            {processing ? 'Processing…' : `Download ${FORMAT_LABELS[format]}`}
          </Button>
        </>
      }
    >
      <fieldset className="space-y-2">
        <legend className="mb-2 text-sm font-semibold text-slate-900">Format</legend>
        {REPORT_FORMATS.map((id) => (
          <label key={id} className="flex items-center gap-3 rounded-lg border border-slate-200 p-3 has-[:checked]:border-primary-500 has-[:checked]:bg-primary-50">
            <input type="radio" name="report-format" value={id} checked={format === id} onChange={() => setFormat(id)} className="size-4 accent-primary-600" data-testid={`download-format-${id}`} />
            <span>
              <span className="block text-sm font-medium text-slate-900">{FORMAT_LABELS[id]}</span>
              <span className="block text-xs text-slate-600">{FORMAT_HINTS[id]}</span>
            </span>
          </label>
        ))}
      </fieldset>
      {error ? (
        <Alert tone="error" className="mt-4">
          {error}
        </Alert>
      ) : null}
    </Modal>
  );
}
