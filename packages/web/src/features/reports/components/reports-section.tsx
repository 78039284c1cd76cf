import { AREAS, planAtLeast, REPORT_MESSAGES, type GenerateReportRequest, type Profile, type ReportListItem, type ReportTemplateId } from '@citable/contract';
import { FileBarChart, Plus } from 'lucide-react';
import { useCallback, useId, useState } from 'react';
import { ReadOnlyNote } from '../../../components/read-only-note';
import { useScopeAccess } from '../../../hooks/use-scope-access';
import { useToast } from '../../../components/toast/use-toast';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ApiRequestError, errorMessage } from '../../../lib/api-client';
import { useClientScope } from '../../../stores/client-scope';
import { useUiState } from '../../../stores/ui-state';
import { checkReportView } from '../api/reports-api';
import { useDeleteReport, useGenerateReport, useReports } from '../hooks/use-reports';
import { DeleteDialog } from './delete-dialog';
import { DownloadDialog } from './download-dialog';
import { GeneratingPanel } from './generating-panel';
import { ReportForm } from './report-form';
import { ReportList } from './report-list';
import { ReportFrameDialog } from './report-frame-dialog';
import { ShareDialog } from './share-dialog';
import { TemplateChooser } from './template-chooser';

/** The form's error box: the spec's words for a lost session, else the server's reason. */
function generateError(error: unknown): string {
  if (error instanceof ApiRequestError && error.status === 401) return REPORT_MESSAGES.authRequired;
  return errorMessage(error, REPORT_MESSAGES.generateFailed);
}

type Step = { kind: 'list' } | { kind: 'choose' } | { kind: 'form'; template: ReportTemplateId } | { kind: 'generating'; reportId: string };

/** Advanced Reports (spec 002 §2.3, §4): list, template chooser, form, generating, download and delete. */
export function ReportsSection({ profile }: { profile: Profile }) {
  const allowed = planAtLeast(profile.plan, 'core');
  const [step, setStep] = useState<Step>({ kind: 'list' });
  const [downloading, setDownloading] = useState<ReportListItem | null>(null);
  const [deleting, setDeleting] = useState<ReportListItem | null>(null);
  const [sharing, setSharing] = useState<ReportListItem | null>(null);
  const [framed, setFramed] = useState<ReportListItem | null>(null);
  const { clientId } = useClientScope();
  const reports = useReports(allowed);
  const generate = useGenerateReport();
  const remove = useDeleteReport();
  const toast = useToast();
  const { openBilling } = useUiState();
  // A read-only role (a client of an agency) reads, views and downloads reports; it does not make or delete them.
  const access = useScopeAccess();
  const readOnlyId = useId();

  const backToList = useCallback(() => setStep({ kind: 'list' }), []);
  const finished = useCallback(
    (report: ReportListItem) => {
      toast.show({ type: 'success', title: 'Report ready', message: `“${report.name}” is ready to download.` });
      void reports.refetch();
      setStep({ kind: 'list' });
    },
    [toast, reports],
  );

  const submit = (request: GenerateReportRequest) => {
    generate.mutate(request, { onSuccess: (started) => setStep({ kind: 'generating', reportId: started.reportId }) });
  };

  const view = async (report: ReportListItem) => {
    // An agency client's report needs the scope header, which a new tab cannot send.
    if (clientId) return setFramed(report);
    const tab = window.open('', '_blank');
    try {
      const url = await checkReportView(report.id);
      if (tab) tab.location.href = url;
      else window.location.assign(url);
    } catch (error) {
      tab?.close();
      window.alert(REPORT_MESSAGES.viewFailedReason(error instanceof Error ? error.message : undefined));
    }
  };

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, { onSettled: () => setDeleting(null) });
  };

  return (
    <div className="space-y-6" data-testid="reports-section">
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h2 className="flex items-center gap-2 text-2xl font-semibold text-slate-900">
            <FileBarChart aria-hidden="true" className="size-6 text-primary-600" /> Advanced Reports
          </h2>
          <p className="mt-1 text-slate-600">Shareable reports built from your audits: scores, issues, progress, competitor benchmarks and ROI.</p>
        </div>
        {allowed && step.kind === 'list' ? (
          <div className="flex flex-col items-end gap-1">
            <Button onClick={() => setStep({ kind: 'choose' })} data-testid="reports-generate" disabled={access.readOnly} title={access.reason ?? undefined} aria-describedby={access.readOnly ? readOnlyId : undefined}>
              <Plus aria-hidden="true" className="size-4" /> Generate Report
            </Button>
            {access.reason ? <ReadOnlyNote id={readOnlyId} reason={access.reason} /> : null}
          </div>
        ) : null}
      </header>

      {!allowed ? (
        <div className="space-y-3 rounded-xl border border-primary-200 bg-primary-50 p-6" data-testid="reports-upgrade">
          <p className="text-lg font-semibold text-slate-900">{REPORT_MESSAGES.upgrade}</p>
          <p className="text-sm text-slate-700">Reports come with the Core plan and above: executive summaries and technical audits, then competitive intelligence and white-label reports on higher plans.</p>
          <Button onClick={() => openBilling({ plan: AREAS.reports.requiredPlan, feature: AREAS.reports.label })}>See plans</Button>
        </div>
      ) : step.kind === 'choose' ? (
        <TemplateChooser plan={profile.plan} onChoose={(template) => setStep({ kind: 'form', template })} onCancel={backToList} />
      ) : step.kind === 'form' ? (
        <ReportForm
          template={step.template}
          profile={profile}
          submitting={generate.isPending}
          error={generate.isError ? generateError(generate.error) : null}
          onSubmit={submit}
          onBack={() => {
            generate.reset();
            setStep({ kind: 'choose' });
          }}
        />
      ) : step.kind === 'generating' ? (
        <GeneratingPanel reportId={step.reportId} onDone={finished} onBack={backToList} />
      ) : (
        <>
          {remove.isError ? <Alert tone="error">{REPORT_MESSAGES.deleteFailed}</Alert> : null}
          <ReportList
            reports={reports.data}
            loading={reports.isPending}
            failed={reports.isError}
            refreshing={reports.isFetching}
            onRefresh={() => void reports.refetch()}
            onDownload={setDownloading}
            onView={(report) => void view(report)}
            onDelete={access.readOnly ? undefined : setDeleting}
            onShare={access.readOnly ? undefined : setSharing}
            onGenerate={access.readOnly ? undefined : () => setStep({ kind: 'choose' })}
            readOnlyReason={access.reason}
          />
        </>
      )}

      <DownloadDialog report={downloading} onClose={() => setDownloading(null)} />
      <ShareDialog report={sharing} onClose={() => setSharing(null)} />
      <ReportFrameDialog report={framed} onClose={() => setFramed(null)} />
      <DeleteDialog report={deleting} deleting={remove.isPending} onConfirm={confirmDelete} onClose={() => setDeleting(null)} />
    </div>
  );
}
