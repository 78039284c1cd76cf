import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { ClientReportSchedule, DevOutboxMessage, ReportListItem } from '@citable/contract';
import { clientReportRuns, clientReportSchedules } from '../../src/features/client-reports/schema';
import { SCHEDULE_MESSAGES } from '../../src/features/client-reports/schedule-rules';
import { sendDueClientReports } from '../../src/features/client-reports/send-client-reports';
import { createReportStorage } from '../../src/features/reports/create-storage';
import { createMailer } from '../../src/mail/mailer';
import { startFakeSmtp } from '../fakes/fake-smtp';
import { startTestServer, uniqueEmail, type TestServer } from '../helpers';
import { readPdf } from '../reports/pdf-reader';
import { startChangingSite, type ChangingSite } from '../track/changing-site';
import { as, join, person, type Person } from '../workspaces/fixtures';

let server: TestServer;
let site: ChangingSite;
let owner: Person;
let member: Person;
let clientRole: Person;
let workspaceId: string;
let lantern: string;
let harbour: string;
let empty: string;

const BRAND = 'Harbour Digital';
const BRAND_COLOUR = '#0F766E';
const DAY = 86_400_000;

async function newClient(name: string): Promise<string> {
  const created = await as(server, owner)(`/api/workspaces/${workspaceId}/clients`, { body: { name, website: `${site.url}/` } });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body.client.id;
}

const schedulePath = (clientId: string) => `/api/workspaces/${workspaceId}/clients/${clientId}/report-schedule`;
const putSchedule = (who: Person, clientId: string, body: unknown) => as(server, who)(schedulePath(clientId), { method: 'PUT', body });
const reportMails = async (to: string) => (await server.outbox(to)).filter((message) => message.subject.includes('AI visibility report'));

async function scheduleRow(clientId: string) {
  const [row] = await server.db.select().from(clientReportSchedules).where(eq(clientReportSchedules.clientId, clientId));
  return row;
}

beforeAll(async () => {
  site = await startChangingSite(3);
  server = await startTestServer({ env: { FETCH_ALLOW_HOSTS: '127.0.0.1' } });
  owner = await person(server, 'schedule-owner', 'agency');
  const created = await as(server, owner)('/api/workspaces', { body: { name: 'Harbour Digital' } });
  expect(created.status).toBe(201);
  workspaceId = created.body.workspace.id;
  lantern = await newClient('Lantern Tea');
  harbour = await newClient('Harbour Books');
  empty = await newClient('Not Audited Yet');
  // Each client's own audits and its own white-label settings, set in its scope.
  for (const clientId of [lantern, harbour]) {
    const audited = await as(server, owner, clientId)('/api/functions/ai-visibility-audit', { body: { url: `${site.url}/` } });
    expect(audited.status, JSON.stringify(audited.body)).toBe(200);
  }
  const branded = await as(server, owner, lantern)('/api/white-label', { method: 'PUT', body: { company_name: BRAND, primary_color_hex: BRAND_COLOUR } });
  expect(branded.status, JSON.stringify(branded.body)).toBe(200);
  member = await person(server, 'schedule-member');
  clientRole = await person(server, 'schedule-client');
  await join(server, owner, workspaceId, member, 'member');
  await join(server, owner, workspaceId, clientRole, 'client', [lantern]);
}, 300_000);
afterAll(async () => {
  await server?.close();
  await site?.close();
});

describe('client report schedule routes', () => {
  it('shows an unset schedule as off', async () => {
    const response = await as(server, owner)(schedulePath(harbour));
    expect(response.status).toBe(200);
    expect(response.body.schedule).toEqual({ clientId: harbour, cadence: 'off', recipients: [], template: 'executive-summary', format: 'pdf', nextRunAt: null, lastSentAt: null });
  });

  it('refuses bad e-mails, too many recipients, unknown templates and cadences with a 400 naming the problem', async () => {
    const base = { cadence: 'weekly', recipients: ['ana@example.com'], template: 'executive-summary', format: 'pdf' };
    const cases: [unknown, string][] = [
      [{ ...base, recipients: ['ana@example.com', 'bob at example.com'] }, SCHEDULE_MESSAGES.badRecipient('bob at example.com')],
      [{ ...base, recipients: Array.from({ length: 11 }, (_, i) => `r${i}@example.com`) }, SCHEDULE_MESSAGES.tooManyRecipients],
      [{ ...base, template: 'board-deck' }, SCHEDULE_MESSAGES.template],
      [{ ...base, cadence: 'daily' }, SCHEDULE_MESSAGES.cadence],
      [{ ...base, format: 'csv' }, SCHEDULE_MESSAGES.format],
      [{ ...base, recipients: [] }, SCHEDULE_MESSAGES.needsRecipient],
      [[], 'Send the schedule as a JSON object.'],
    ];
    for (const [body, error] of cases) {
      const response = await putSchedule(owner, harbour, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.error).toBe(error);
    }
    expect((await scheduleRow(harbour))).toBeUndefined();
  });

  it('lets owner and member set it, a client-role member only read a shared client, outsiders nothing', async () => {
    const body = { cadence: 'weekly', recipients: ['Reader@Example.com'], template: 'technical-audit', format: 'html' };
    const byMember = await putSchedule(member, harbour, body);
    expect(byMember.status, JSON.stringify(byMember.body)).toBe(200);
    const schedule = byMember.body.schedule as ClientReportSchedule;
    expect(schedule).toMatchObject({ clientId: harbour, cadence: 'weekly', recipients: ['reader@example.com'], template: 'technical-audit', format: 'html', lastSentAt: null });
    const next = new Date(schedule.nextRunAt!);
    expect(next.getUTCDay()).toBe(1);
    expect(next.getUTCHours()).toBe(8);
    expect(next.getTime()).toBeGreaterThan(Date.now());
    expect(next.getTime()).toBeLessThanOrEqual(Date.now() + 7 * DAY);

    // Editing recipients keeps the slot; turning it off clears it.
    const edited = await putSchedule(owner, harbour, { ...body, recipients: ['reader@example.com', 'second@example.com'] });
    expect(edited.body.schedule.nextRunAt).toBe(schedule.nextRunAt);
    const off = await putSchedule(owner, harbour, { ...body, cadence: 'off' });
    expect(off.body.schedule).toMatchObject({ cadence: 'off', nextRunAt: null });

    expect((await putSchedule(clientRole, lantern, body)).status).toBe(403);
    expect((await as(server, clientRole)(schedulePath(lantern))).status).toBe(200);
    expect((await as(server, clientRole)(schedulePath(harbour))).status).toBe(404);
    const outsider = await person(server, 'schedule-outsider', 'agency');
    expect((await as(server, outsider)(schedulePath(lantern))).status).toBe(404);
    expect((await putSchedule(outsider, lantern, body)).status).toBe(404);
    expect((await as(server, owner)(`/api/workspaces/${workspaceId}/clients/not-a-uuid/report-schedule`)).status).toBe(404);
  });
});

describe('the client-reports job', () => {
  it('mails the branded report to each recipient once per period and advances the schedule a week', async () => {
    const recipients = [uniqueEmail('cmo'), uniqueEmail('ceo')];
    const saved = await putSchedule(owner, lantern, { cadence: 'weekly', recipients, template: 'executive-summary', format: 'html' });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const slot = new Date(saved.body.schedule.nextRunAt);

    // Before the slot nothing is due.
    await server.app.sendClientReports(new Date(slot.getTime() - 60_000));
    for (const to of recipients) expect(await reportMails(to)).toHaveLength(0);

    const now = new Date(slot.getTime() + 5 * 60_000);
    const outcome = await server.app.sendClientReports(now);
    expect(outcome.sent).toBeGreaterThanOrEqual(1);
    const mails: DevOutboxMessage[] = [];
    for (const to of recipients) {
      const received = await reportMails(to);
      expect(received, to).toHaveLength(1);
      mails.push(received[0]);
    }
    const [mail] = mails;
    expect(mail.subject).toBe(`Lantern Tea: your weekly AI visibility report from ${BRAND}`);
    expect(mail.text).toContain(`prepared by ${BRAND}`);
    const link = mail.links.find((candidate) => candidate.startsWith(`${server.baseUrl}/shared/reports/`));
    expect(link).toBeDefined();

    // The link opens the stored report, in the client's branding.
    const opened = await fetch(link!);
    expect(opened.status).toBe(200);
    const html = await opened.text();
    expect(html).toContain(BRAND);
    expect(html.toLowerCase()).toContain(BRAND_COLOUR.toLowerCase());
    expect(html).toContain('Lantern Tea');

    // Stored as the client's report: listed in its scope, not in the owner's own account.
    const listed = await as(server, owner, lantern)('/api/reports');
    const report = (listed.body.reports as ReportListItem[]).find((item) => item.name.startsWith('Lantern Tea - Executive summary'));
    expect(report).toMatchObject({ status: 'completed', format: 'html' });
    const own = await as(server, owner)('/api/reports');
    expect((own.body.reports as ReportListItem[]).some((item) => item.id === report!.id)).toBe(false);

    const row = await scheduleRow(lantern);
    expect(row.nextRunAt!.toISOString()).toBe(new Date(slot.getTime() + 7 * DAY).toISOString());
    expect(row.lastSentAt!.toISOString()).toBe(now.toISOString());

    // The same run again, and a retried job for the same period (the schedule put back), send nothing more.
    await server.app.sendClientReports(now);
    await server.db.update(clientReportSchedules).set({ nextRunAt: slot }).where(eq(clientReportSchedules.clientId, lantern));
    await server.app.sendClientReports(new Date(now.getTime() + 60_000));
    for (const to of recipients) expect(await reportMails(to)).toHaveLength(1);
    const reports = await as(server, owner, lantern)('/api/reports');
    expect((reports.body.reports as ReportListItem[]).filter((item) => item.name.startsWith('Lantern Tea - Executive summary'))).toHaveLength(1);
    // The retried run moved the schedule on again.
    expect((await scheduleRow(lantern)).nextRunAt!.toISOString()).toBe(new Date(slot.getTime() + 7 * DAY).toISOString());
  });

  it('a period interrupted after one recipient mails only the others on the retry', async () => {
    const recipients = [uniqueEmail('first'), uniqueEmail('second')];
    const saved = await putSchedule(owner, lantern, { cadence: 'monthly', recipients, template: 'technical-audit', format: 'pdf' });
    expect(saved.status).toBe(200);
    const slot = new Date(saved.body.schedule.nextRunAt);
    expect(slot.getUTCDate()).toBe(1);
    expect(slot.getUTCHours()).toBe(8);

    // The mailer fails for the second recipient: the first is mailed, the schedule stays due.
    const mailer = server.app.mailer;
    const realSend = mailer.send.bind(mailer);
    mailer.send = async (message) => {
      if (message.to === recipients[1]) throw new Error('SMTP refused the message');
      return realSend(message);
    };
    const now = new Date(slot.getTime() + 60_000);
    let outcome;
    try {
      outcome = await server.app.sendClientReports(now);
    } finally {
      mailer.send = realSend;
    }
    expect(outcome.retrying).toBe(1);
    expect(await reportMails(recipients[0])).toHaveLength(1);
    expect(await reportMails(recipients[1])).toHaveLength(0);
    expect((await scheduleRow(lantern)).nextRunAt!.toISOString()).toBe(slot.toISOString());
    const [run] = await server.db.select().from(clientReportRuns).where(and(eq(clientReportRuns.clientId, lantern), eq(clientReportRuns.periodKey, slot.toISOString())));
    expect(run.sentTo).toEqual([recipients[0]]);

    // The next run (an hour later) mails only the second recipient, with the same report.
    await server.app.sendClientReports(new Date(now.getTime() + 3_600_000));
    expect(await reportMails(recipients[0])).toHaveLength(1);
    const [second] = await reportMails(recipients[1]);
    expect(second.subject).toContain('monthly');
    const link = second.links.find((candidate) => candidate.includes('/shared/reports/'))!;
    const pdf = await fetch(link);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(readPdf(Buffer.from(await pdf.arrayBuffer())).text).toContain(BRAND);
    const row = await scheduleRow(lantern);
    expect(row.nextRunAt!.toISOString()).toBe(new Date(Date.UTC(slot.getUTCFullYear(), slot.getUTCMonth() + 1, 1, 8)).toISOString());
    const reports = await as(server, owner, lantern)('/api/reports');
    expect((reports.body.reports as ReportListItem[]).filter((item) => item.name.startsWith('Lantern Tea - Technical audit'))).toHaveLength(1);
  });

  it('skips a client with nothing to report, without mailing, and moves on', async () => {
    const to = uniqueEmail('empty');
    const saved = await putSchedule(owner, empty, { cadence: 'weekly', recipients: [to], template: 'executive-summary', format: 'pdf' });
    const slot = new Date(saved.body.schedule.nextRunAt);
    await server.app.sendClientReports(new Date(slot.getTime() + 60_000));
    expect(await reportMails(to)).toHaveLength(0);
    const row = await scheduleRow(empty);
    expect(row.nextRunAt!.getTime()).toBe(slot.getTime() + 7 * DAY);
    expect(row.lastSentAt).toBeNull();
    const reports = await as(server, owner, empty)('/api/reports');
    expect(reports.body.reports[0]).toMatchObject({ status: 'failed' });
  });
});

describe('share links in a client scope', () => {
  it('share a client report only in its scope; the client role reads the shares but cannot create or revoke', async () => {
    const listed = await as(server, owner, lantern)('/api/reports');
    const report = (listed.body.reports as ReportListItem[]).find((item) => item.status === 'completed')!;
    expect(report).toBeDefined();
    // Outside the client's scope the report is not the caller's.
    expect((await as(server, owner)(`/api/reports/${report.id}/share`, { body: {} })).status).toBe(404);
    const created = await as(server, owner, lantern)(`/api/reports/${report.id}/share`, { body: { expiresInDays: 3 } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect((await fetch(created.body.share.url)).status).toBe(200);

    const asClient = as(server, clientRole, lantern);
    const shares = await asClient(`/api/reports/${report.id}/shares`);
    expect(shares.status).toBe(200);
    expect(shares.body.shares.map((share: { id: string }) => share.id)).toContain(created.body.share.id);
    expect((await asClient(`/api/reports/${report.id}/share`, { body: {} })).status).toBe(403);
    expect((await asClient(`/api/report-shares/${created.body.share.id}`, { method: 'DELETE' })).status).toBe(403);
    // A client not shared with them is not found at all.
    expect((await as(server, clientRole, harbour)(`/api/reports/${report.id}/shares`)).status).toBe(404);
    expect((await fetch(created.body.share.url)).status).toBe(200);
  });
});

describe('scheduled reports over SMTP', () => {
  it('attach the PDF to the e-mail as well as linking it', async () => {
    const smtp = await startFakeSmtp();
    const mailer = createMailer({ smtpUrl: smtp.url, from: 'Citable <reports@citable.test>', db: server.db, log: server.app.log });
    try {
      const to = uniqueEmail('smtp');
      const saved = await putSchedule(owner, harbour, { cadence: 'weekly', recipients: [to], template: 'executive-summary', format: 'pdf' });
      const slot = new Date(saved.body.schedule.nextRunAt);
      // The job's own code with a real SMTP mailer, on this server's database and report storage.
      const deps = { db: server.db, storage: createReportStorage(server.config.reportStorage), mailer, publicUrl: server.baseUrl, log: server.app.log };
      const outcome = await sendDueClientReports(deps, new Date(slot.getTime() + 60_000));
      expect(outcome.sent).toBeGreaterThanOrEqual(1);
      const message = smtp.received.find((raw) => raw.includes(`To: ${to}`));
      expect(message).toBeDefined();
      expect(message).toMatch(/Content-Type: application\/pdf; name=report_[0-9a-f]{8}\.pdf/);
      expect(message).toMatch(/Content-Disposition: attachment; filename=report_[0-9a-f]{8}\.pdf/);
      // base64 of "%PDF-", the start of the attached file.
      expect(message).toContain('JVBERi0');
      expect(await reportMails(to)).toHaveLength(0);
    } finally {
      mailer.close();
      await smtp.close();
    }
  });
});
