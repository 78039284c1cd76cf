import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AREA_IDS, CMS_TYPES, PLAN_IDS, PLAYBOOK_REQUIRED_PLAN, REPORT_TEMPLATE_IDS, TOOL_IDS, canUse, requiredPlanFor, type Gate } from '@citable/contract';
import { requireEntitlement } from '../../src/features/billing/gates';
import { writeProfileState } from '../../src/features/billing/subscription-state';
import { api, signUpVerified, STRONG_PASSWORD, uniqueEmail } from '../helpers';
import { startBillingServer, type BillingTestServer } from './billing-server';

/** Every gate of the entitlements table, each mounted behind the server's gate helper. */
const GATES: { path: string; gate: Gate }[] = [
  ...PLAN_IDS.map((plan) => ({ path: `plan/${plan}`, gate: { plan } })),
  ...TOOL_IDS.map((tool) => ({ path: `tool/${tool}`, gate: { tool } })),
  ...AREA_IDS.map((area) => ({ path: `area/${area}`, gate: { area } })),
  ...CMS_TYPES.map((cms) => ({ path: `cms/${cms}`, gate: { cms } })),
  ...[...Object.keys(PLAYBOOK_REQUIRED_PLAN), 'a-future-playbook'].map((playbook) => ({ path: `playbook/${playbook}`, gate: { playbook } })),
  ...REPORT_TEMPLATE_IDS.map((reportTemplate) => ({ path: `report-template/${reportTemplate}`, gate: { reportTemplate } })),
];

let server: BillingTestServer;
let cookie: string;
let userId: string;

beforeAll(async () => {
  server = await startBillingServer({
    routes: (app) => {
      for (const { path, gate } of GATES) app.get(`/api/test/gate/${path}`, { preHandler: requireEntitlement(app, gate) }, async (request) => ({ plan: request.entitlement?.plan }));
    },
  });
  cookie = await signUpVerified(server.baseUrl, { name: 'Gate Keeper', email: uniqueEmail('gates'), password: STRONG_PASSWORD });
  userId = (await api(server.baseUrl, '/api/me', { cookie })).body.user.id;
});
afterAll(() => server?.close());

describe('plan gates', () => {
  it('answers 401 without a session', async () => {
    expect((await api(server.baseUrl, '/api/test/gate/plan/free')).status).toBe(401);
  });

  for (const plan of PLAN_IDS) {
    it(`enforces every gate of the entitlements table on the ${plan} plan, reading the plan on each request`, async () => {
      // Written straight to the database: the next request must see it with no restart or new session.
      await writeProfileState(server.db, userId, { plan, status: plan === 'free' ? null : 'active', updatedAt: new Date() });
      for (const { path, gate } of GATES) {
        const response = await api(server.baseUrl, `/api/test/gate/${path}`, { cookie });
        if (canUse(plan, gate)) {
          expect(response, path).toMatchObject({ status: 200, body: { plan } });
        } else {
          expect(response.status, path).toBe(403);
          expect(response.body, path).toEqual({ error: expect.stringContaining('Upgrade to the'), requiredPlan: requiredPlanFor(gate) });
        }
      }
    });
  }
});
