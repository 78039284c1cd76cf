import type { ReportDocument, ReportFormat } from '@citable/contract';
import { renderCsv } from './csv';
import { renderHtml } from './html';
import { renderJson } from './json';
import { renderPdf } from './pdf';

export function renderReport(doc: ReportDocument, format: ReportFormat): Promise<Buffer> {
  switch (format) {
    case 'html':
      return Promise.resolve(renderHtml(doc));
    case 'csv':
      return Promise.resolve(renderCsv(doc));
    case 'json':
      return Promise.resolve(renderJson(doc));
    case 'pdf':
      return renderPdf(doc);
  }
}
