import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { usageLimit, type ReportListItem } from '@citable/contract';
import { clientReportRuns, clientReportSchedules } from '../../src/features/client-reports/schema';
import { reports } from '../../src/db/schema';
import { sendDueClientReports } from '../../src/features/client-reports/send-client-reports';
import { createReportStorage } from '../../src/features/reports/create-storage';
import { startTestServer, uniqueEmail, type TestServer } from '../helpers';
import { startChangingSite, type ChangingSite } from '../track/changing-site';
import { as, person, type Person } from '../workspaces/fixtures';

/**
 * A scheduled client report counts towards the workspace's monthly report allowance (issue #11):
 * once the workspace has used it, the due period is given up with a logged reason and no mail,
 * the schedule moves on instead of retrying every hour, and the next month's period goes out.
 */

let server: TestServer;
let site: ChangingSite;
let owner: Person;
let workspaceId: string;
let clientId: string;

beforeAll(async () => {
  site = await startChangingSite(3);
  server = await startTestServer({ env: { FETCH_ALLOW_HOSTS: '127.0.0.1' } });
  owner = await person(server, 'allowance-owner', 'agency');
  const created = await as(server, owner)('/api/workspaces', { body: { name: 'Allowance Agency' } });
  expect(created.status).toBe(201);
  workspaceId = created.body.workspace.id;
  const client = await as(server, owner)(`/api/workspaces/${workspaceId}/clients`, { body: { name: 'Lantern Tea', website: `${site.url}/` } });
  expect(client.status, JSON.stringify(client.body)).toBe(201);
  clientId = client.body.client.id;
  const audited = await as(server, owner, clientId)('/api/functions/ai-visibility-audit', { body: { url: `${site.url}/` } });
  expect(audited.status, JSON.stringify(audited.body)).toBe(200);
}, 300_000);
afterAll(async () => {
  await server?.close();
  await site?.close();
});

const reportMails = async (to: string) => (await server.outbox(to)).filter((message) => message.subject.includes('AI visibility report'));
const clientReports = async () => ((await as(server, owner, clientId)('/api/reports')).body.reports as ReportListItem[]).filter((item) => item.name.startsWith('Lantern Tea - Executive summary'));

describe('scheduled client reports and the monthly report allowance', () => {
  it('skip a period once the workspace has used its allowance, without mail or retries, and send the next month', { timeout: 180_000 }, async () => {
    const to = uniqueEmail('allowance-cmo');
    const saved = await as(server, owner)(`/api/workspaces/${workspaceId}/clients/${clientId}/report-schedule`, {
      method: 'PUT',
      body: { cadence: 'monthly', recipients: [to], template: 'executive-summary', format: 'html' },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const slot = new Date(saved.body.schedule.nextRunAt);
    const now = new Date(slot.getTime() + 60_000);

    // The workspace's allowance used up that month by the owner's own reports: it is shared by the whole workspace.
    const limit = usageLimit('agency', 'reports');
    await server.db.insert(reports).values(
      Array.from({ length: limit }, (_, index) => ({ userId: owner.id, reportName: `Owner report ${index + 1}`, reportType: 'executive-summary', format: 'html', config: {}, status: 'completed', createdAt: now })),
    );

    // The job's own code on this server, with a logger of its own to read the reason from.
    const log = server.app.log.child({});
    const warn = vi.spyOn(log, 'warn');
    const deps = { db: server.db, storage: createReportStorage(server.config.reportStorage), mailer: server.app.mailer, publicUrl: server.baseUrl, log };
    const outcome = await sendDueClientReports(deps, now);
    expect(outcome).toEqual({ sent: 0, skipped: 1, retrying: 0 });
    expect(warn).toHaveBeenCalledWith(expect.objectContaining({ clientId, plan: 'agency' }), 'scheduled client report skipped: the workspace has used its monthly report allowance');
    expect(await reportMails(to)).toHaveLength(0);
    expect(await clientReports()).toHaveLength(0);

    // The period is recorded as handled without a report, and the schedule moved on to next month.
    const [run] = await server.db.select().from(clientReportRuns).where(and(eq(clientReportRuns.clientId, clientId), eq(clientReportRuns.periodKey, slot.toISOString())));
    expect(run).toMatchObject({ reportId: null, sentTo: [], attempts: 1, completedAt: now });
    const nextSlot = new Date(Date.UTC(slot.getUTCFullYear(), slot.getUTCMonth() + 1, 1, 8));
    const [schedule] = await server.db.select().from(clientReportSchedules).where(eq(clientReportSchedules.clientId, clientId));
    expect(schedule.nextRunAt!.toISOString()).toBe(nextSlot.toISOString());
    expect(schedule.lastSentAt).toBeNull();

    // Later runs that month find nothing due: the period is not retried.
    expect(await server.app.sendClientReports(new Date(now.getTime() + 3_600_000))).toEqual({ sent: 0, skipped: 0, retrying: 0 });
    expect(await reportMails(to)).toHaveLength(0);

    // A new month brings a new allowance: its period is generated and mailed.
    const later = new Date(nextSlot.getTime() + 60_000);
    expect(await server.app.sendClientReports(later)).toEqual({ sent: 1, skipped: 0, retrying: 0 });
    expect(await reportMails(to)).toHaveLength(1);
    expect(await clientReports()).toEqual([expect.objectContaining({ status: 'completed' })]);
  });
});
