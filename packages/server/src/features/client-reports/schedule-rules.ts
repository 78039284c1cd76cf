import { z } from 'zod';
import { REPORT_TEMPLATE_IDS, REPORT_TEMPLATE_NAMES, type ClientReportCadence, type ReportTemplateId } from '@citable/contract';

export const CLIENT_REPORT_CADENCES = ['off', 'weekly', 'monthly'] as const satisfies readonly ClientReportCadence[];
export const CLIENT_REPORT_FORMATS = ['pdf', 'html'] as const;
export const MAX_REPORT_RECIPIENTS = 10;

/** Reports go out at 08:00 UTC: Mondays for weekly ones, the 1st of the month for monthly ones. */
const SEND_HOUR_UTC = 8;

export const SCHEDULE_MESSAGES = {
  cadence: 'Choose how often the report is sent: off, weekly or monthly.',
  format: 'Choose the report format: pdf or html.',
  template: `Choose one of the report templates: ${REPORT_TEMPLATE_IDS.map((id) => `${id} (${REPORT_TEMPLATE_NAMES[id]})`).join(', ')}.`,
  recipientsList: 'Recipients must be a list of e-mail addresses.',
  tooManyRecipients: `A report can go to at most ${MAX_REPORT_RECIPIENTS} recipients.`,
  badRecipient: (value: string) => `"${value.slice(0, 80)}" is not a valid e-mail address.`,
  needsRecipient: 'Add at least one recipient before turning the schedule on.',
} as const;

const emailSchema = z.email();

export interface ScheduleInput {
  cadence: ClientReportCadence;
  recipients: string[];
  template: ReportTemplateId;
  format: (typeof CLIENT_REPORT_FORMATS)[number];
}

/**
 * Checks a PUT body field by field so the answer names the one thing to fix (a schema error would
 * only say "Invalid request"). Recipients are trimmed, lower-cased and de-duplicated.
 */
export function parseScheduleInput(body: unknown): { ok: true; value: ScheduleInput } | { ok: false; error: string } {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return { ok: false, error: 'Send the schedule as a JSON object.' };
  const input = body as Record<string, unknown>;
  const unknownKey = Object.keys(input).find((key) => !['cadence', 'recipients', 'template', 'format'].includes(key));
  if (unknownKey) return { ok: false, error: `Unknown field "${unknownKey.slice(0, 40)}".` };
  if (!(CLIENT_REPORT_CADENCES as readonly unknown[]).includes(input.cadence)) return { ok: false, error: SCHEDULE_MESSAGES.cadence };
  if (!(CLIENT_REPORT_FORMATS as readonly unknown[]).includes(input.format)) return { ok: false, error: SCHEDULE_MESSAGES.format };
  if (!(REPORT_TEMPLATE_IDS as readonly unknown[]).includes(input.template)) return { ok: false, error: SCHEDULE_MESSAGES.template };
  if (!Array.isArray(input.recipients)) return { ok: false, error: SCHEDULE_MESSAGES.recipientsList };
  const recipients: string[] = [];
  for (const entry of input.recipients) {
    if (typeof entry !== 'string') return { ok: false, error: SCHEDULE_MESSAGES.recipientsList };
    const address = entry.trim().toLowerCase();
    if (address.length > 254 || !emailSchema.safeParse(address).success) return { ok: false, error: SCHEDULE_MESSAGES.badRecipient(entry) };
    if (!recipients.includes(address)) recipients.push(address);
  }
  if (recipients.length > MAX_REPORT_RECIPIENTS) return { ok: false, error: SCHEDULE_MESSAGES.tooManyRecipients };
  const cadence = input.cadence as ClientReportCadence;
  if (cadence !== 'off' && recipients.length === 0) return { ok: false, error: SCHEDULE_MESSAGES.needsRecipient };
  return { ok: true, value: { cadence, recipients, template: input.template as ReportTemplateId, format: input.format as ScheduleInput['format'] } };
}

/** The same instant one calendar month later; the 31st becomes the month's last day when it has fewer. */
export function addCalendarMonth(from: Date): Date {
  const year = from.getUTCFullYear();
  const month = from.getUTCMonth() + 1;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return new Date(Date.UTC(year, month, Math.min(from.getUTCDate(), lastDay), from.getUTCHours(), from.getUTCMinutes(), from.getUTCSeconds(), from.getUTCMilliseconds()));
}

/** One period after `from`: 7 days for weekly, one calendar month for monthly. */
export function advance(cadence: Exclude<ClientReportCadence, 'off'>, from: Date): Date {
  return cadence === 'weekly' ? new Date(from.getTime() + 7 * 86_400_000) : addCalendarMonth(from);
}

/** The first send after `now`: the next Monday 08:00 UTC (weekly) or the next 1st of a month 08:00 UTC (monthly). */
export function firstRun(cadence: Exclude<ClientReportCadence, 'off'>, now: Date): Date {
  if (cadence === 'weekly') {
    const daysToMonday = (8 - now.getUTCDay()) % 7;
    const slot = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + daysToMonday, SEND_HOUR_UTC));
    return slot.getTime() > now.getTime() ? slot : advance('weekly', slot);
  }
  const slot = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1, SEND_HOUR_UTC));
  return slot.getTime() > now.getTime() ? slot : addCalendarMonth(slot);
}

/** The next slot after a sent one, skipping periods missed while nothing ran (one report, not a backlog). */
export function nextRunAfter(cadence: Exclude<ClientReportCadence, 'off'>, sentSlot: Date, now: Date): Date {
  let next = advance(cadence, sentSlot);
  while (next.getTime() <= now.getTime()) next = advance(cadence, next);
  return next;
}
