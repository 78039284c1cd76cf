import { expect } from 'vitest';
import type { GenerateReportRequest, PlanId, ReportListItem } from '@citable/contract';
import { setPlan } from '../../src/features/profile/profile';
import { api, signUpVerified, STRONG_PASSWORD, uniqueEmail, type TestServer } from '../helpers';

export interface TestUser {
  cookie: string;
  id: string;
  email: string;
}

/** A verified user on a plan, onboarded with one website. */
export async function newUser(server: TestServer, plan: PlanId, siteUrl: string, label = 'share'): Promise<TestUser> {
  const base = server.baseUrl;
  const email = uniqueEmail(label);
  const cookie = await signUpVerified(base, { name: 'Robin Reporter', email, password: STRONG_PASSWORD });
  const id = (await api(base, '/api/profile', { cookie })).body.user_id as string;
  // No billing in tests: the plan is set through the profile service.
  if (plan !== 'free') await setPlan(server.db, id, plan);
  const onboarding = await api(base, '/api/profile/onboarding', {
    cookie,
    body: { websites: [{ name: 'Lantern Tea', url: siteUrl }], industry: 'Food & Beverage', competitors: [{ name: 'Rival Tea', url: 'https://rival-tea.example' }], goals: ['increase_citations'] },
  });
  expect(onboarding.status, JSON.stringify(onboarding.body)).toBe(200);
  return { cookie, id, email };
}

export async function audit(server: TestServer, cookie: string, url: string, headers: Record<string, string> = {}): Promise<void> {
  const response = await api(server.baseUrl, '/api/functions/ai-visibility-audit', { cookie, body: { url }, headers });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
}

/** Generates a report through the API and waits for the background job to finish it. */
export async function generateReport(server: TestServer, user: TestUser, overrides: Partial<GenerateReportRequest> = {}): Promise<ReportListItem> {
  const base = server.baseUrl;
  const body: GenerateReportRequest = { reportType: 'executive-summary', reportName: 'Shared AI visibility', format: 'html', ...overrides };
  const started = await api(base, '/api/functions/generate-report', { cookie: user.cookie, body });
  expect(started.status, JSON.stringify(started.body)).toBe(202);
  const deadline = Date.now() + 60_000;
  for (;;) {
    const report = await api<ReportListItem>(base, `/api/reports/${started.body.reportId}`, { cookie: user.cookie });
    expect(report.status).toBe(200);
    if (report.body.status === 'completed') return report.body;
    if (report.body.status === 'failed') throw new Error(`report failed: ${report.body.error}`);
    if (Date.now() > deadline) throw new Error(`report still ${report.body.status}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
