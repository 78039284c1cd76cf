import type { ReportDocument } from '@citable/contract';

/** The document itself: the contract's reportDocumentSchema is its schema. */
export function renderJson(doc: ReportDocument): Buffer {
  return Buffer.from(JSON.stringify(doc, null, 2) + '\n', 'utf8');
}
