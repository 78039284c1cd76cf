import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workspaceClients } from '../../src/features/workspaces';
import { resolveBranding } from '../../src/features/reports/branding';
import { startTestServer, type TestServer } from '../helpers';
import { as, join, person, type Person } from './fixtures';

// Issue 33: an agency's white-label reaches its clients. The owner saves the agency's branding once
// on their own account; every client of the workspace without branding of its own is shown in it
// (the dashboard's GET /api/white-label in the client's scope, and each report, share link and
// e-mail, which all read resolveBranding), and a client given its own branding keeps that.

let server: TestServer;
let owner: Person;
let viewer: Person;
let clientId: string;
let principalId: string;
const AGENCY = { primary_color_hex: '#0EA5E9', secondary_color_hex: '#22C55E', company_name: 'Fjord Agency' };

beforeAll(async () => {
  server = await startTestServer();
  owner = await person(server, 'fjord-owner', 'agency');
  viewer = await person(server, 'fjord-viewer');
  const workspace = await as(server, owner)('/api/workspaces', { body: { name: 'Fjord Digital' } });
  const workspaceId = workspace.body.workspace.id as string;
  const created = await as(server, owner)(`/api/workspaces/${workspaceId}/clients`, { body: { name: 'Harbour Cafe', website: 'https://harbour-cafe.example' } });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  clientId = created.body.client.id;
  const [row] = await server.db.select({ principal: workspaceClients.principalUserId }).from(workspaceClients).where(eq(workspaceClients.id, clientId));
  principalId = row!.principal;
  await join(server, owner, workspaceId, viewer, 'client', [clientId]);
});
afterAll(() => server?.close());

describe("a client's branding", () => {
  it('is the product theme while the agency has none', async () => {
    const read = await as(server, viewer, clientId)('/api/white-label');
    expect(read.status).toBe(200);
    expect(read.body.settings.company_name).toBeNull();
    expect((await resolveBranding(server.db, principalId, { includeLogo: true, customColors: true, companyName: '', footerText: '' })).colors.primary).toBe('#8B5CF6');
  });

  it("is the agency's once the owner saves it on their own account, for the client-role viewer and in reports", async () => {
    expect((await as(server, owner)('/api/white-label', { method: 'PUT', body: AGENCY })).status).toBe(200);
    for (const who of [viewer, owner]) {
      const read = await as(server, who, clientId)('/api/white-label');
      expect(read.body.settings).toMatchObject(AGENCY);
    }
    const branding = await resolveBranding(server.db, principalId, { includeLogo: true, customColors: true, companyName: '', footerText: '' });
    expect(branding).toMatchObject({ companyName: 'Fjord Agency', colors: { primary: '#0EA5E9', secondary: '#22C55E' } });
    // Someone outside the workspace keeps their own (empty) branding.
    const stranger = await person(server, 'stranger', 'agency');
    expect((await as(server, stranger)('/api/white-label')).body.settings.company_name).toBeNull();
  });

  it('is its own when the agency gives the client branding of its own', async () => {
    const own = await as(server, owner, clientId)('/api/white-label', { method: 'PUT', body: { primary_color_hex: '#DC2626', company_name: 'Harbour Cafe by Fjord' } });
    expect(own.status, JSON.stringify(own.body)).toBe(200);
    expect((await as(server, viewer, clientId)('/api/white-label')).body.settings).toMatchObject({ primary_color_hex: '#DC2626', company_name: 'Harbour Cafe by Fjord' });
    expect((await resolveBranding(server.db, principalId, { includeLogo: false, customColors: true, companyName: '', footerText: '' })).colors.primary).toBe('#DC2626');
    // The agency's own stays as it was.
    expect((await as(server, owner)('/api/white-label')).body.settings.company_name).toBe('Fjord Agency');
  });

  it('cannot be changed by the client-role viewer', async () => {
    expect((await as(server, viewer, clientId)('/api/white-label', { method: 'PUT', body: { company_name: 'Hijack' } })).status).toBe(403);
  });
});
