import { and, desc, eq } from 'drizzle-orm';
import { reportViewUrl, type ReportFormat, type ReportListItem, type ReportStatus, type ReportTemplateId } from '@citable/contract';
import type { Db } from '../../db/client';
import { reports } from '../../db/schema';
import { isUuid } from '../audits';
import type { StoredReportConfig } from './stored-config';

export type ReportRow = typeof reports.$inferSelect;

/** Every read and write is scoped by the owner: another user's id finds nothing. */
export async function getReport(db: Db, userId: string, id: string): Promise<ReportRow | null> {
  if (!isUuid(id)) return null;
  const [row] = await db
    .select()
    .from(reports)
    .where(and(eq(reports.id, id), eq(reports.userId, userId)));
  return row ?? null;
}

export function listReports(db: Db, userId: string): Promise<ReportRow[]> {
  return db.select().from(reports).where(eq(reports.userId, userId)).orderBy(desc(reports.createdAt));
}

export async function createReport(db: Db, userId: string, input: { name: string; type: ReportTemplateId; format: ReportFormat; config: StoredReportConfig }): Promise<ReportRow> {
  const [row] = await db
    .insert(reports)
    .values({ userId, reportName: input.name, reportType: input.type, format: input.format, config: input.config as unknown as Record<string, unknown>, status: 'queued' })
    .returning();
  return row!;
}

export async function setReportStatus(db: Db, userId: string, id: string, status: ReportStatus, fields: Partial<Pick<ReportRow, 'storagePath' | 'fileUrl' | 'size' | 'error' | 'completedAt'>> = {}): Promise<void> {
  await db
    .update(reports)
    .set({ status, ...fields })
    .where(and(eq(reports.id, id), eq(reports.userId, userId)));
}

export async function deleteReport(db: Db, userId: string, id: string): Promise<ReportRow | null> {
  if (!isUuid(id)) return null;
  const [row] = await db
    .delete(reports)
    .where(and(eq(reports.id, id), eq(reports.userId, userId)))
    .returning();
  return row ?? null;
}

export function reportListItem(row: ReportRow): ReportListItem {
  const format = row.format as ReportFormat;
  return {
    id: row.id,
    name: row.reportName,
    type: row.reportType as ReportTemplateId,
    format,
    status: row.status as ReportStatus,
    createdAt: row.createdAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
    downloadUrl: row.status === 'completed' ? (row.fileUrl ?? reportViewUrl(row.id, format, true)) : null,
    size: row.size,
    error: row.error,
  };
}
