import { REPORT_TEMPLATES, type ReportListItem, type ReportTemplateId } from '@citable/contract';

export const FORMAT_LABELS = { html: 'HTML', pdf: 'PDF', csv: 'CSV', json: 'JSON' } as const;

export function templateName(id: ReportTemplateId): string {
  return REPORT_TEMPLATES[id].name;
}

export function reportDate(iso: string): string {
  return new Date(iso).toLocaleString(undefined, { year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' });
}

export function isPending(report: Pick<ReportListItem, 'status'>): boolean {
  return report.status === 'queued' || report.status === 'running';
}
