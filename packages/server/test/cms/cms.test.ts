import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setPlan } from '../../src/features/profile/profile';
import { decryptCredentials } from '../../src/features/cms/credentials';
import { api, signUpVerified, startTestServer, STRONG_PASSWORD, uniqueEmail, type TestServer } from '../helpers';
import { startShopifyFake, type ShopifyFake } from '../fakes/shopify-fake';
import { startWordpressFake, type WordpressFake } from '../fakes/wordpress-fake';

const WP_USER = 'editor';
const WP_PASSWORD = 'abcd EFGH ijkl MNOP qrst UVWX';
const SHOP_TOKEN = 'shpat_0123456789abcdef0123456789abcdef';

let server: TestServer;
let wordpress: WordpressFake;
let shopify: ShopifyFake;
const logLines: string[] = [];

async function newUser(plan: 'free' | 'core' | 'pro' | 'agency'): Promise<string> {
  const cookie = await signUpVerified(server.baseUrl, { name: 'CMS Tester', email: uniqueEmail('cms'), password: STRONG_PASSWORD });
  const id = (await api(server.baseUrl, '/api/profile', { cookie })).body.user_id as string;
  if (plan !== 'free') await setPlan(server.db, id, plan);
  return cookie;
}

const wp = (cookie: string, body: unknown) => api(server.baseUrl, '/api/functions/wordpress-integration', { cookie, body });
const shop = (cookie: string, body: unknown) => api(server.baseUrl, '/api/functions/shopify-integration', { cookie, body });
const connectWordpress = (cookie: string, password = WP_PASSWORD) => wp(cookie, { action: 'connect', siteUrl: wordpress.url, username: WP_USER, applicationPassword: password });

beforeAll(async () => {
  wordpress = await startWordpressFake({
    username: WP_USER,
    applicationPassword: WP_PASSWORD,
    posts: [
      { id: 7, title: 'Caf&#233; guide', content: '<h2>What is a flat white?</h2><p>A flat white is espresso with steamed milk.</p>', status: 'publish' },
      { id: 8, title: 'Opening hours', content: '<p>We open at 8.</p>', status: 'publish' },
      { id: 9, title: 'Hostile link', content: '<p>A post whose link is a script.</p>', status: 'publish', link: 'javascript:alert(document.cookie)' },
    ],
  });
  shopify = await startShopifyFake({
    accessToken: SHOP_TOKEN,
    pageSize: 1,
    products: [
      { id: 501, title: 'Sencha', handle: 'sencha', body_html: '<p>Green tea.</p>' },
      { id: 502, title: 'Assam', handle: 'assam', body_html: '<p>Black tea.</p>' },
      { id: 503, title: 'Odd handle', handle: '../../admin?x="><script>', body_html: '<p>Oolong.</p>' },
    ],
  });
  server = await startTestServer({
    env: { FETCH_ALLOW_HOSTS: '127.0.0.1' },
    logger: { level: 'trace', stream: { write: (line: string) => logLines.push(line) } },
  });
});

afterAll(async () => {
  await server?.close();
  await wordpress?.close();
  await shopify?.close();
});

describe('WordPress', () => {
  let cookie: string;
  beforeAll(async () => {
    cookie = await newUser('core');
  });

  it('refuses bad credentials with the spec message and stores nothing', async () => {
    const response = await connectWordpress(cookie, 'wrong password');
    expect(response.status).toBe(400);
    expect(response.body.error).toBe('Failed to connect WordPress: The provided password is an invalid application password.');
    expect((await api(server.baseUrl, '/api/cms', { cookie })).body.integrations).toEqual([]);
  });

  it('refuses plain http to a host outside FETCH_ALLOW_HOSTS', async () => {
    const response = await wp(cookie, { action: 'connect', siteUrl: 'http://blog.example.com', username: WP_USER, applicationPassword: WP_PASSWORD });
    expect(response.status).toBe(400);
    expect(response.body.error).toMatch(/^Failed to connect WordPress: the address must use https:\/\//);
  });

  it('connects with good credentials after checking users/me with Basic auth', async () => {
    const response = await connectWordpress(cookie);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.integration).toMatchObject({ cms_type: 'wordpress', cms_name: 'WordPress', site_url: wordpress.url, last_sync_at: null });
    const check = wordpress.requests.at(-1)!;
    expect(check.url).toBe('/wp-json/wp/v2/users/me?context=edit');
    expect(check.headers.authorization).toBe(`Basic ${Buffer.from(`${WP_USER}:${WP_PASSWORD}`).toString('base64')}`);
    const list = await api(server.baseUrl, '/api/cms', { cookie });
    expect(list.body.integrations).toHaveLength(1);
    expect(JSON.stringify(list.body)).not.toContain(WP_PASSWORD);
    expect(JSON.stringify(list.body)).not.toMatch(/credential/i);
  });

  it('stores the password encrypted: no plaintext in the column, and another key cannot read it', async () => {
    const { rows } = (await server.db.execute(sql`select user_id, credentials_encrypted from cms_integrations where cms_type = 'wordpress'`)) as unknown as {
      rows: { user_id: string; credentials_encrypted: string }[];
    };
    const [row] = rows;
    expect(row.credentials_encrypted).not.toContain(WP_PASSWORD);
    expect(row.credentials_encrypted).not.toContain('EFGH');
    expect(Buffer.from(row.credentials_encrypted, 'base64').toString('latin1')).not.toContain('EFGH');
    const context = `cms:wordpress:${row.user_id}`;
    expect(decryptCredentials(server.config.credentialsKey, row.credentials_encrypted, context)).toEqual({ username: WP_USER, applicationPassword: WP_PASSWORD });
    expect(() => decryptCredentials(Buffer.alloc(32, 7), row.credentials_encrypted, context)).toThrow(/cannot be decrypted/);
    expect(() => decryptCredentials(server.config.credentialsKey, row.credentials_encrypted, 'cms:wordpress:someone-else')).toThrow(/cannot be decrypted/);
  });

  it('publishes optimized content as a new draft, then updates that post with schema', async () => {
    const created = await wp(cookie, { action: 'publish', title: 'Flat white guide', content: '<p>Optimized answer first.</p>' });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.published).toMatchObject({ created: true });
    const post = wordpress.posts.find((candidate) => String(candidate.id) === created.body.published.externalId)!;
    expect(post).toMatchObject({ title: 'Flat white guide', content: '<p>Optimized answer first.</p>', status: 'draft' });

    const schema = { '@context': 'https://schema.org', '@type': 'Article', headline: 'Flat white </script> guide' };
    const updated = await wp(cookie, { action: 'publish', postId: post.id, schema });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body.published).toMatchObject({ externalId: String(post.id), created: false });
    expect(post.content).toContain('<p>Optimized answer first.</p>');
    expect(post.content).toContain('<!-- wp:html -->\n<script type="application/ld+json" data-citable="schema">');
    expect(post.content).toContain('Flat white <\\/script> guide');

    await wp(cookie, { action: 'publish', postId: post.id, schema: JSON.stringify({ ...schema, headline: 'Second' }) });
    expect(post.content.match(/application\/ld\+json/g)).toHaveLength(1);
    expect(post.content).toContain('"headline":"Second"');
  });

  it('answers 400 for schema text that is not JSON and 502 when the post does not exist', async () => {
    expect((await wp(cookie, { action: 'publish', schema: '{not json' })).status).toBe(400);
    const missing = await wp(cookie, { action: 'publish', postId: 99999, content: '<p>x</p>' });
    expect(missing.status).toBe(502);
    expect(missing.body.error).toBe('WordPress: Invalid post ID.');
  });

  it('syncs posts into synced items that can be read back for an audit', async () => {
    const response = await wp(cookie, { action: 'sync' });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.synced).toBe(wordpress.posts.length);
    expect(response.body.integration.last_sync_at).not.toBeNull();
    const items = await api(server.baseUrl, `/api/cms/${response.body.integration.id}/items`, { cookie });
    expect(items.status).toBe(200);
    const cafe = items.body.items.find((item: { external_id: string }) => item.external_id === '7');
    expect(cafe).toMatchObject({ kind: 'post', title: 'Café guide', url: `${wordpress.url}/?p=7` });
    // Only http(s) links are kept from the site's data: a javascript: link is stored as no link.
    expect(items.body.items.find((item: { external_id: string }) => item.external_id === '9')).toMatchObject({ title: 'Hostile link', url: null });
    const content = await api(server.baseUrl, `/api/cms/items/${cafe.id}`, { cookie });
    expect(content.body.content).toContain('What is a flat white?');
    const audit = await api(server.baseUrl, '/api/functions/ai-visibility-audit', { cookie, body: { content: content.body.content } });
    expect(audit.status, JSON.stringify(audit.body)).toBe(200);
    expect(audit.body.overallScore).toBeGreaterThan(0);
  });

  it("answers 404 for another user's integration and items", async () => {
    const other = await newUser('core');
    const [integration] = (await api(server.baseUrl, '/api/cms', { cookie })).body.integrations;
    expect((await api(server.baseUrl, `/api/cms/${integration.id}`, { cookie: other, method: 'DELETE' })).status).toBe(404);
    expect((await api(server.baseUrl, `/api/cms/${integration.id}/items`, { cookie: other })).status).toBe(404);
    const items = (await api(server.baseUrl, `/api/cms/${integration.id}/items`, { cookie })).body.items;
    expect((await api(server.baseUrl, `/api/cms/items/${items[0].id}`, { cookie: other })).status).toBe(404);
    expect((await wp(other, { action: 'sync' })).status).toBe(404);
    expect((await api(server.baseUrl, '/api/cms', { cookie })).body.integrations).toHaveLength(1);
  });

  it('disconnects: the row and its synced items are gone', async () => {
    const response = await wp(cookie, { action: 'disconnect' });
    expect(response.status).toBe(200);
    expect((await api(server.baseUrl, '/api/cms', { cookie })).body.integrations).toEqual([]);
    const { rows } = (await server.db.execute(sql`select count(*)::int as n from cms_synced_items`)) as unknown as { rows: { n: number }[] };
    expect(rows[0].n).toBe(0);
  });

  it('deletes by id through the list route', async () => {
    await connectWordpress(cookie);
    const [integration] = (await api(server.baseUrl, '/api/cms', { cookie })).body.integrations;
    expect((await api(server.baseUrl, `/api/cms/${integration.id}`, { cookie, method: 'DELETE' })).status).toBe(200);
    expect((await api(server.baseUrl, '/api/cms', { cookie })).body.integrations).toEqual([]);
  });
});

describe('Shopify', () => {
  it('needs the Pro plan: core gets 403 with the plan required', async () => {
    const core = await newUser('core');
    const response = await shop(core, { action: 'connect', shopDomain: shopify.url, accessToken: SHOP_TOKEN });
    expect(response.status).toBe(403);
    expect(response.body.requiredPlan).toBe('pro');
  });

  it('refuses a wrong token, then connects, publishes a description with schema and syncs every page', async () => {
    const pro = await newUser('pro');
    const refused = await shop(pro, { action: 'connect', shopDomain: shopify.url, accessToken: 'shpat_wrong' });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatch(/^Failed to connect Shopify: \[API\] Invalid API key/);

    const connected = await shop(pro, { action: 'connect', shopDomain: shopify.url, accessToken: SHOP_TOKEN });
    expect(connected.status, JSON.stringify(connected.body)).toBe(200);
    expect(shopify.requests.at(-1)).toMatchObject({ url: '/admin/api/2025-01/shop.json', headers: { 'x-shopify-access-token': SHOP_TOKEN } });

    const published = await shop(pro, { action: 'publish', product: { id: 501, bodyHtml: '<p>Sencha is a Japanese green tea.</p>', schema: { '@type': 'Product', name: 'Sencha' } } });
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    expect(published.body.published).toMatchObject({ externalId: '501', url: `${shopify.url}/products/sencha` });
    expect(shopify.products[0].body_html).toBe('<p>Sencha is a Japanese green tea.</p>\n<script type="application/ld+json" data-citable="schema">{"@type":"Product","name":"Sencha"}</script>');

    const synced = await shop(pro, { action: 'sync' });
    expect(synced.status, JSON.stringify(synced.body)).toBe(200);
    expect(synced.body.synced).toBe(3);
    const items = (await api(server.baseUrl, `/api/cms/${synced.body.integration.id}/items`, { cookie: pro })).body.items;
    expect(items.map((item: { title: string }) => item.title).sort()).toEqual(['Assam', 'Odd handle', 'Sencha']);
    // A handle is one path segment of the shop's own address, whatever characters it holds.
    expect(items.find((item: { title: string }) => item.title === 'Odd handle').url).toBe(`${shopify.url}/products/..%2F..%2Fadmin%3Fx%3D%22%3E%3Cscript%3E`);

    const { rows } = (await server.db.execute(sql`select credentials_encrypted from cms_integrations where cms_type = 'shopify'`)) as unknown as { rows: { credentials_encrypted: string }[] };
    expect(rows[0].credentials_encrypted).not.toContain(SHOP_TOKEN);
    expect(rows[0].credentials_encrypted).not.toContain('0123456789abcdef');
  });
});

it('never writes a password or token to the log', () => {
  const log = logLines.join('\n');
  expect(log.length).toBeGreaterThan(0);
  expect(log).not.toContain(WP_PASSWORD);
  expect(log).not.toContain('EFGH');
  expect(log).not.toContain(SHOP_TOKEN);
  expect(log).not.toContain(Buffer.from(`${WP_USER}:${WP_PASSWORD}`).toString('base64'));
});
