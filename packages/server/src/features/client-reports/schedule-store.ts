import { eq } from 'drizzle-orm';
import type { ClientReportSchedule } from '@citable/contract';
import type { Db } from '../../db/client';
import { clientReportSchedules } from './schema';
import { firstRun, type ScheduleInput } from './schedule-rules';

type ScheduleRow = typeof clientReportSchedules.$inferSelect;

/** What a client without a stored schedule shows: off, with the default template and format. */
function defaultSchedule(clientId: string): ClientReportSchedule {
  return { clientId, cadence: 'off', recipients: [], template: 'executive-summary', format: 'pdf', nextRunAt: null, lastSentAt: null };
}

export function toSchedule(row: ScheduleRow): ClientReportSchedule {
  return {
    clientId: row.clientId,
    cadence: row.cadence as ClientReportSchedule['cadence'],
    recipients: row.recipients,
    template: row.template,
    format: row.format as ClientReportSchedule['format'],
    nextRunAt: row.nextRunAt?.toISOString() ?? null,
    lastSentAt: row.lastSentAt?.toISOString() ?? null,
  };
}

export async function getSchedule(db: Db, clientId: string): Promise<ClientReportSchedule> {
  const [row] = await db.select().from(clientReportSchedules).where(eq(clientReportSchedules.clientId, clientId));
  return row ? toSchedule(row) : defaultSchedule(clientId);
}

/**
 * Stores the schedule. The next run is kept while the cadence stays the same (editing recipients
 * does not postpone a report); a new cadence starts at its next slot, and off clears it.
 */
export async function saveSchedule(db: Db, clientId: string, input: ScheduleInput, now = new Date()): Promise<ClientReportSchedule> {
  const [existing] = await db.select().from(clientReportSchedules).where(eq(clientReportSchedules.clientId, clientId));
  const nextRunAt =
    input.cadence === 'off' ? null : existing && existing.cadence === input.cadence && existing.nextRunAt ? existing.nextRunAt : firstRun(input.cadence, now);
  const values = { cadence: input.cadence, recipients: input.recipients, template: input.template, format: input.format, nextRunAt, updatedAt: now };
  const [row] = await db
    .insert(clientReportSchedules)
    .values({ clientId, ...values })
    .onConflictDoUpdate({ target: clientReportSchedules.clientId, set: values })
    .returning();
  return toSchedule(row!);
}
