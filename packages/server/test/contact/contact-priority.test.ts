import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { PLANS, type PlanId } from '@citable/contract';
import { contactMessages } from '../../src/db/schema';
import { setPlan } from '../../src/features/profile/profile';
import { api, signUpVerified, startTestServer, STRONG_PASSWORD, uniqueEmail, type TestServer } from '../helpers';

// Issue 19, item 8: "Priority support" (Pro and Agency) has something behind it. A contact-form
// message sent signed in on one of those plans is stored as priority and reaches the operator
// with "[Priority]" in the subject and a line saying why; anyone else's is an ordinary message.

const OPERATOR = 'operator@citable.test';
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ env: { CONTACT_EMAIL: OPERATOR } });
});
afterAll(() => server?.close());

async function signedIn(plan: PlanId): Promise<{ cookie: string; email: string }> {
  const email = uniqueEmail(`priority-${plan}`);
  const cookie = await signUpVerified(server.baseUrl, { name: 'Support Seeker', email, password: STRONG_PASSWORD });
  const id = (await api(server.baseUrl, '/api/profile', { cookie })).body.user_id as string;
  await setPlan(server.db, id, plan);
  return { cookie, email };
}

const message = (name: string, email: string) => ({ name, email, subject: 'support', message: `Help, says ${name}.`, consent: true });

async function send(name: string, email: string, cookie?: string) {
  const response = await api(server.baseUrl, '/api/contact', { cookie, body: message(name, email) });
  expect(response.status).toBe(200);
  const mail = (await server.outbox(OPERATOR)).find((entry) => entry.text.includes(`Help, says ${name}.`));
  const [row] = await server.db.select().from(contactMessages).where(eq(contactMessages.name, name));
  return { mail: mail!, row };
}

describe('priority support on the contact form', () => {
  it('marks a message sent signed in on Pro or Agency as priority, in the store and the operator mail', async () => {
    for (const plan of ['pro', 'agency'] as const) {
      const sender = await signedIn(plan);
      const name = `Priority ${plan}`;
      const { mail, row } = await send(name, sender.email, sender.cookie);
      expect(mail.subject).toBe(`[Priority] [Contact: Technical support] ${name}`);
      expect(mail.text).toContain(`PRIORITY SUPPORT: sent signed in on the ${PLANS[plan].name} plan`);
      expect(mail.text).toContain(`Account: ${sender.email}, ${PLANS[plan].name} plan`);
      expect(row).toMatchObject({ priority: true, senderPlan: plan });
    }
  });

  it('leaves a Core user’s and a visitor’s message ordinary', async () => {
    const core = await signedIn('core');
    const fromCore = await send('Ordinary core', core.email, core.cookie);
    expect(fromCore.mail.subject).toBe('[Contact: Technical support] Ordinary core');
    expect(fromCore.mail.text).not.toContain('PRIORITY');
    expect(fromCore.row).toMatchObject({ priority: false, senderPlan: 'core' });

    // A visitor who types a Pro customer's address is still a visitor: only the session counts.
    const pro = await signedIn('pro');
    const visitor = await send('Visitor', pro.email);
    expect(visitor.mail.subject).toBe('[Contact: Technical support] Visitor');
    expect(visitor.mail.text).toContain('Account: not signed in');
    expect(visitor.row).toMatchObject({ priority: false, senderPlan: null });
  });
});
