import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { api } from '../helpers';
import { apiRoutes, fillPath, isBearerRoute, PUBLIC_ROUTES, routeKey, startHostileServer } from './hostile-fixtures';

/**
 * Access control over every route the server registers: no session gives 401 (outside the
 * explained allow-list), and another user's records are 404 whatever the method.
 */
const { server, alice, bob } = await startHostileServer();
afterAll(() => server.close());
const base = server.baseUrl;
const routes = apiRoutes(server);

const LONG_CONTENT = `# Citable hostile test\n\n${'Citable measures how answer engines read and cite a site. '.repeat(20)}`;

/** Alice's records, one per kind that has a creation route, keyed by the URL prefix of its :id routes. */
async function createAliceRecords(): Promise<Record<string, string>> {
  const ids: Record<string, string> = {};
  const activity = await api(base, '/api/activity', { cookie: alice.cookie, body: { activity_type: 'page_visited', activity_data: { page: 'hostile' } } });
  expect(activity.status, JSON.stringify(activity.body)).toBe(201);
  ids['/api/activity/'] = activity.body.activity.id;
  const audit = await api(base, '/api/functions/ai-visibility-audit', { cookie: alice.cookie, body: { content: LONG_CONTENT } });
  expect(audit.status, JSON.stringify(audit.body).slice(0, 300)).toBe(200);
  const audits = await api(base, '/api/audits', { cookie: alice.cookie });
  const auditId = (audits.body.audits ?? audits.body.items ?? [])[0]?.id as string | undefined;
  if (auditId) {
    ids['/api/audits/'] = auditId;
    ids['/api/v1/audits/'] = auditId;
  }
  const prompt = await api(base, '/api/citations/prompts', { cookie: alice.cookie, body: { prompt: 'Who measures AI visibility?' } });
  expect(prompt.status).toBe(201);
  ids['/api/citations/prompts/'] = prompt.body.id;
  const phrase = await api(base, '/api/citations/phrases', { cookie: alice.cookie, body: { phrase: 'citable hostile phrase' } });
  expect(phrase.status).toBe(201);
  ids['/api/citations/phrases/'] = phrase.body.id;
  const key = await api(base, '/api/api-keys', { cookie: alice.cookie, body: { name: 'second' } });
  expect(key.status).toBe(201);
  ids['/api/api-keys/'] = key.body.id;
  const report = await api(base, '/api/functions/generate-report', {
    cookie: alice.cookie,
    body: { reportType: 'executive-summary', reportName: 'Hostile', format: 'pdf', config: {} },
  });
  if (report.status === 202) {
    ids['/api/reports/'] = report.body.reportId;
    // The report's job runs on its own (here it fails: Alice has no audit). Compared before and
    // after Bob's attempts, the record must not be changing under the job meanwhile.
    await vi.waitFor(
      async () => {
        const { body } = await api(base, `/api/reports/${report.body.reportId}`, { cookie: alice.cookie });
        if (body.status !== 'completed' && body.status !== 'failed') throw new Error(`report still ${body.status}`);
      },
      { timeout: 60_000, interval: 100 },
    );
  }
  // Alice is on the agency plan: her workspace stands for every /api/workspaces/:id/... route.
  const workspace = await api(base, '/api/workspaces', { cookie: alice.cookie, body: { name: 'Alice agency' } });
  expect(workspace.status, JSON.stringify(workspace.body)).toBe(201);
  ids['/api/workspaces/'] = workspace.body.workspace.id;
  return ids;
}

const records = await createAliceRecords();
const recordFor = (url: string) => Object.entries(records).find(([prefix]) => url.startsWith(prefix))?.[1];

describe.concurrent('without a session', () => {
  for (const route of routes.filter((candidate) => !PUBLIC_ROUTES[routeKey(candidate)])) {
    it(`${routeKey(route)} answers 401`, async () => {
      const url = fillPath(route.url, () => randomUUID());
      const response = await api(base, url, { method: route.method, body: route.method === 'GET' || route.method === 'DELETE' ? undefined : {} });
      expect(response.status, JSON.stringify(response.body)).toBe(401);
      // A cookie is no key: the public API ignores sessions.
      if (isBearerRoute(route)) {
        const withCookie = await api(base, url, { method: route.method, cookie: alice.cookie, body: route.method === 'GET' || route.method === 'DELETE' ? undefined : {} });
        expect(withCookie.status).toBe(401);
      }
    });
  }
});

describe('another user\'s records', () => {
  const idRoutes = routes.filter((route) => /:id\b/.test(route.url));

  it('has a record of Alice for each kind with a creation route', () => {
    expect(Object.keys(records).length).toBeGreaterThanOrEqual(6);
  });

  for (const route of idRoutes) {
    it(`${routeKey(route)}: Bob gets 404 and Alice's record is unchanged`, async () => {
      const id = recordFor(route.url) ?? randomUUID();
      const url = fillPath(route.url, (name) => (name === 'id' ? id : randomUUID()));
      const readUrl = recordFor(route.url) ? fillPath(route.url.replace(/\/:id.*$/, '/:id'), () => id) : undefined;
      const before = readUrl ? await api(base, readUrl, { cookie: alice.cookie }) : undefined;
      const bearer = isBearerRoute(route);
      const response = await api(base, url, {
        method: route.method,
        ...(bearer ? { headers: { authorization: `Bearer ${bob.key}` } } : { cookie: bob.cookie }),
        body: route.method === 'GET' || route.method === 'DELETE' ? undefined : {},
      });
      expect(response.status, `${url} ${JSON.stringify(response.body)}`).toBe(404);
      if (readUrl && before && before.status === 200) {
        const after = await api(base, readUrl, { cookie: alice.cookie });
        expect(after.status).toBe(200);
        expect(JSON.stringify(after.body)).toBe(JSON.stringify(before.body));
      }
    });
  }
});
