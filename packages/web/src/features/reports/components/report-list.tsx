import { REPORT_MESSAGES, type ReportListItem } from '@citable/contract';
import { Download, Eye, FileBarChart, Link2, RefreshCw, Trash2 } from 'lucide-react';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { FORMAT_LABELS, isPending, reportDate, templateName } from '../lib/format';
import { ScrollRegion } from '../../../components/ui/scroll-region';

interface ReportListProps {
  reports: ReportListItem[] | undefined;
  loading: boolean;
  failed: boolean;
  refreshing: boolean;
  onRefresh: () => void;
  onDownload: (report: ReportListItem) => void;
  onView: (report: ReportListItem) => void;
  /** Absent for a read-only role: the row has no Delete. */
  onDelete?: (report: ReportListItem) => void;
  /** Read-only share links (issue #11); left out where sharing is not offered. */
  onShare?: (report: ReportListItem) => void;
  /** Absent for a read-only role: the empty state says why instead of offering Generate. */
  onGenerate?: () => void;
  /** Why this viewer cannot generate, delete or share (a read-only role). */
  readOnlyReason?: string | null;
}

function Status({ report }: { report: ReportListItem }) {
  if (isPending(report)) return <Badge tone="primary">Generating…</Badge>;
  if (report.status === 'failed') return <Badge className="bg-red-100 text-red-800">Failed</Badge>;
  return null;
}

/** The reports table of spec 002 §2.3 with its loading, error and empty states. */
export function ReportList({ reports, loading, failed, refreshing, onRefresh, onDownload, onView, onDelete, onShare, onGenerate, readOnlyReason }: ReportListProps) {
  return (
    <section className="rounded-xl border border-slate-200 bg-white shadow-sm" aria-labelledby="reports-list-title">
      <div className="flex items-center justify-between gap-3 border-b border-slate-200 px-5 py-3">
        <h3 id="reports-list-title" className="font-semibold text-slate-900">
          Your reports
        </h3>
        <Button variant="ghost" size="sm" onClick={onRefresh} disabled={refreshing} data-testid="reports-refresh">
          <RefreshCw aria-hidden="true" className={refreshing ? 'size-4 animate-spin' : 'size-4'} /> Refresh
        </Button>
      </div>
      {loading ? (
        <div className="flex justify-center p-10">
          <Spinner />
        </div>
      ) : failed ? (
        <div className="space-y-3 p-5">
          <Alert tone="error">{REPORT_MESSAGES.loadFailed}</Alert>
          <Button variant="outline" onClick={onRefresh}>
            Try Again
          </Button>
        </div>
      ) : !reports || reports.length === 0 ? (
        <div className="flex flex-col items-center gap-3 px-5 py-12 text-center" data-testid="reports-empty">
          <FileBarChart aria-hidden="true" className="size-10 text-slate-400" />
          <p className="text-lg font-semibold text-slate-900">{REPORT_MESSAGES.empty}</p>
          <p className="max-w-sm text-sm text-slate-600">Generate a report from your audits to share scores, issues, progress and benchmarks.</p>
          {onGenerate ? <Button onClick={onGenerate}>Generate Report</Button> : readOnlyReason ? <p className="text-sm text-slate-600">{readOnlyReason}</p> : null}
        </div>
      ) : (
        <ScrollRegion label="Reports">
          <table className="w-full text-left text-sm" data-testid="reports-table">
            <thead className="bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase">
              <tr>
                <th scope="col" className="px-5 py-2.5">Report</th>
                <th scope="col" className="px-3 py-2.5">Type</th>
                <th scope="col" className="px-3 py-2.5">Format</th>
                <th scope="col" className="px-3 py-2.5">Date</th>
                <th scope="col" className="px-5 py-2.5 text-right">Actions</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {reports.map((report) => {
                const ready = report.status === 'completed';
                return (
                  <tr key={report.id} data-testid="report-row">
                    <td className="px-5 py-3">
                      <div className="font-medium text-slate-900">{report.name}</div>
                      <div className="flex items-center gap-2 text-xs text-slate-500">
                        <span className="font-mono">{report.id.slice(0, 8)}</span>
                        <Status report={report} />
                      </div>
                      {report.status === 'failed' && report.error ? <div className="mt-1 text-xs text-red-700">{report.error}</div> : null}
                    </td>
                    <td className="px-3 py-3 text-slate-700">{templateName(report.type)}</td>
                    <td className="px-3 py-3">
                      <Badge>{FORMAT_LABELS[report.format]}</Badge>
                    </td>
                    <td className="px-3 py-3 whitespace-nowrap text-slate-700">{reportDate(report.createdAt)}</td>
                    <td className="px-5 py-3">
                      <div className="flex justify-end gap-1">
                        <Button variant="ghost" size="icon" aria-label={`Download ${report.name}`} title="Download" disabled={!ready} onClick={() => onDownload(report)} data-testid="report-download">
                          <Download aria-hidden="true" className="size-4" />
                        </Button>
                        <Button variant="ghost" size="icon" aria-label={`View ${report.name}`} title="View" disabled={!ready} onClick={() => onView(report)}>
                          <Eye aria-hidden="true" className="size-4" />
                        </Button>
                        {onShare ? (
                          <Button variant="ghost" size="icon" aria-label={`Share link for ${report.name}`} title="Share link" disabled={!ready} onClick={() => onShare(report)} data-testid="report-share">
                            <Link2 aria-hidden="true" className="size-4" />
                          </Button>
                        ) : null}
                        {onDelete ? (
                          <Button variant="ghost" size="icon" aria-label={`Delete ${report.name}`} title="Delete" className="text-red-700 hover:bg-red-50" onClick={() => onDelete(report)}>
                            <Trash2 aria-hidden="true" className="size-4" />
                          </Button>
                        ) : null}
                      </div>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </ScrollRegion>
      )}
    </section>
  );
}
