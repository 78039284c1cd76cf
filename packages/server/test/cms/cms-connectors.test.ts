import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setPlan } from '../../src/features/profile/profile';
import { decryptCredentials } from '../../src/features/cms/credentials';
import { api, signUpVerified, startTestServer, STRONG_PASSWORD, uniqueEmail, type TestServer } from '../helpers';
import { startContentfulFake, type ContentfulFake } from '../fakes/contentful-fake';
import { startDrupalFake, type DrupalFake } from '../fakes/drupal-fake';
import { startWebflowFake, type WebflowFake } from '../fakes/webflow-fake';

const WEBFLOW_TOKEN = 'wf_site_token_0123456789abcdef0123456789abcdef';
const SITE_ID = '64a0f0e0d0c0b0a090807060';
const BLOG_ID = '64a0f0e0d0c0b0a090807061';
const POST_ID = '64a0f0e0d0c0b0a090807062';
const DRAFT_ID = '64a0f0e0d0c0b0a090807063';
const CF_TOKEN = 'CFPAT-0123456789abcdefghijklmnopqrstuvwxyzABCDEF';
const CF_SPACE = 'yadj1kx9rmg0';
const DRUPAL_USER = 'citable-editor';
const DRUPAL_PASSWORD = 'correct horse battery staple';
const DRUPAL_CLIENT = 'citable-client';
const DRUPAL_SECRET = 'oauth-secret-9f8e7d6c5b4a';
const GUIDE = '1f0c8a52-3e1a-4d55-9b1e-2d7a6c5b4a39';
const HIDDEN = '2a1b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';

let server: TestServer;
let webflow: WebflowFake;
let contentful: ContentfulFake;
let drupal: DrupalFake;
const logLines: string[] = [];

async function newUser(plan: 'core' | 'pro' | 'agency'): Promise<string> {
  const cookie = await signUpVerified(server.baseUrl, { name: 'Connector Tester', email: uniqueEmail('cms-conn'), password: STRONG_PASSWORD });
  const id = (await api(server.baseUrl, '/api/profile', { cookie })).body.user_id as string;
  await setPlan(server.db, id, plan);
  return cookie;
}

const call = (type: 'webflow' | 'contentful' | 'drupal') => (cookie: string, body: unknown) => api(server.baseUrl, `/api/functions/${type}-integration`, { cookie, body });
const wf = call('webflow');
const cf = call('contentful');
const dr = call('drupal');

async function storedCredentials(type: string, cookie: string): Promise<{ raw: string; plain: unknown }> {
  const userId = (await api(server.baseUrl, '/api/profile', { cookie })).body.user_id as string;
  const { rows } = (await server.db.execute(sql`select credentials_encrypted from cms_integrations where cms_type = ${type} and user_id = ${userId}`)) as unknown as { rows: { credentials_encrypted: string }[] };
  return { raw: rows[0].credentials_encrypted, plain: decryptCredentials(server.config.credentialsKey, rows[0].credentials_encrypted, `cms:${type}:${userId}`) };
}

async function syncedItems(cookie: string, integrationId: string) {
  const response = await api(server.baseUrl, `/api/cms/${integrationId}/items`, { cookie });
  expect(response.status, logLines.filter((line) => line.includes('"level":50')).join('\n').slice(-3000)).toBe(200);
  return response.body.items as { id: string; external_id: string; kind: string; title: string; url: string | null }[];
}

beforeAll(async () => {
  webflow = await startWebflowFake({
    token: WEBFLOW_TOKEN,
    pageSize: 1,
    site: { id: SITE_ID, displayName: 'Tea House', shortName: 'tea-house', customDomains: [{ id: 'd1', url: 'www.teahouse.example' }] },
    collections: [
      {
        id: BLOG_ID,
        displayName: 'Blog Posts',
        slug: 'blog',
        fields: [
          { slug: 'name', type: 'PlainText', displayName: 'Name' },
          { slug: 'slug', type: 'PlainText', displayName: 'Slug' },
          { slug: 'post-body', type: 'RichText', displayName: 'Post Body' },
          { slug: 'json-ld', type: 'PlainText', displayName: 'JSON-LD' },
        ],
        items: [
          { id: POST_ID, isArchived: false, isDraft: false, fieldData: { name: 'How to brew sencha', slug: 'brew-sencha', 'post-body': '<h2>Water temperature</h2><p>Use water at 70 °C.</p>' } },
          { id: DRAFT_ID, isArchived: false, isDraft: true, fieldData: { name: 'Matcha basics', slug: 'matcha', 'post-body': '<p>Whisk it.</p>' } },
          { id: '64a0f0e0d0c0b0a090807064', isArchived: true, isDraft: false, fieldData: { name: 'Old post', slug: 'old' } },
        ],
      },
    ],
  });
  contentful = await startContentfulFake({
    token: CF_TOKEN,
    spaceId: CF_SPACE,
    environment: 'master',
    locale: 'en-US',
    contentTypes: [
      {
        id: 'blogPost',
        name: 'Blog post',
        displayField: 'title',
        fields: [
          { id: 'title', name: 'Title', type: 'Symbol' },
          { id: 'body', name: 'Body', type: 'Text' },
          { id: 'summary', name: 'Summary', type: 'RichText' },
          { id: 'jsonLd', name: 'JSON-LD', type: 'Object' },
        ],
      },
    ],
    entries: [
      {
        id: 'brewGuide',
        contentType: 'blogPost',
        version: 4,
        fields: {
          title: { 'en-US': 'Brewing guide' },
          body: { 'en-US': 'Green tea wants cooler water than black tea.' },
          summary: { 'en-US': { nodeType: 'document', content: [{ nodeType: 'heading-2', content: [{ nodeType: 'text', value: 'Short answer' }] }, { nodeType: 'paragraph', content: [{ nodeType: 'text', value: 'Use 70 <°C> water.' }] }] } },
        },
      },
      { id: 'aboutUs', contentType: 'blogPost', version: 2, fields: { title: { 'en-US': 'About us' } } },
    ],
  });
  drupal = await startDrupalFake({
    username: DRUPAL_USER,
    password: DRUPAL_PASSWORD,
    clientId: DRUPAL_CLIENT,
    clientSecret: DRUPAL_SECRET,
    pageSize: 1,
    nodes: [
      { id: GUIDE, bundle: 'article', nid: 11, title: 'Oolong &amp; you', status: true, alias: '/oolong', body: { value: '<p>Oolong is partly oxidised.</p>', format: 'full_html' } },
      { id: HIDDEN, bundle: 'article', nid: 12, title: 'Unpublished plans', status: false, alias: null, body: { value: '<p>Soon.</p>', format: 'basic_html' } },
      { id: '3b2c1d0e-9f8a-4b7c-8d6e-5f4a3b2c1d0e', bundle: 'page', nid: 13, title: 'Contact', status: true, alias: '/contact', body: { value: '<p>Write to us.</p>', format: 'basic_html' } },
    ],
  });
  server = await startTestServer({
    env: { FETCH_ALLOW_HOSTS: '127.0.0.1', WEBFLOW_API_URL: `${webflow.url}/v2`, CONTENTFUL_API_URL: contentful.url },
    logger: { level: 'trace', stream: { write: (line: string) => logLines.push(line) } },
  });
});

afterAll(async () => {
  await server?.close();
  await webflow?.close();
  await contentful?.close();
  await drupal?.close();
});

describe('Webflow (Data API v2, site token)', () => {
  let cookie: string;
  beforeAll(async () => {
    cookie = await newUser('pro');
  });

  it('needs the Pro plan', async () => {
    const core = await newUser('core');
    const response = await wf(core, { action: 'connect', siteToken: WEBFLOW_TOKEN });
    expect(response.status).toBe(403);
    expect(response.body.requiredPlan).toBe('pro');
  });

  it('refuses a token Webflow does not accept, and stores nothing', async () => {
    const response = await wf(cookie, { action: 'connect', siteToken: 'wrong-token' });
    expect(response.status).toBe(400);
    expect(response.body.error).toBe('Failed to connect Webflow: Request not authorized');
    expect((await api(server.baseUrl, '/api/cms', { cookie })).body.integrations).toEqual([]);
  });

  it('connects: finds the token\'s site, shows its domain and stores the token encrypted', async () => {
    const response = await wf(cookie, { action: 'connect', siteToken: WEBFLOW_TOKEN });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.integration).toMatchObject({ cms_type: 'webflow', cms_name: 'Webflow', site_url: 'https://www.teahouse.example' });
    expect(webflow.requests.at(-2)).toMatchObject({ method: 'GET', url: '/v2/sites', headers: { authorization: `Bearer ${WEBFLOW_TOKEN}` } });
    expect(webflow.requests.at(-1)?.url).toBe(`/v2/sites/${SITE_ID}/collections`);
    const stored = await storedCredentials('webflow', cookie);
    expect(stored.raw).not.toContain(WEBFLOW_TOKEN);
    expect(stored.plain).toEqual({ siteToken: WEBFLOW_TOKEN, siteId: SITE_ID });
  });

  it('syncs every page of every collection, leaving archived items out', async () => {
    const response = await wf(cookie, { action: 'sync' });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.synced).toBe(2);
    const items = await syncedItems(cookie, response.body.integration.id);
    const post = items.find((item) => item.external_id === `${BLOG_ID}/${POST_ID}`)!;
    expect(post).toMatchObject({ kind: 'item', title: 'How to brew sencha', url: 'https://www.teahouse.example/blog/brew-sencha' });
    const content = await api(server.baseUrl, `/api/cms/items/${post.id}`, { cookie });
    expect(content.body.content).toBe('<h2>Water temperature</h2><p>Use water at 70 °C.</p>');
    expect(items.map((item) => item.title)).not.toContain('Old post');
  });

  it('waits out a short 429 as Retry-After asks, then syncs', async () => {
    webflow.rateLimitNext(1, 1);
    const before = webflow.requests.length;
    const started = Date.now();
    const response = await wf(cookie, { action: 'sync' });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    expect(webflow.requests[before].url).toBe(webflow.requests[before + 1].url);
  });

  it('answers 429 with the wait when Webflow asks for longer than the server waits', async () => {
    webflow.rateLimitNext(1, 60);
    const response = await wf(cookie, { action: 'sync' });
    expect(response.status).toBe(429);
    expect(response.body.error).toBe("Webflow: the API's rate limit is reached; try again in 60 seconds");
  });

  it('publishes content and JSON-LD into the item\'s fields, then publishes the item live', async () => {
    const schema = { '@context': 'https://schema.org', '@type': 'BlogPosting', headline: 'Brew </script> sencha' };
    const response = await wf(cookie, { action: 'publish', itemId: `${BLOG_ID}/${POST_ID}`, content: '<p>Short answer: 70 °C.</p>', schema, live: true });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.published).toEqual({ externalId: `${BLOG_ID}/${POST_ID}`, url: 'https://www.teahouse.example/blog/brew-sencha', created: false });
    const item = webflow.collections[0].items[0];
    expect(item.fieldData['post-body']).toBe('<p>Short answer: 70 °C.</p>');
    expect(item.fieldData['json-ld']).toBe('{"@context":"https://schema.org","@type":"BlogPosting","headline":"Brew <\\/script> sencha"}');
    expect(webflow.published).toEqual([POST_ID]);
  });

  it('keeps a change as a draft unless asked to publish, and names a missing schema field', async () => {
    const draft = await wf(cookie, { action: 'publish', itemId: `${BLOG_ID}/${DRAFT_ID}`, content: '<p>Whisk in a W.</p>' });
    expect(draft.status, JSON.stringify(draft.body)).toBe(200);
    expect(webflow.published).toEqual([POST_ID]);
    const missing = await wf(cookie, { action: 'publish', itemId: `${BLOG_ID}/${DRAFT_ID}`, schema: { '@type': 'Thing' }, schemaField: 'schema-markup' });
    expect(missing.status).toBe(502);
    expect(missing.body.error).toMatch(/^Webflow: the collection has no Plain text field "schema-markup"/);
    expect((await wf(cookie, { action: 'publish', itemId: 'not-an-id', content: '<p>x</p>' })).status).toBe(400);
  });

  it('disconnects: the connection and its synced items are gone', async () => {
    const response = await wf(cookie, { action: 'disconnect' });
    expect(response.status).toBe(200);
    expect((await api(server.baseUrl, '/api/cms', { cookie })).body.integrations).toEqual([]);
    expect((await wf(cookie, { action: 'sync' })).status).toBe(404);
  });
});

describe('Contentful (Content Management API through contentful-management)', () => {
  let cookie: string;
  beforeAll(async () => {
    cookie = await newUser('pro');
  });

  it('refuses a token Contentful does not accept, and an unknown space', async () => {
    const refused = await cf(cookie, { action: 'connect', spaceId: CF_SPACE, accessToken: 'CFPAT-wrong' });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe('Failed to connect Contentful: The access token you sent could not be found or is invalid.');
    const unknown = await cf(cookie, { action: 'connect', spaceId: 'nosuchspace', accessToken: CF_TOKEN });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toMatch(/^Failed to connect Contentful: The resource could not be found\. Check the space id/);
    expect((await cf(cookie, { action: 'connect', spaceId: '../admin', accessToken: CF_TOKEN })).status).toBe(400);
    expect((await api(server.baseUrl, '/api/cms', { cookie })).body.integrations).toEqual([]);
  });

  it('connects with space id, environment and token, stored encrypted', async () => {
    const response = await cf(cookie, { action: 'connect', spaceId: CF_SPACE, environment: 'master', accessToken: CF_TOKEN });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.integration).toMatchObject({ cms_type: 'contentful', site_url: `https://app.contentful.com/spaces/${CF_SPACE}/environments/master` });
    const environmentCheck = contentful.requests.at(-1)!;
    expect(environmentCheck.url).toBe(`/spaces/${CF_SPACE}/environments/master`);
    expect(environmentCheck.headers.authorization).toBe(`Bearer ${CF_TOKEN}`);
    // The SDK is the client: it announces itself as Contentful's SDK does.
    expect(String(environmentCheck.headers['x-contentful-user-agent'])).toMatch(/^sdk contentful-management/);
    const stored = await storedCredentials('contentful', cookie);
    expect(stored.raw).not.toContain(CF_TOKEN);
    expect(stored.plain).toEqual({ spaceId: CF_SPACE, environment: 'master', accessToken: CF_TOKEN });
  });

  it('waits for X-Contentful-RateLimit-Reset on a 429, then syncs entries with their text', async () => {
    contentful.rateLimitNext(1, 1);
    const started = Date.now();
    const response = await cf(cookie, { action: 'sync' });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
    expect(response.body.synced).toBe(2);
    const items = await syncedItems(cookie, response.body.integration.id);
    const guide = items.find((item) => item.external_id === 'brewGuide')!;
    expect(guide).toMatchObject({ kind: 'entry', title: 'Brewing guide', url: `https://app.contentful.com/spaces/${CF_SPACE}/environments/master/entries/brewGuide` });
    const content = (await api(server.baseUrl, `/api/cms/items/${guide.id}`, { cookie })).body.content;
    expect(content).toBe('Green tea wants cooler water than black tea.\n\n<h2>Short answer</h2><p>Use 70 &lt;°C&gt; water.</p>');
  });

  it('writes content and JSON-LD into the entry with its version, then publishes it', async () => {
    const schema = { '@context': 'https://schema.org', '@type': 'Article', headline: 'Brewing guide' };
    const response = await cf(cookie, { action: 'publish', entryId: 'brewGuide', content: 'Short answer: 70 °C.', schema, live: true });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.published).toMatchObject({ externalId: 'brewGuide', created: false });
    const entry = contentful.entries[0];
    expect(entry.fields.body).toEqual({ 'en-US': 'Short answer: 70 °C.' });
    expect(entry.fields.jsonLd).toEqual({ 'en-US': schema });
    expect(entry.fields.title).toEqual({ 'en-US': 'Brewing guide' });
    expect(entry.publishedVersion).toBe(5);
    const update = contentful.requests.find((request) => request.method === 'PUT' && request.url.endsWith('/entries/brewGuide'))!;
    expect(update.headers['x-contentful-version']).toBe('4');
  });

  it('answers 429 when Contentful keeps refusing after the SDK\'s retries', async () => {
    contentful.rateLimitNext(10, 0);
    const response = await cf(cookie, { action: 'sync' });
    expect(response.status).toBe(429);
    expect(response.body.error).toBe("Contentful: Contentful's rate limit is still reached after waiting; try again in a minute");
    contentful.rateLimitNext(0, 0);
  }, 30_000);

  it('disconnects', async () => {
    expect((await cf(cookie, { action: 'disconnect' })).status).toBe(200);
    expect((await api(server.baseUrl, '/api/cms', { cookie })).body.integrations).toEqual([]);
  });
});

describe('Drupal (JSON:API)', () => {
  let cookie: string;
  beforeAll(async () => {
    cookie = await newUser('agency');
  });

  it('needs the Agency plan', async () => {
    const pro = await newUser('pro');
    const response = await dr(pro, { action: 'connect', siteUrl: drupal.url, authMethod: 'basic', username: DRUPAL_USER, password: DRUPAL_PASSWORD });
    expect(response.status).toBe(403);
    expect(response.body.requiredPlan).toBe('agency');
  });

  it('refuses a wrong password (JSON:API answers as to an anonymous visitor), a wrong OAuth client and plain http elsewhere', async () => {
    const basic = await dr(cookie, { action: 'connect', siteUrl: drupal.url, authMethod: 'basic', username: DRUPAL_USER, password: 'wrong' });
    expect(basic.status).toBe(400);
    expect(basic.body.error).toBe('Failed to connect Drupal: Drupal did not accept the credentials (JSON:API answered as to an anonymous visitor)');
    const oauth = await dr(cookie, { action: 'connect', siteUrl: drupal.url, authMethod: 'oauth', clientId: DRUPAL_CLIENT, clientSecret: 'wrong' });
    expect(oauth.status).toBe(400);
    expect(oauth.body.error).toBe('Failed to connect Drupal: Client authentication failed');
    const http = await dr(cookie, { action: 'connect', siteUrl: 'http://drupal.example.com', authMethod: 'basic', username: DRUPAL_USER, password: DRUPAL_PASSWORD });
    expect(http.body.error).toMatch(/^Failed to connect Drupal: the address must use https:\/\//);
    expect((await dr(cookie, { action: 'connect', siteUrl: drupal.url, authMethod: 'basic', username: DRUPAL_USER })).status).toBe(400);
    expect((await api(server.baseUrl, '/api/cms', { cookie })).body.integrations).toEqual([]);
  });

  it('connects with OAuth2 client credentials, storing the client secret encrypted', async () => {
    const response = await dr(cookie, { action: 'connect', siteUrl: `${drupal.url}/`, authMethod: 'oauth', clientId: DRUPAL_CLIENT, clientSecret: DRUPAL_SECRET });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.integration).toMatchObject({ cms_type: 'drupal', site_url: drupal.url });
    expect(drupal.requests.at(-2)).toMatchObject({ method: 'POST', url: '/oauth/token' });
    expect(String(drupal.requests.at(-1)?.headers.authorization)).toMatch(/^Bearer tok-/);
    const stored = await storedCredentials('drupal', cookie);
    expect(stored.raw).not.toContain(DRUPAL_SECRET);
    expect(stored.plain).toEqual({ method: 'oauth', clientId: DRUPAL_CLIENT, clientSecret: DRUPAL_SECRET });
  });

  it('syncs every page of every content type, unpublished nodes included', async () => {
    drupal.rateLimitNext(1, 1);
    const response = await dr(cookie, { action: 'sync' });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.synced).toBe(3);
    const items = await syncedItems(cookie, response.body.integration.id);
    expect(items.find((item) => item.external_id === `article/${GUIDE}`)).toMatchObject({ kind: 'node', title: 'Oolong & you', url: `${drupal.url}/oolong` });
    expect(items.find((item) => item.external_id === `article/${HIDDEN}`)).toMatchObject({ title: 'Unpublished plans', url: `${drupal.url}/node/12` });
    expect(items.map((item) => item.title)).toContain('Contact');
  });

  it('adds JSON-LD to a node\'s body, replacing the earlier block, and creates an unpublished article', async () => {
    const first = await dr(cookie, { action: 'publish', nodeId: `article/${GUIDE}`, schema: { '@type': 'Article', headline: 'One' } });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    await dr(cookie, { action: 'publish', nodeId: `article/${GUIDE}`, schema: { '@type': 'Article', headline: 'Two' } });
    const node = drupal.nodes.find((candidate) => candidate.id === GUIDE)!;
    expect(node.body).toEqual({ value: '<p>Oolong is partly oxidised.</p>\n<script type="application/ld+json" data-citable="schema">{"@type":"Article","headline":"Two"}</script>', format: 'full_html' });
    const patch = drupal.requests.findLast((request) => request.method === 'PATCH')!;
    expect(patch.headers['content-type']).toBe('application/vnd.api+json');

    const created = await dr(cookie, { action: 'publish', title: 'Oolong FAQ', content: '<p>Answers first.</p>' });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.published.created).toBe(true);
    expect(drupal.nodes.at(-1)).toMatchObject({ bundle: 'article', title: 'Oolong FAQ', status: false, body: { value: '<p>Answers first.</p>', format: 'full_html' } });
    expect(created.body.published.externalId).toBe(`article/${drupal.nodes.at(-1)!.id}`);
  });

  it('connects again with Basic auth, which replaces the OAuth client, then disconnects', async () => {
    const response = await dr(cookie, { action: 'connect', siteUrl: drupal.url, authMethod: 'basic', username: DRUPAL_USER, password: DRUPAL_PASSWORD });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect((await storedCredentials('drupal', cookie)).plain).toEqual({ method: 'basic', username: DRUPAL_USER, password: DRUPAL_PASSWORD });
    expect((await dr(cookie, { action: 'disconnect' })).status).toBe(200);
    expect((await api(server.baseUrl, '/api/cms', { cookie })).body.integrations).toEqual([]);
  });
});

it('never writes a token, password or client secret to the log', () => {
  const log = logLines.join('\n');
  expect(log.length).toBeGreaterThan(0);
  for (const secret of [WEBFLOW_TOKEN, CF_TOKEN, DRUPAL_PASSWORD, DRUPAL_SECRET]) expect(log).not.toContain(secret);
});
