import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setPlan } from '../../src/features/profile/profile';
import { api, signUpVerified, startTestServer, STRONG_PASSWORD, uniqueEmail, type TestServer } from '../helpers';
import { resolveBranding } from '../../src/features/reports/branding';

let server: TestServer;

async function newUser(plan: 'free' | 'core' | 'pro' | 'agency'): Promise<{ cookie: string; id: string }> {
  const cookie = await signUpVerified(server.baseUrl, { name: 'Brand Tester', email: uniqueEmail('brand'), password: STRONG_PASSWORD });
  const id = (await api(server.baseUrl, '/api/profile', { cookie })).body.user_id as string;
  if (plan !== 'free') await setPlan(server.db, id, plan);
  return { cookie, id };
}

const put = (cookie: string, body: unknown) => api(server.baseUrl, '/api/white-label', { cookie, method: 'PUT', body });

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

describe('white-label settings', () => {
  it('is for agency accounts: pro gets 403 with the plan required and an empty GET', async () => {
    const pro = await newUser('pro');
    const response = await put(pro.cookie, { company_name: 'Acme' });
    expect(response.status).toBe(403);
    expect(response.body.requiredPlan).toBe('agency');
    expect((await api(server.baseUrl, '/api/white-label', { cookie: pro.cookie })).body.settings.company_name).toBeNull();
  });

  it('validates colours and the favicon URL', async () => {
    const agency = await newUser('agency');
    expect((await put(agency.cookie, { primary_color_hex: 'purple' })).status).toBe(400);
    expect((await put(agency.cookie, { accent_color_hex: '#12345' })).status).toBe(400);
    const http = await put(agency.cookie, { favicon_url: 'http://acme.example/favicon.ico' });
    expect(http.status).toBe(400);
    expect(JSON.stringify(http.body)).toContain('https://');
    expect((await put(agency.cookie, { favicon_url: 'javascript:alert(1)' })).status).toBe(400);
  });

  it('upserts by user, sanitises custom CSS and reports what it removed; reports read the same row', async () => {
    const agency = await newUser('agency');
    const saved = await put(agency.cookie, {
      primary_color_hex: '#0ea5e9',
      secondary_color_hex: '',
      accent_color_hex: '#F97316',
      favicon_url: 'https://acme.example/favicon.png',
      company_name: '  Acme Agency ',
      custom_css: '@import url(https://evil.example/x.css); h1 { color: #111111; position: absolute }',
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.settings).toMatchObject({
      primary_color_hex: '#0EA5E9',
      secondary_color_hex: null,
      accent_color_hex: '#F97316',
      favicon_url: 'https://acme.example/favicon.png',
      company_name: 'Acme Agency',
      custom_css: '.citable-brand h1 { color: #111111; }',
    });
    expect(saved.body.removed).toEqual(['@import rule', 'property "position" is not allowed']);

    const again = await put(agency.cookie, { company_name: 'Acme Two' });
    expect(again.body.settings).toMatchObject({ company_name: 'Acme Two', primary_color_hex: null, custom_css: null });
    const read = await api(server.baseUrl, '/api/white-label', { cookie: agency.cookie });
    expect(read.body.settings.company_name).toBe('Acme Two');

    await put(agency.cookie, { primary_color_hex: '#0EA5E9', company_name: 'Acme Three' });
    const branding = await resolveBranding(server.db, agency.id, { includeLogo: false, customColors: true, companyName: '', footerText: '' });
    expect(branding).toMatchObject({ companyName: 'Acme Three', colors: { primary: '#0EA5E9', secondary: '#14B8A6' } });
  });
});
